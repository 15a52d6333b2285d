package dev.snailbench.workbench.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** Crosswalk builds: classifier round trip and the optional LLM. */
@ConfigMapping(prefix = "snailbench.crosswalks")
public interface CrosswalkConfig {

    /** Most distinct identifiers one build may classify (one Kafka message each way; larger → 413). */
    @WithDefault("5000")
    int maxIdentifiers();

    /** Largest crosswalk CSV accepted on import, in rows (larger → 413). */
    @WithDefault("50000")
    int maxImportRows();

    /** LLM used for expansion to Regular and few-shot abbreviation (OpenAI-compatible chat completions). */
    Llm llm();

    interface Llm {

        /** Base URL of the OpenAI-compatible API, e.g. {@code http://host:port/v1}; unset = no LLM options. */
        Optional<String> baseUrl();

        /** Model name sent with each request. */
        @WithDefault("gpt-4o-mini")
        String model();

        /** Bearer token, if the endpoint needs one. */
        Optional<String> apiKey();

        /** Seconds to wait for one completion. */
        @WithDefault("120")
        int timeoutSeconds();

        /** Identifiers per completion request. */
        @WithDefault("50")
        int batchSize();
    }
}
