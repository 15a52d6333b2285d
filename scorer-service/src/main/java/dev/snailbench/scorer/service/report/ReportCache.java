package dev.snailbench.scorer.service.report;

import dev.snailbench.scorer.config.ScorerConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiPredicate;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A job's summary and reports, computed once per version of what they are computed from and kept for the jobs asked
 * last. The caller reads the version from the platform database on every request (see JobReports), so a result
 * scored, a review recorded or a cancellation stored by any replica makes every replica compute again; requests for
 * the same version share one computation, and a failed computation is not kept.
 */
@ApplicationScoped
public class ReportCache {

    /** What is cached for a job: each has its own entry. */
    public enum Kind {
        SUMMARY,
        HTML,
        /** {@code report.json}, gzip-compressed (a 10,000-item job's is tens of MB uncompressed). */
        JSON
    }

    private record Key(Kind kind, UUID jobId, String tenantId) {}

    /** Numbers the computations, so that a test can tell a kept value from one computed again. */
    private static final AtomicLong COMPUTATIONS = new AtomicLong();

    /** A version's computation, and once it is done its value and when it was done (for {@link #getRecent}). */
    private static final class Entry {
        private final Object version;
        private final long computation = COMPUTATIONS.incrementAndGet();
        private Uni<Object> value;
        private volatile Object done;
        private volatile long doneAt;

        Entry(Object version) {
            this.version = version;
        }
    }

    private final int capacity;
    private final Duration recent;
    private final LongSupplier nanoTime;
    private final Map<Key, Entry> entries;

    @Inject
    public ReportCache(ScorerConfig config) {
        this(config.reportCacheSize(), config.runningSummaryAge(), System::nanoTime);
    }

    ReportCache(int capacity) {
        this(capacity, Duration.ZERO, System::nanoTime);
    }

    ReportCache(int capacity, Duration recent, LongSupplier nanoTime) {
        this.capacity = Math.max(0, capacity);
        this.recent = recent;
        this.nanoTime = nanoTime;
        // Access order: the entry asked least recently goes first when the cache is full.
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
                return size() > ReportCache.this.capacity;
            }
        };
    }

    /**
     * The value kept for this job, kind and version (a value whose {@code equals} says the stored state is the same),
     * or the one {@code compute} gives (then kept in place of any other version's).
     */
    public <T> Uni<T> get(Kind kind, UUID jobId, String tenantId, Object version, Supplier<Uni<T>> compute) {
        return getRecent(kind, jobId, tenantId, version, (keptVersion, kept) -> false, compute);
    }

    /**
     * As {@link #get}, but a value computed for another version less than the configured age ago
     * ({@code snailbench.scorer.running-summary-age}) is served as it is when {@code stillServable} says it may stand
     * for {@code version} (a running job's summary while the job is still running): a job polled while its results
     * arrive is summarised at most once per that age, not once per result.
     */
    @SuppressWarnings("unchecked")
    public <T> Uni<T> getRecent(
            Kind kind,
            UUID jobId,
            String tenantId,
            Object version,
            BiPredicate<Object, T> stillServable,
            Supplier<Uni<T>> compute) {
        Key key = new Key(kind, jobId, tenantId);
        Entry entry;
        synchronized (entries) {
            entry = entries.get(key);
            if (entry != null
                    && !entry.version.equals(version)
                    && entry.done != null
                    && nanoTime.getAsLong() - entry.doneAt < recent.toNanos()
                    && stillServable.test(entry.version, (T) entry.done)) {
                return Uni.createFrom().item((T) entry.done);
            }
            if (entry == null || !entry.version.equals(version)) {
                Entry created = new Entry(version);
                created.value = Uni.createFrom()
                        .deferred(() -> (Uni<Object>) compute.get())
                        .invoke(value -> {
                            created.doneAt = nanoTime.getAsLong();
                            created.done = value;
                        })
                        .memoize()
                        .indefinitely();
                entry = created;
                if (capacity > 0) {
                    entries.put(key, entry);
                }
            }
        }
        Entry asked = entry;
        return (Uni<T>) asked.value.onFailure().invoke(() -> forget(key, asked));
    }

    private void forget(Key key, Entry entry) {
        synchronized (entries) {
            entries.remove(key, entry);
        }
    }

    /**
     * Which computation the value kept for this job and kind comes from (each computation has its own number), when
     * one is kept and done: a request served from what is kept leaves it as it is.
     */
    public OptionalLong keptComputation(Kind kind, UUID jobId, String tenantId) {
        synchronized (entries) {
            Entry entry = entries.get(new Key(kind, jobId, tenantId));
            return entry == null || entry.done == null ? OptionalLong.empty() : OptionalLong.of(entry.computation);
        }
    }

    /** Entries kept now (for tests). */
    int size() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
