package dev.snailbench.scorer.benchmark;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.cli.NdjsonExchange;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.scorer.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /compare} (one pair per request, one keep-alive connection) against {@code POST /compare/batch} (one
 * streamed NDJSON request) from one client, side by side, at 10 and 1,000 rows x 5 columns (the prediction is the
 * gold reordered, so every metric does its full work). Cold: the first pairs each endpoint scores at that size in
 * this JVM (the single-pair endpoint first; the 10-row run comes first, so the 1,000-row "cold" figures run on code
 * the 10-row pairs have warmed); warm: after a few seconds of each. Run on request:
 * {@code mvn -B -pl scorer-service test -Dtest=CompareBatchBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@QuarkusTest
@InMemoryTier
class CompareBatchBenchmark extends InMemoryTenantTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WARM_UP = Duration.ofSeconds(Long.getLong("bench.warm-up-seconds", 3));
    private static final Duration MEASURE = Duration.ofSeconds(Long.getLong("bench.seconds", 5));

    @TestHTTPResource("/compare")
    URI compare;

    @TestHTTPResource("/compare/batch")
    URI batch;

    @Test
    void compareAndBatchPairsPerSecond() throws Exception {
        String key = key();
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (int rows : new int[] {10, 1_000}) {
            byte[] pair = JSON.writeValueAsBytes(CompareRestBenchmark.pair(rows));
            int coldPairs = rows == 10 ? 2_000 : 200;
            double coldSingle = single(client, key, pair, counted(coldPairs));
            double coldBatch = batch(key, pair, counted(coldPairs));
            single(client, key, pair, timed(WARM_UP));
            batch(key, pair, timed(WARM_UP));
            double warmSingle = single(client, key, pair, timed(MEASURE));
            double warmBatch = batch(key, pair, timed(MEASURE));
            System.out.printf(
                    Locale.ROOT,
                    "CompareBatchBenchmark rows=%,d columns=5 (%,d bytes per pair): warm "
                            + "/compare %,.1f pairs/s, /compare/batch %,.1f pairs/s (%.1fx); cold (first %,d pairs) /compare "
                            + "%,.1f pairs/s, /compare/batch %,.1f pairs/s (%.1fx)%n",
                    rows,
                    pair.length,
                    warmSingle,
                    warmBatch,
                    warmBatch / warmSingle,
                    coldPairs,
                    coldSingle,
                    coldBatch,
                    coldBatch / coldSingle);
        }
    }

    /** Pairs/s of one request per pair, one after the other on one keep-alive connection. */
    private double single(HttpClient client, String key, byte[] pair, BooleanSupplier more) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(compare)
                .header("Content-Type", "application/json")
                .header(ApiKeys.HEADER, key)
                .POST(HttpRequest.BodyPublishers.ofByteArray(pair))
                .build();
        long start = System.nanoTime();
        int done = 0;
        while (more.getAsBoolean()) {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(
                        "POST /compare answered " + response.statusCode() + ": " + response.body());
            }
            done++;
        }
        return done / ((System.nanoTime() - start) / 1e9);
    }

    /** Pairs/s of one streamed request: from the first line sent to the last answer read. */
    private double batch(String key, byte[] pair, BooleanSupplier more) throws Exception {
        // The pair with an id: {"id": n, ...the pair's fields}.
        byte[] head = "{\"id\":".getBytes(StandardCharsets.UTF_8);
        int[] sent = {0};
        Iterator<byte[]> lines = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return more.getAsBoolean();
            }

            @Override
            public byte[] next() {
                byte[] id = (Integer.toString(++sent[0]) + ",").getBytes(StandardCharsets.UTF_8);
                byte[] line = new byte[head.length + id.length + pair.length - 1];
                System.arraycopy(head, 0, line, 0, head.length);
                System.arraycopy(id, 0, line, head.length, id.length);
                System.arraycopy(pair, 1, line, head.length + id.length, pair.length - 1);
                return line;
            }
        };
        int[] answered = {0};
        long start = System.nanoTime();
        NdjsonExchange.Outcome outcome = NdjsonExchange.post(
                batch,
                Map.of(ApiKeys.HEADER, key),
                lines,
                answer -> {
                    answered[0]++;
                    if (!answer.contains("\"status\":200")) {
                        throw new IllegalStateException("POST /compare/batch answered " + answer);
                    }
                },
                Duration.ofSeconds(5));
        double seconds = (System.nanoTime() - start) / 1e9;
        if (outcome.status() != 200 || answered[0] != sent[0]) {
            throw new IllegalStateException(
                    "POST /compare/batch answered " + outcome + " with " + answered[0] + " lines for " + sent[0]);
        }
        return answered[0] / seconds;
    }

    private static BooleanSupplier counted(int pairs) {
        int[] left = {pairs};
        return () -> left[0]-- > 0;
    }

    private static BooleanSupplier timed(Duration budget) {
        long end = System.nanoTime() + budget.toNanos();
        return () -> System.nanoTime() < end;
    }
}
