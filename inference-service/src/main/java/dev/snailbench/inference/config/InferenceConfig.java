package dev.snailbench.inference.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** Model backends the inference service may call, by the name a job's model refers to. */
@ConfigMapping(prefix = "snailbench.inference")
public interface InferenceConfig {

    /** OpenAI-compatible backends by name ({@code replay} is built in and needs no entry). */
    Map<String, Backend> backends();

    /** Longest a single answer's parsing and denaturalization may take before the item fails. */
    @WithDefault("20s")
    Duration parseTimeout();

    /** The SQL parser the service shares (schemas, sample values, denaturalization). */
    Parser parser();

    interface Parser {

        /** Parses that run at once (JSqlParser is CPU-bound); more wait for a thread. */
        @WithDefault("2")
        int threads();

        /** Longest time one SQL statement may take to parse (deeply nested expressions can take minutes). */
        @WithDefault("10s")
        Duration timeout();
    }

    /** Work items of a consumed batch answered at once (each backend's own concurrency limit still applies). */
    @WithDefault("16")
    int concurrentAnswers();

    /**
     * Work items of one tenant a batch answers at once (of concurrent-answers): a tenant's slow model calls hold at
     * most this many slots, the other tenants' items are asked beside them.
     */
    @WithDefault("4")
    int concurrentAnswersPerTenant();

    /** Cancelled jobs remembered (the oldest forgotten first); their items still in flight are skipped. */
    @WithDefault("100000")
    int cancelledJobsRemembered();

    interface Backend {

        /** Base URL of the API, up to and including the version segment, e.g. {@code http://gpu-1:8000/v1}. */
        String baseUrl();

        /** Bearer key sent in {@code Authorization}; absent for local servers that need none. */
        Optional<String> apiKey();

        /** {@code chat} ({@code /chat/completions}) or {@code completions} (legacy {@code /completions}). */
        @WithDefault("chat")
        String api();

        /** Model name sent to the API unless the job's model names another. */
        String model();

        /** Sampling temperature unless the job sets one. */
        @WithDefault("0")
        double temperature();

        /** Completion token limit unless the job sets one. */
        @WithDefault("512")
        int maxTokens();

        /** Sampling seed unless the job sets one (omitted from requests when absent). */
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

        /** Prices per model name (USD per million tokens), for the cost estimate recorded with each call. */
        Map<String, Price> prices();
    }

    interface Retry {

        /** First backoff; doubled on each retry, with jitter. */
        @WithDefault("500ms")
        Duration initialBackoff();

        /** Largest backoff between two attempts (also caps a Retry-After the server asks for). */
        @WithDefault("30s")
        Duration maxBackoff();

        /** Total time an item may spend retrying before it fails with the last error. */
        @WithDefault("120s")
        Duration maxTotal();
    }

    interface Price {

        /** USD per million prompt tokens. */
        double promptPerMillion();

        /** USD per million completion tokens. */
        double completionPerMillion();
    }
}
