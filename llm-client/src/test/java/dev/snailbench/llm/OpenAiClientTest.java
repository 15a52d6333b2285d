package dev.snailbench.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.testkit.FakeOpenAi;
import dev.snailbench.testkit.FakeOpenAi.Reply;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The one OpenAI-compatible client against the platform's fake server (loopback), without an application. */
class OpenAiClientTest {

    private static final FakeOpenAi FAKE = FakeOpenAi.instance();
    private static final Vertx VERTX = Vertx.vertx();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @AfterAll
    static void close() {
        VERTX.closeAndAwait();
    }

    private static String model(String what) {
        return what + "-" + UUID.randomUUID();
    }

    private static ChatRequest ask(String model, String prompt) {
        return new ChatRequest("chat", model, null, prompt, 0, 16, null);
    }

    private static OpenAiClient client(TestBackend config) {
        return new OpenAiClient(VERTX, "test", config);
    }

    private static List<Completion> callConcurrently(OpenAiClient client, String model, int n) {
        List<Uni<Completion>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            calls.add(client.complete(ask(model, "prompt " + i), 10));
        }
        return Uni.join().all(calls).andFailFast().await().atMost(WAIT);
    }

    private static long millisBetween(FakeOpenAi.Seen a, FakeOpenAi.Seen b) {
        return (b.atNanos() - a.atNanos()) / 1_000_000;
    }

    @Test
    void shouldRetryA429NoSoonerThanItsRetryAfterAsks() {
        String model = model("retry-after");
        FAKE.script(model, Reply.status(429, "1"), Reply.ok("SELECT 2"));

        Completion answer = client(TestBackend.of(FAKE.baseUrl()))
                .complete(ask(model, "q"), 10)
                .await()
                .atMost(WAIT);

        assertThat(answer.text()).isEqualTo("SELECT 2");
        assertThat(answer.attempts()).isEqualTo(2);
        List<FakeOpenAi.Seen> seen = FAKE.requests(model);
        assertThat(seen).hasSize(2);
        assertThat(millisBetween(seen.get(0), seen.get(1))).isGreaterThanOrEqualTo(950);
    }

    @Test
    void shouldRetryServerErrorsUntilTheModelAnswers() {
        String model = model("5xx");
        FAKE.script(model, Reply.status(500, null), Reply.status(502, null), Reply.ok("SELECT 3"));

        Completion answer = client(TestBackend.of(FAKE.baseUrl()))
                .complete(ask(model, "q"), 10)
                .await()
                .atMost(WAIT);

        assertThat(answer.text()).isEqualTo("SELECT 3");
        assertThat(answer.attempts()).isEqualTo(3);
    }

    @Test
    void shouldGiveUpAfterTheConfiguredAttemptsNamingTheLastError() {
        String model = model("give-up");
        FAKE.script(model, Reply.status(503, null));

        assertThatThrownBy(() -> client(TestBackend.of(FAKE.baseUrl()).attempts(3, Duration.ofSeconds(30)))
                        .complete(ask(model, "q"), 10)
                        .await()
                        .atMost(WAIT))
                .isInstanceOf(LlmException.class)
                .hasMessageStartingWith("backend 'test': HTTP 503 {\"error\":{\"message\":\"scripted 503\"}}")
                .hasMessageContaining("(gave up after 3 attempts in ");
        assertThat(FAKE.requests(model)).hasSize(3);
    }

    @Test
    void shouldRetryAConnectionThatIsRefusedAndNameItWhenGivingUp() {
        // Port 1 on loopback: nothing listens, every connection is refused.
        OpenAiClient client = client(TestBackend.of("http://127.0.0.1:1/v1").attempts(2, Duration.ofSeconds(10)));

        assertThatThrownBy(() -> client.complete(ask("m", "q"), 10).await().atMost(WAIT))
                .isInstanceOf(LlmException.class)
                .hasMessageStartingWith("backend 'test': connection failed: ")
                .hasMessageContaining("(gave up after 2 attempts in ");
    }

    @Test
    void shouldNotRetryAnAnswerThatIsNotJson() {
        String model = model("malformed");
        FAKE.script(model, Reply.malformedJson());

        assertThatThrownBy(() -> client(TestBackend.of(FAKE.baseUrl()))
                        .complete(ask(model, "q"), 10)
                        .await()
                        .atMost(WAIT))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("malformed JSON");
        assertThat(FAKE.requests(model)).hasSize(1);
    }

    @Test
    void shouldFailWithTheTimeoutWhenEveryAttemptIsTooSlow() {
        String model = model("slow");
        FAKE.script(model, Reply.slow(1_500, "SELECT 4"));

        assertThatThrownBy(() -> client(TestBackend.of(FAKE.baseUrl())
                                .timeout(Duration.ofMillis(300))
                                .attempts(2, Duration.ofSeconds(10)))
                        .complete(ask(model, "q"), 10)
                        .await()
                        .atMost(WAIT))
                .isInstanceOf(LlmException.class)
                .hasMessageStartingWith("backend 'test': timed out after 300 ms (gave up after 2 attempts in ");
    }

    @Test
    void shouldNeverHaveMoreCallsInFlightThanTheConcurrencyLimit() {
        String model = model("narrow");
        FAKE.script(model, Reply.slow(150, "SELECT 1"));
        FAKE.resetInFlightStats();
        OpenAiClient client = client(TestBackend.of(FAKE.baseUrl()).concurrency(2));

        List<Completion> done = callConcurrently(client, model, 6);

        assertThat(done).hasSize(6).allMatch(c -> c.text().equals("SELECT 1"));
        assertThat(FAKE.maxInFlight()).isEqualTo(2);
        assertThat(client.inFlight()).isZero();
    }

    @Test
    void shouldSpaceRequestsBeyondTheRequestsPerMinuteBudget() {
        String model = model("rpm");
        FAKE.script(model, Reply.ok("SELECT 1"));
        // 120 per minute: a burst of 120 passes at once, the next waits ~0.5 s for a token.
        OpenAiClient client =
                client(TestBackend.of(FAKE.baseUrl()).concurrency(200).requestsPerMinute(120));

        long start = System.nanoTime();
        callConcurrently(client, model, 121);
        long millis = (System.nanoTime() - start) / 1_000_000;

        List<FakeOpenAi.Seen> seen = FAKE.requests(model);
        assertThat(seen).hasSize(121);
        assertThat(millisBetween(seen.get(0), seen.get(120))).isGreaterThanOrEqualTo(400);
        assertThat(millis).isLessThan(5_000);
    }

    @Test
    void shouldEmbedEveryTextInOneRequestInTheTextsOrder() {
        String model = model("embed");
        List<String> texts = List.of("player name", "team name", "player name");

        List<float[]> vectors = client(TestBackend.of(FAKE.baseUrl()))
                .embed(model, texts)
                .await()
                .atMost(WAIT);

        assertThat(vectors).hasSize(3);
        assertThat(vectors.get(0))
                .isEqualTo(FakeOpenAi.wordVector("player name"))
                .isEqualTo(vectors.get(2));
        assertThat(vectors.get(1)).isEqualTo(FakeOpenAi.wordVector("team name"));
        assertThat(FAKE.requests(model)).hasSize(1);
        assertThat(FAKE.requests(model).get(0).path()).isEqualTo("/v1/embeddings");
    }

    @Test
    void shouldRetryEmbeddingsOnA429Too() {
        String model = model("embed-429");
        FAKE.script(model, Reply.status(429, "0.2"), Reply.ok(null));

        List<float[]> vectors = client(TestBackend.of(FAKE.baseUrl()))
                .embed(model, List.of("a b"))
                .await()
                .atMost(WAIT);

        assertThat(vectors).hasSize(1);
        assertThat(FAKE.requests(model)).hasSize(2);
    }

    @Test
    void shouldSendTheSystemMessageAndNoTokenLimitForAPlainChat() {
        String model = model("system");
        FAKE.script(model, Reply.ok("{}"));

        String text = client(TestBackend.of(FAKE.baseUrl()))
                .text(ChatRequest.chat(model, 0.7, "be brief", "hello"))
                .await()
                .atMost(WAIT);

        assertThat(text).isEqualTo("{}");
        FakeOpenAi.Seen seen = FAKE.requests(model).get(0);
        assertThat(seen.body().path("messages").get(0).path("role").asText()).isEqualTo("system");
        assertThat(seen.body().path("messages").get(0).path("content").asText()).isEqualTo("be brief");
        assertThat(seen.prompt()).isEqualTo("hello");
        assertThat(seen.body().has("max_tokens")).isFalse();
        assertThat(seen.body().path("temperature").asDouble()).isEqualTo(0.7);
    }

    @Test
    void shouldBuildAChatOnTheBackendsModelAndTokenLimit() {
        String user = "defaults " + UUID.randomUUID();

        client(TestBackend.of(FAKE.baseUrl()))
                .text(client(TestBackend.of(FAKE.baseUrl())).chat("fallback-model", 0.3, "sys", user))
                .await()
                .atMost(WAIT);

        FakeOpenAi.Seen seen = FAKE.requests("bench").stream()
                .filter(s -> s.prompt().equals(user))
                .findFirst()
                .orElseThrow();
        assertThat(seen.body().path("max_tokens").asInt()).isEqualTo(64);
        assertThat(seen.body().path("temperature").asDouble()).isEqualTo(0.3);
        assertThat(seen.body().has("seed")).isFalse();
    }

    @Test
    void shouldAnswerAnIdenticalCallOfTheSameTenantFromTheCache() {
        String model = model("cache");
        FAKE.script(model, Reply.ok("SELECT 5"));
        Map<String, Completion> stored = new ConcurrentHashMap<>();
        ResponseCache cache = new ResponseCache() {
            @Override
            public Uni<Completion> find(String key) {
                return Uni.createFrom().item(stored.get(key));
            }

            @Override
            public Uni<Void> store(String key, String tenantId, String backend, ChatRequest r, Completion c) {
                stored.put(key, c);
                return Uni.createFrom().voidItem();
            }
        };
        OpenAiClient client = client(TestBackend.of(FAKE.baseUrl()));

        Completion first =
                client.complete("tenant-a", ask(model, "q"), 10, cache).await().atMost(WAIT);
        Completion again =
                client.complete("tenant-a", ask(model, "q"), 10, cache).await().atMost(WAIT);
        Completion other =
                client.complete("tenant-b", ask(model, "q"), 10, cache).await().atMost(WAIT);

        assertThat(first.cached()).isFalse();
        assertThat(again.cached()).isTrue();
        assertThat(again.text()).isEqualTo("SELECT 5");
        assertThat(again.costUsd()).isZero();
        assertThat(other.cached()).isFalse();
        assertThat(FAKE.requests(model)).hasSize(2);
    }
}
