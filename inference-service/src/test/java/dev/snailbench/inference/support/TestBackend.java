package dev.snailbench.inference.support;

import dev.snailbench.inference.config.InferenceConfig;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** A backend configuration for tests that drive {@code ModelBackend} without the application. */
public record TestBackend(String baseUrl, int concurrency, int requestsPerMinute, Duration requestTimeout)
        implements InferenceConfig.Backend {

    @Override
    public Optional<String> apiKey() {
        return Optional.empty();
    }

    @Override
    public String api() {
        return "chat";
    }

    @Override
    public String model() {
        return "bench";
    }

    @Override
    public double temperature() {
        return 0;
    }

    @Override
    public int maxTokens() {
        return 64;
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
    public InferenceConfig.Retry retry() {
        return new InferenceConfig.Retry() {
            @Override
            public Duration initialBackoff() {
                return Duration.ofMillis(50);
            }

            @Override
            public Duration maxBackoff() {
                return Duration.ofSeconds(1);
            }

            @Override
            public Duration maxTotal() {
                return Duration.ofSeconds(5);
            }
        };
    }

    @Override
    public Map<String, InferenceConfig.Price> prices() {
        return Map.of();
    }
}
