package dev.snailbench.scorer.config;

import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that compare the pairs of {@code POST /compare/batch} streams. A fixed pool shared by every stream:
 * comparing is CPU-bound, so more threads than processors would only take turns.
 */
public class CompareThreads {

    public static final String NAME = "compare-batch";

    @Produces
    @Singleton
    @Named(NAME)
    ExecutorService compareThreads(ScorerConfig config) {
        int threads = count(config);
        AtomicInteger n = new AtomicInteger();
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "compare-batch-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** How many threads {@code snailbench.scorer.batch-threads} asks for. */
    public static int count(ScorerConfig config) {
        int threads = config.batchThreads().orElse(Runtime.getRuntime().availableProcessors());
        if (threads < 1) {
            throw new IllegalArgumentException("snailbench.scorer.batch-threads must be at least 1, not " + threads);
        }
        return threads;
    }

    void close(@Disposes @Named(NAME) ExecutorService threads) {
        threads.shutdownNow();
    }
}
