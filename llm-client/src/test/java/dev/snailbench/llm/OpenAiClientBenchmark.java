package dev.snailbench.llm;

import dev.snailbench.testkit.FakeOpenAi;
import dev.snailbench.testkit.InFlightSamples;
import io.smallrye.mutiny.Multi;
import io.vertx.mutiny.core.Vertx;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Measures whether a backend with concurrency 32 keeps 32 requests in flight against a model answering in
 * 10 ms (the fake server). Prints figures; run on request:
 * {@code mvn -B -q test -pl llm-client -Dtest=OpenAiClientBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class OpenAiClientBenchmark {

    private static final int CONCURRENCY = 32;
    private static final int CALLS = 5_000;

    @Test
    void keepsTheConcurrencyLimitInFlight() {
        FakeOpenAi fake = FakeOpenAi.instance();
        fake.defaultDelay(10);
        Vertx vertx = Vertx.vertx();
        try {
            OpenAiClient backend = new OpenAiClient(
                    vertx,
                    "bench",
                    TestBackend.of(fake.baseUrl()).concurrency(CONCURRENCY).timeout(Duration.ofSeconds(10)));
            run(backend, 500); // warm-up: JIT, connection pool
            fake.resetInFlightStats();
            // Sample both sides every millisecond: requests the backend has out, requests the server is holding.
            long start = System.nanoTime();
            InFlightSamples inFlight = InFlightSamples.start(backend::inFlight, fake::inFlight);
            run(backend, CALLS);
            double seconds = (System.nanoTime() - start) / 1e9;
            inFlight.close();
            System.out.printf(
                    "OpenAiClientBenchmark: %d calls, model latency 10 ms, concurrency %d: max in flight at "
                            + "the server %d; average in flight (1 ms samples) client %.1f, server %.1f; in flight seen by "
                            + "each arriving request %.1f; %.0f calls/s (ideal %.0f), %.2f s%n",
                    CALLS,
                    CONCURRENCY,
                    fake.maxInFlight(),
                    inFlight.client(),
                    inFlight.server(),
                    fake.averageInFlight(),
                    CALLS / seconds,
                    CONCURRENCY / 0.010,
                    seconds);
        } finally {
            vertx.closeAndAwait();
        }
    }

    /** A job's items all submitted at once; the backend's limit decides how many are in flight. */
    private static void run(OpenAiClient backend, int calls) {
        AtomicInteger done = new AtomicInteger();
        Multi.createFrom()
                .range(0, calls)
                .onItem()
                .transformToUni(i ->
                        backend.complete(new ChatRequest("chat", "bench-model", null, "prompt " + i, 0, 16, null), 10))
                .merge(calls)
                .onItem()
                .invoke(c -> done.incrementAndGet())
                .collect()
                .asList()
                .await()
                .atMost(Duration.ofMinutes(5));
        if (done.get() != calls) {
            throw new AssertionError("only " + done.get() + " of " + calls + " calls completed");
        }
    }
}
