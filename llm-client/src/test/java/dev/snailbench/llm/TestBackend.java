package dev.snailbench.llm;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** A backend configuration for tests that drive {@link OpenAiClient} without an application. */
public record TestBackend(
        String url, int concurrency, int requestsPerMinute, Duration requestTimeout, int maxAttempts, Duration maxTotal)
        implements LlmBackendConfig {

    /** Concurrency 8, no rate limit, 5 s timeout, 5 attempts within 5 s. */
    public static TestBackend of(String baseUrl) {
        return new TestBackend(baseUrl, 8, 0, Duration.ofSeconds(5), 5, Duration.ofSeconds(5));
    }

    public TestBackend concurrency(int n) {
        return new TestBackend(url, n, requestsPerMinute, requestTimeout, maxAttempts, maxTotal);
    }

    public TestBackend requestsPerMinute(int n) {
        return new TestBackend(url, concurrency, n, requestTimeout, maxAttempts, maxTotal);
    }

    public TestBackend timeout(Duration d) {
        return new TestBackend(url, concurrency, requestsPerMinute, d, maxAttempts, maxTotal);
    }

    public TestBackend attempts(int n, Duration total) {
        return new TestBackend(url, concurrency, requestsPerMinute, requestTimeout, n, total);
    }

    @Override
    public Optional<String> baseUrl() {
        return Optional.of(url);
    }

    @Override
    public Optional<String> apiKey() {
        return Optional.empty();
    }

    @Override
    public String api() {
        return "chat";
    }

    @Override
    public Optional<String> model() {
        return Optional.of("bench");
    }

    @Override
    public double temperature() {
        return 0;
    }

    @Override
    public OptionalInt maxTokens() {
        return OptionalInt.of(64);
    }

    @Override
    public OptionalLong seed() {
        return OptionalLong.empty();
    }

    @Override
    public Map<String, String> headers() {
        return Map.of();
    }

    @Override
    public int tokensPerMinute() {
        return 0;
    }

    @Override
    public LlmBackendConfig.Retry retry() {
        return new LlmBackendConfig.Retry() {
            @Override
            public Duration initialBackoff() {
                return Duration.ofMillis(50);
            }

            @Override
            public Duration maxBackoff() {
                return Duration.ofSeconds(2);
            }

            @Override
            public Duration maxTotal() {
                return maxTotal;
            }

            @Override
            public int maxAttempts() {
                return maxAttempts;
            }
        };
    }

    @Override
    public Map<String, LlmBackendConfig.Price> prices() {
        return Map.of();
    }
}
