package dev.snailbench.classifier.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Settings of the naturalness classifier ({@code snailbench.classifier.*}). */
@ConfigMapping(prefix = "snailbench.classifier")
public interface ClassifierConfig {

    /**
     * Folder holding {@code naturalness.onnx} and {@code model.json} (written by the build). Unset: the module's
     * {@code target/naturalness-model}, looked up from the working directory (module or project root).
     */
    Optional<String> modelDir();

    /** ONNX Runtime execution provider: {@code cpu} (default) or {@code cuda} (needs the {@code gpu} Maven profile). */
    @WithDefault("cpu")
    ExecutionProvider executionProvider();

    /** CUDA device id used when the execution provider is {@code cuda}. */
    @WithDefault("0")
    int cudaDevice();

    /** ONNX Runtime threads inside one run; parallelism comes from the worker pool. */
    @WithDefault("1")
    int intraOpThreads();

    /** Threads of the worker pool that runs feature extraction and ONNX inference (never the event loop). */
    @WithDefault("2")
    int workerThreads();

    /** Identifiers per ONNX run. */
    @WithDefault("1024")
    int batchSize();

    /** Largest number of identifiers in one {@code POST /classify} call; more is answered with 413. */
    @WithDefault("10000")
    int maxIdentifiersPerRequest();

    /** Largest number of identifiers (tables plus columns) in one {@code POST /schemas/naturalness} call. */
    @WithDefault("200000")
    int maxIdentifiersPerSchema();

    /** Longest time one classification may run before the caller gets an error. */
    @WithDefault("30s")
    Duration timeout();

    /** Where ONNX inference runs. */
    enum ExecutionProvider {
        cpu,
        cuda
    }
}
