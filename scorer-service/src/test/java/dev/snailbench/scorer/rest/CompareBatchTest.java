package dev.snailbench.scorer.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import dev.snailbench.scorer.service.stats.TestScorerConfig;
import io.quarkus.runtime.configuration.MemorySize;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One {@code POST /compare/batch} stream compared on several threads, with the client's side played by plain
 * streams: what a slow or vanished client gets, and what the server holds meanwhile.
 */
class CompareBatchTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long FAR = TimeUnit.MINUTES.toNanos(10);

    private final ExecutorService reading = Executors.newCachedThreadPool();
    private final ExecutorService comparing = Executors.newFixedThreadPool(4);

    @AfterEach
    void stopThreads() {
        reading.shutdownNow();
        comparing.shutdownNow();
    }

    @Test
    void shouldHoldAtMostTheLineCapOfUnansweredLinesWhileTheClientReadsNothing() throws Exception {
        int cap = 8 * 1024;
        byte[] body = lines(2_000);
        CountingInput in = new CountingInput(new ByteArrayInputStream(body));
        CountDownLatch clientReads = new CountDownLatch(1);
        ByteArrayOutputStream answers = new ByteArrayOutputStream();
        OutputStream client = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                await(clientReads);
                answers.write(b, off, len);
            }
        };
        CompareBatch batch = batch(in, withLineCap(cap), FAR);
        assertThat(batch.hasLine()).isTrue();
        Thread writer = new Thread(() -> {
            try {
                batch.write(client);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        writer.start();

        Thread.sleep(1_000);
        // Read so far: the lines not yet answered (at most the cap), what the line reader buffers ahead (64 KiB)
        // and the lines whose answers wait in the 64 KiB output buffer; not the 1.2 MB the client has to send.
        assertThat(in.read.get())
                .as("bytes read while no answer could be written")
                .isLessThanOrEqualTo(cap + 3 * 64 * 1024);
        assertThat(body.length).isGreaterThan(1_000_000);

        clientReads.countDown();
        writer.join(30_000);
        assertThat(writer.isAlive()).isFalse();
        List<JsonNode> lines = answers(answers.toByteArray());
        assertThat(lines).hasSize(2_000);
        for (int i = 0; i < lines.size(); i++) {
            assertThat(lines.get(i).get("line").asInt()).isEqualTo(i + 1);
            assertThat(lines.get(i).get("id").asText()).isEqualTo("p" + (i + 1));
            assertThat(lines.get(i).at("/result/strict/match").asBoolean()).isEqualTo((i + 1) % 3 != 0);
        }
    }

    @Test
    void shouldStopReadingAndComparingWhenTheClientIsGone() throws Exception {
        CountingInput in = new CountingInput(endless());
        OutputStream gone = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("connection reset");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("connection reset");
            }
        };
        CompareBatch batch = batch(in, TestScorerConfig.config(), FAR);
        assertThat(batch.hasLine()).isTrue();

        assertThatThrownBy(() -> batch.write(gone))
                .isInstanceOf(IOException.class)
                .hasMessage("connection reset");

        reading.shutdown();
        assertThat(reading.awaitTermination(5, TimeUnit.SECONDS))
                .as("the reader has stopped")
                .isTrue();
        long read = in.read.get();
        Thread.sleep(200);
        assertThat(in.read.get()).isEqualTo(read);
    }

    @Test
    void shouldNameTheFirstLineNotComparedWhenTheBatchRunsPastItsTimeout() throws Exception {
        CompareBatch batch = batch(new ByteArrayInputStream(lines(5)), TestScorerConfig.config(), 0);
        assertThat(batch.hasLine()).isTrue();
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        batch.write(out);

        List<JsonNode> lines = answers(out.toByteArray());
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).get("status").asInt()).isEqualTo(503);
        assertThat(lines.get(0).get("line").asInt()).isEqualTo(1);
        assertThat(lines.get(0).get("error").asText())
                .isEqualTo("the batch ran longer than PT10M (snailbench"
                        + ".scorer.batch-timeout): line 1 and the lines after it were not compared; send them again in "
                        + "another request");
    }

    private CompareBatch batch(InputStream in, ScorerConfig config, long timeout) {
        return new CompareBatch(
                in, new ResultComparisons(), JSON, config, System.nanoTime() + timeout - 1, reading, comparing, 4);
    }

    /** Pairs of 1 to 40 rows; every third one does not match. */
    private static byte[] lines(int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= count; i++) {
            out.append(line(i)).append('\n');
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String line(int i) {
        StringBuilder rows = new StringBuilder("[");
        for (int r = 0; r <= i % 40; r++) {
            rows.append(r == 0 ? "" : ",")
                    .append("[")
                    .append(r)
                    .append(", \"x")
                    .append(i)
                    .append("\"]");
        }
        String gold = rows.append(']').toString();
        String predicted = i % 3 == 0 ? "[[0, \"other\"]]" : gold;
        return "{\"id\": \"p" + i + "\", \"gold\": {\"rows\": " + gold + "}, \"predicted\": {\"rows\": " + predicted
                + "}}";
    }

    /** Lines without end, as a client that keeps sending. */
    private static InputStream endless() {
        return new InputStream() {
            private byte[] current = new byte[0];
            private int position;
            private int next = 1;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (position == current.length) {
                    current = (line(next++) + "\n").getBytes(StandardCharsets.UTF_8);
                    position = 0;
                }
                int n = Math.min(len, current.length - position);
                System.arraycopy(current, position, b, off, n);
                position += n;
                return n;
            }
        };
    }

    private static List<JsonNode> answers(byte[] ndjson) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : new String(ndjson, StandardCharsets.UTF_8).split("\n")) {
            out.add(JSON.readTree(line));
        }
        return out;
    }

    /** The test settings with another line cap. */
    private static ScorerConfig withLineCap(int bytes) {
        ScorerConfig base = TestScorerConfig.config();
        return (ScorerConfig) Proxy.newProxyInstance(
                ScorerConfig.class.getClassLoader(),
                new Class<?>[] {ScorerConfig.class},
                (proxy, method, args) -> method.getName().equals("batchMaxLineSize")
                        ? new MemorySize(BigInteger.valueOf(bytes))
                        : method.invoke(base, args));
    }

    private static void await(CountDownLatch latch) throws IOException {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** Counts the bytes the server has taken from the client. */
    private static final class CountingInput extends InputStream {
        final AtomicLong read = new AtomicLong();
        private final InputStream in;

        CountingInput(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                read.incrementAndGet();
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                read.addAndGet(n);
            }
            return n;
        }
    }
}
