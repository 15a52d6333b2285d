package dev.snailbench.scorer.benchmark;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.scorer.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /compare} over REST from a single client, one request after the other on one keep-alive
 * connection, as a team checking its own results would call it (run on request:
 * {@code mvn -B -pl scorer-service test -Dtest=CompareRestBenchmark -Dsurefire.failIfNoSpecifiedTests=false}).
 * Pairs of 1,000 and 10,000 rows x 5 columns (the prediction is the gold reordered, so every metric does its full
 * work). Prints pairs/s and the ratio to QATCH's evaluator on the same pair sizes as recorded in issue #11
 * (16.7 pairs/s at 1,000 rows, 0.13 pairs/s at 10,000 rows): QATCH cannot run here (no pandas), so that ratio is
 * against a figure measured elsewhere, not side by side.
 */
@QuarkusTest
@InMemoryTier
class CompareRestBenchmark extends InMemoryTenantTest {

    private static final Map<Integer, Double> QATCH_PAIRS_PER_SECOND = Map.of(1_000, 16.7, 10_000, 0.13);

    @TestHTTPResource("/compare")
    URI compare;

    @Test
    void comparePairsPerSecondOverRest() throws Exception {
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String key = key();
        for (int rows : new int[] {1_000, 10_000}) {
            byte[] body = new ObjectMapper().writeValueAsBytes(pair(rows));
            HttpRequest request = HttpRequest.newBuilder(compare)
                    .header("Content-Type", "application/json")
                    .header(ApiKeys.HEADER, key)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
            for (int warm = 0; warm < Math.max(3, 50_000 / rows); warm++) {
                send(client, request);
            }
            long budget = Duration.ofSeconds(10).toNanos();
            long start = System.nanoTime();
            int done = 0;
            String last = null;
            while (System.nanoTime() - start < budget) {
                last = send(client, request);
                done++;
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double rate = done / seconds;
            System.out.printf(
                    Locale.ROOT,
                    "CompareRestBenchmark rows=%,d columns=5: %,.1f pairs/s over REST "
                            + "(%d pairs in %.1f s, request %,d bytes; QATCH as recorded in #11: %.2f pairs/s, ratio %.0fx; "
                            + "response %s)%n",
                    rows,
                    rate,
                    done,
                    seconds,
                    body.length,
                    QATCH_PAIRS_PER_SECOND.get(rows),
                    rate / QATCH_PAIRS_PER_SECOND.get(rows),
                    last.substring(0, Math.min(80, last.length())));
        }
    }

    private static String send(HttpClient client, HttpRequest request) throws Exception {
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("POST /compare answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** A pair of {@code rows} x 5 columns whose prediction is the gold shuffled (also CompareBatchBenchmark's). */
    static Map<String, Object> pair(int rows) {
        List<List<Object>> gold = rows(rows);
        List<List<Object>> predicted = new ArrayList<>(gold);
        Collections.shuffle(predicted, new Random(2));
        Map<String, Object> body = new LinkedHashMap<>();
        List<String> columns = List.of("id", "amount", "name", "city", "day");
        body.put("gold", Map.of("columns", columns, "rows", gold));
        body.put("predicted", Map.of("columns", columns, "rows", predicted));
        return body;
    }

    /** Integer id, decimal, text, nullable text, date: the shape of ScorerBenchmark's in-process pairs. */
    private static List<List<Object>> rows(int rows) {
        Random random = new Random(1);
        List<List<Object>> data = new ArrayList<>(rows);
        for (int r = 0; r < rows; r++) {
            List<Object> row = new ArrayList<>(5);
            row.add(r);
            row.add(Math.round(random.nextDouble() * 100_000) / 100.0);
            row.add("name-" + random.nextInt(rows));
            row.add(r % 7 == 0 ? null : "city-" + (r % 50));
            row.add("2018-06-" + String.format(Locale.ROOT, "%02d", 1 + r % 28));
            data.add(row);
        }
        return data;
    }
}
