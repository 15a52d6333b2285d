package dev.snailbench.llm;

import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One OpenAI-compatible backend: a config group that each service nests under its own {@code @ConfigMapping}
 * prefix (e.g. {@code snailbench.inference.backends.<name>}, {@code snailbench.crosswalks.llm}), so every backend
 * of the platform is configured with the same property names.
 */
public interface LlmBackendConfig {

    /** Base URL of the API, up to and including the version segment, e.g. {@code http://gpu-1:8000/v1}; unset = not offered. */
    Optional<String> baseUrl();

    /** Bearer key sent in {@code Authorization}; absent for local servers that need none. */
    Optional<String> apiKey();

    /** {@code chat} ({@code /chat/completions}) or {@code completions} (legacy {@code /completions}). */
    @WithDefault("chat")
    String api();

    /** Model name sent to the API unless the caller names another (each use documents its own default). */
    Optional<String> model();

    /** Sampling temperature unless the caller sets one. */
    @WithDefault("0")
    double temperature();

    /** Completion token limit sent unless the caller sets one; absent = the API's own limit. */
    OptionalInt maxTokens();

    /** Sampling seed unless the caller sets one (omitted from requests when absent). */
    OptionalLong seed();

    /** Extra HTTP headers sent with every request (e.g. an organisation or routing header). */
    Map<String, String> headers();

    /** Requests in flight at once, per service replica. */
    @WithDefault("8")
    int concurrency();

    /** Requests per minute allowed by the provider (token bucket); 0 = no limit. */
    @WithDefault("0")
    int requestsPerMinute();

    /** Prompt + completion tokens per minute allowed by the provider (token bucket); 0 = no limit. */
    @WithDefault("0")
    int tokensPerMinute();

    /** Timeout of one HTTP request. */
    @WithDefault("60s")
    Duration requestTimeout();

    /** Retry policy on 429, 5xx, timeouts and connection errors. */
    Retry retry();

    /** Prices per model name (USD per million tokens), for the cost estimate of each call. */
    Map<String, Price> prices();

    interface Retry {

        /** First backoff; doubled on each retry, with jitter. */
        @WithDefault("500ms")
        Duration initialBackoff();

        /** Largest backoff between two attempts (also caps a Retry-After the server asks for). */
        @WithDefault("30s")
        Duration maxBackoff();

        /** Total time a call may spend retrying before it fails with the last error. */
        @WithDefault("120s")
        Duration maxTotal();

        /** Attempts of one call at most (the first included); 1 = no retry. */
        @WithDefault("10")
        int maxAttempts();
    }

    interface Price {

        /** USD per million prompt tokens. */
        double promptPerMillion();

        /** USD per million completion tokens. */
        double completionPerMillion();
    }
}
