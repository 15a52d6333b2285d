package dev.snailbench.workbench.config;

import dev.snailbench.llm.LlmBackendConfig;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Synthetic question sets (ScienceBenchmark): limits, and the optional LLM and embeddings backends. */
@ConfigMapping(prefix = "snailbench.synthetic")
public interface SyntheticConfig {

    /** Pairs generated when a request names no target. */
    @WithDefault("1000")
    int defaultTarget();

    /** Most pairs one request may ask for (more → 400). */
    @WithDefault("10000")
    int maxTarget();

    /** Most pairs from one template, so that a few templates cannot fill the set. */
    @WithDefault("20")
    int maxPerTemplate();

    /** Filled queries returning more rows are dropped (a question is for a readable answer). */
    @WithDefault("100")
    int maxResultRows();

    /** Seconds one filled query may run on the team's database. */
    @WithDefault("10")
    int queryTimeoutSeconds();

    /** Seconds the executor may spend filling and running (it stops with what it has). */
    @WithDefault("240")
    int timeBudgetSeconds();

    /** Candidate questions written per query (ScienceBenchmark: 8). */
    @WithDefault("8")
    int candidates();

    /** Most seed pairs one request may give. */
    @WithDefault("5000")
    int maxSeeds();

    /**
     * The LLM that writes candidate questions (OpenAI-compatible chat completions; model gpt-4o-mini unless set;
     * its {@code concurrency} is also the number of queries asked at once); unset base-url = offline only.
     */
    LlmBackendConfig llm();

    /**
     * The embeddings backend for choosing among candidates (OpenAI-compatible; model text-embedding-3-small unless
     * set); unset base-url = lexical only.
     */
    LlmBackendConfig embeddings();
}
