package dev.snailbench.inference.config;

import dev.snailbench.llm.LlmBackendConfig;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;

/** Model backends the inference service may call, by the name a job's model refers to. */
@ConfigMapping(prefix = "snailbench.inference")
public interface InferenceConfig {

    /**
     * OpenAI-compatible backends by name ({@code replay} is built in and needs no entry); each needs
     * {@code base-url} and {@code model}, and sends at most 512 completion tokens unless {@code max-tokens} says.
     */
    Map<String, LlmBackendConfig> backends();

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
}
