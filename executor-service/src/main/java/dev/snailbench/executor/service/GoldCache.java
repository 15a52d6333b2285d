package dev.snailbench.executor.service;

import dev.snailbench.model.domain.ExecutionOutcome;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The gold query of a job runs once per database: key (job, database, dialect, normalized SQL). Concurrent
 * requests for the same key wait for the one run. Bounded (oldest entries dropped). Per replica: another
 * replica may run the same gold once more, which costs time, never correctness.
 */
public final class GoldCache {

    /** What identifies one gold execution. */
    public record Key(UUID jobId, String database, String dialect, String normalizedSql) {}

    private final int maxEntries;
    private final Map<Key, CompletableFuture<ExecutionOutcome>> entries;

    public GoldCache(int maxEntries) {
        this.maxEntries = maxEntries;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, CompletableFuture<ExecutionOutcome>> eldest) {
                return size() > GoldCache.this.maxEntries;
            }
        };
    }

    /** The cached outcome of {@code key}, or runs {@code execution} (blocking, on the caller) and keeps it. */
    public ExecutionOutcome get(Key key, Supplier<ExecutionOutcome> execution) {
        CompletableFuture<ExecutionOutcome> mine = new CompletableFuture<>();
        CompletableFuture<ExecutionOutcome> existing;
        synchronized (entries) {
            existing = entries.putIfAbsent(key, mine);
        }
        if (existing != null) {
            return existing.join();
        }
        ExecutionOutcome outcome;
        try {
            outcome = execution.get();
        } catch (RuntimeException e) {
            forget(key, mine);
            mine.completeExceptionally(e);
            throw e;
        }
        if (SqlExecutor.transientFailure(outcome)) {
            forget(key, mine);
        }
        mine.complete(outcome);
        return outcome;
    }

    public int size() {
        synchronized (entries) {
            return entries.size();
        }
    }

    private void forget(Key key, CompletableFuture<ExecutionOutcome> mine) {
        synchronized (entries) {
            entries.remove(key, mine);
        }
    }
}
