package dev.snailbench.inference.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.inference.support.FakeOpenAi;
import dev.snailbench.inference.support.FakeOpenAi.Reply;
import dev.snailbench.inference.support.TestBackend;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The backend's own limits, against the fake server without the rest of the service. */
class ModelBackendTest {

    private static final FakeOpenAi FAKE = FakeOpenAi.instance();
    private static final Vertx VERTX = Vertx.vertx();

    @AfterAll
    static void close() {
        VERTX.closeAndAwait();
    }

    private static List<Completion> callConcurrently(ModelBackend backend, String model, int n) {
        List<Uni<Completion>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            calls.add(backend.complete(new ModelCall("t", "chat", model, "prompt " + i, 0, 16, null), 10));
        }
        return Uni.join().all(calls).andFailFast().await().atMost(Duration.ofSeconds(30));
    }

    @Test
    void shouldNeverHaveMoreCallsInFlightThanTheConcurrencyLimit() {
        String model = "narrow-" + UUID.randomUUID();
        FAKE.script(model, Reply.slow(150, "SELECT 1"));
        FAKE.resetInFlightStats();
        ModelBackend backend = new ModelBackend(VERTX, "narrow",
                new TestBackend(FAKE.baseUrl(), 2, 0, Duration.ofSeconds(5)));

        List<Completion> done = callConcurrently(backend, model, 6);

        assertThat(done).hasSize(6).allMatch(c -> c.text().equals("SELECT 1"));
        assertThat(FAKE.maxInFlight()).isEqualTo(2);
        assertThat(backend.inFlight()).isZero();
    }

    @Test
    void shouldSpaceRequestsBeyondTheRequestsPerMinuteBudget() {
        String model = "rpm-" + UUID.randomUUID();
        FAKE.script(model, Reply.ok("SELECT 1"));
        // 120 per minute: a burst of 120 passes at once, the next waits ~0.5 s for a token.
        ModelBackend backend = new ModelBackend(VERTX, "rpm",
                new TestBackend(FAKE.baseUrl(), 200, 120, Duration.ofSeconds(5)));

        long start = System.nanoTime();
        callConcurrently(backend, model, 121);
        long millis = (System.nanoTime() - start) / 1_000_000;

        List<FakeOpenAi.Seen> seen = FAKE.requests(model);
        assertThat(seen).hasSize(121);
        long lastGap = (seen.get(120).atNanos() - seen.get(0).atNanos()) / 1_000_000;
        assertThat(lastGap).isGreaterThanOrEqualTo(400);
        assertThat(millis).isLessThan(5_000);
    }
}
