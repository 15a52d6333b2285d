package dev.snailbench.workbench.config;

import dev.snailbench.llm.LlmBackendConfig;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Schema-Refiner: sampling, detection thresholds and the optional LLM and embeddings backends. */
@ConfigMapping(prefix = "snailbench.refiner")
public interface RefinerConfig {

    /**
     * Distinct sample values read per column through the executor (bounded by its {@code max-sample-values},
     * read-only): those of lowest hash, so that two columns' samples are coordinated.
     */
    @WithDefault("20")
    int sampleValues();

    /** Most columns one analysis may cover (more → 400 naming the schema). */
    @WithDefault("20000")
    int maxColumns();

    /** τ_irreg: a name is irregular when SSS(name, canonical name) is below it. */
    @WithDefault("0.60")
    double irregularThreshold();

    /** σ_syn: two differently named columns are synonyms when SSS of their canonical names reaches it. */
    @WithDefault("0.90")
    double synonymThreshold();

    /** σ_hom: two same-named columns are homonyms when SSS of their descriptions is below it. */
    @WithDefault("0.75")
    double homonymThreshold();

    /** Seconds one analysis may spend in blocking work (graph, Leiden, detection, parsing). */
    @WithDefault("120")
    int timeoutSeconds();

    /** The LLM writing semantic packages (OpenAI-compatible chat completions); unset = offline only. */
    Backend llm();

    /** The embeddings backend for SSS (OpenAI-compatible); unset = lexical only. */
    Backend embeddings();

    /** An LLM or embeddings backend (llm-client's properties) and how much one request carries. */
    interface Backend extends LlmBackendConfig {

        /** Columns (LLM) or texts (embeddings) per request. */
        @WithDefault("40")
        int batchSize();
    }
}
