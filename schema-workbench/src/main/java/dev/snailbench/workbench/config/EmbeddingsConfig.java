package dev.snailbench.workbench.config;

import dev.snailbench.workbench.embedding.MiniLm;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The built-in sentence-embedding model (all-MiniLM-L6-v2 on ONNX Runtime): the {@code embeddings} backend. */
@ConfigMapping(prefix = "snailbench.embeddings")
public interface EmbeddingsConfig {

    /** ONNX Runtime execution provider: {@code cpu} (default) or {@code cuda} (needs the {@code gpu} Maven profile). */
    @WithDefault("cpu")
    MiniLm.Provider executionProvider();

    /** CUDA device id used when the execution provider is {@code cuda}. */
    @WithDefault("0")
    int cudaDevice();

    /** ONNX Runtime threads inside one run (the worker pool gives the parallelism). */
    @WithDefault("1")
    int intraOpThreads();

    /**
     * Texts per ONNX run. 1 (default) makes a text's vector independent of the texts embedded with it; the
     * quantized model scales activations per run, so larger batches are ~1.5x faster but move cosines by ~0.01.
     */
    @WithDefault("1")
    int batchSize();

    /** Seconds one embedding call (all its texts) may take on the worker pool before it fails. */
    @WithDefault("120")
    int timeoutSeconds();
}
