package dev.snailbench.workbench.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

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

    /** The LLM that writes candidate questions (OpenAI-compatible chat completions); unset = offline only. */
    Backend llm();

    /** The embeddings backend for choosing among candidates (OpenAI-compatible); unset = lexical only. */
    Backend embeddings();

    interface Backend {

        /** Base URL of the OpenAI-compatible API, e.g. {@code http://host:port/v1}; unset = not offered. */
        Optional<String> baseUrl();

        /** Model name sent with each request (default gpt-4o-mini for the LLM, text-embedding-3-small for embeddings). */
        Optional<String> model();

        /** Bearer token, if the endpoint needs one. */
        Optional<String> apiKey();

        /** Seconds to wait for one answer. */
        @WithDefault("60")
        int timeoutSeconds();

        /** Requests in flight at once. */
        @WithDefault("4")
        int concurrency();
    }
}
