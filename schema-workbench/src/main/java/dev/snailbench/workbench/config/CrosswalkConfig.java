package dev.snailbench.workbench.config;

import dev.snailbench.llm.LlmBackendConfig;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Crosswalk builds: classifier round trip and the optional LLM. */
@ConfigMapping(prefix = "snailbench.crosswalks")
public interface CrosswalkConfig {

    /** Most distinct identifiers one build may classify (one Kafka message each way; larger → 413). */
    @WithDefault("5000")
    int maxIdentifiers();

    /** Largest crosswalk CSV accepted on import, in rows (larger → 413). */
    @WithDefault("50000")
    int maxImportRows();

    /**
     * LLM used for expansion to Regular and few-shot abbreviation (OpenAI-compatible chat completions; model
     * gpt-4o-mini unless set); unset base-url = no LLM options.
     */
    Llm llm();

    /** The LLM backend (llm-client's properties) and how many identifiers one request renames. */
    interface Llm extends LlmBackendConfig {

        /** Identifiers per completion request. */
        @WithDefault("50")
        int batchSize();
    }
}
