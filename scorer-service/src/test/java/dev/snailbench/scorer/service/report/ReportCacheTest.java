package dev.snailbench.scorer.service.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.scorer.repository.ResultsVersion;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ReportCacheTest {

    private final UUID job = UUID.randomUUID();
    private final AtomicInteger computed = new AtomicInteger();

    private Uni<String> compute() {
        return Uni.createFrom().item(() -> "summary " + computed.incrementAndGet());
    }

    private String get(ReportCache cache, ResultsVersion version) {
        return cache.get(ReportCache.Kind.SUMMARY, job, "t1", version, this::compute)
                .await()
                .atMost(Duration.ofSeconds(5));
    }

    @Test
    void shouldComputeOncePerVersionAndAgainWhenTheResultsChange() {
        ReportCache cache = new ReportCache(4);
        ResultsVersion running = new ResultsVersion(5_000, "0");
        assertThat(get(cache, running)).isEqualTo("summary 1");
        assertThat(get(cache, running)).as("the same results").isEqualTo("summary 1");

        assertThat(get(cache, new ResultsVersion(10_000, "0")))
                .as("more results")
                .isEqualTo("summary 2");
        assertThat(get(cache, new ResultsVersion(10_000, "1765080000000000")))
                .as("a review")
                .isEqualTo("summary 3");
        assertThat(get(cache, running)).as("never an answer of other results").isEqualTo("summary 4");
    }

    @Test
    void shouldKeepEachKindTenantAndJobApart() {
        ReportCache cache = new ReportCache(4);
        ResultsVersion version = new ResultsVersion(1, "0");
        get(cache, version);
        cache.get(ReportCache.Kind.HTML, job, "t1", version, this::compute)
                .await()
                .indefinitely();
        cache.get(ReportCache.Kind.SUMMARY, job, "t2", version, this::compute)
                .await()
                .indefinitely();
        cache.get(ReportCache.Kind.SUMMARY, UUID.randomUUID(), "t1", version, this::compute)
                .await()
                .indefinitely();
        assertThat(computed).hasValue(4);
    }

    @Test
    void shouldShareOneComputationBetweenRequestsForTheSameVersion() {
        ReportCache cache = new ReportCache(4);
        CompletableFuture<String> release = new CompletableFuture<>();
        ResultsVersion version = new ResultsVersion(3, "0");
        Uni<String> first = cache.get(ReportCache.Kind.SUMMARY, job, "t1", version, () -> {
            computed.incrementAndGet();
            return Uni.createFrom().completionStage(release);
        });
        Uni<String> second = cache.get(ReportCache.Kind.SUMMARY, job, "t1", version, this::compute);
        CompletableFuture<String> a = first.subscribeAsCompletionStage();
        CompletableFuture<String> b = second.subscribeAsCompletionStage();
        release.complete("shared");
        assertThat(a.join()).isEqualTo("shared");
        assertThat(b.join()).isEqualTo("shared");
        assertThat(computed).hasValue(1);
    }

    @Test
    void shouldNotKeepAFailedComputation() {
        ReportCache cache = new ReportCache(4);
        ResultsVersion version = new ResultsVersion(3, "0");
        assertThatThrownBy(() -> cache.get(
                                ReportCache.Kind.SUMMARY,
                                job,
                                "t1",
                                version,
                                () -> Uni.createFrom().<String>failure(new IllegalStateException("database gone")))
                        .await()
                        .indefinitely())
                .hasMessageContaining("database gone");
        assertThat(get(cache, version)).isEqualTo("summary 1");
    }

    @Test
    void shouldKeepOnlyTheJobsAskedLast() {
        ReportCache cache = new ReportCache(2);
        ResultsVersion version = new ResultsVersion(1, "0");
        UUID[] jobs = {UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID()};
        for (UUID each : jobs) {
            cache.get(ReportCache.Kind.SUMMARY, each, "t1", version, this::compute)
                    .await()
                    .indefinitely();
        }
        assertThat(cache.size()).isEqualTo(2);
        cache.get(ReportCache.Kind.SUMMARY, jobs[0], "t1", version, this::compute)
                .await()
                .indefinitely();
        assertThat(computed).as("the first job was let go").hasValue(4);
        cache.get(ReportCache.Kind.SUMMARY, jobs[2], "t1", version, this::compute)
                .await()
                .indefinitely();
        assertThat(computed).as("the last one kept").hasValue(4);
    }

    @Test
    void shouldServeAValueOfAnotherVersionOnlyWhileItIsRecentAndStillStands() {
        AtomicLong now = new AtomicLong();
        ReportCache cache = new ReportCache(4, Duration.ofSeconds(2), now::get);
        ResultsVersion first = new ResultsVersion(100, "0");
        ResultsVersion next = new ResultsVersion(150, "0");
        assertThat(recent(cache, first, true)).isEqualTo("summary 1");

        now.addAndGet(Duration.ofMillis(1_500).toNanos());
        assertThat(recent(cache, next, true)).as("recent, and it stands").isEqualTo("summary 1");
        assertThat(recent(cache, next, false))
                .as("it does not stand for these results")
                .isEqualTo("summary 2");

        now.addAndGet(Duration.ofMillis(2_500).toNanos());
        assertThat(recent(cache, new ResultsVersion(200, "0"), true))
                .as("too old")
                .isEqualTo("summary 3");
        assertThat(get(cache, new ResultsVersion(200, "0")))
                .as("the same version")
                .isEqualTo("summary 3");
        assertThat(get(cache, new ResultsVersion(250, "0")))
                .as("get never serves another version")
                .isEqualTo("summary 4");
    }

    @Test
    void shouldPassTheKeptVersionAndValueToTheTest() {
        AtomicLong now = new AtomicLong();
        ReportCache cache = new ReportCache(4, Duration.ofSeconds(2), now::get);
        ResultsVersion first = new ResultsVersion(100, "0");
        get(cache, first);
        List<Object> seen = new ArrayList<>();
        cache.getRecent(
                        ReportCache.Kind.SUMMARY,
                        job,
                        "t1",
                        new ResultsVersion(101, "0"),
                        (version, value) -> {
                            seen.add(version);
                            seen.add(value);
                            return false;
                        },
                        this::compute)
                .await()
                .atMost(Duration.ofSeconds(5));
        assertThat(seen).containsExactly(first, "summary 1");
    }

    private String recent(ReportCache cache, ResultsVersion version, boolean stands) {
        return cache.<String>getRecent(
                        ReportCache.Kind.SUMMARY, job, "t1", version, (kept, value) -> stands, this::compute)
                .await()
                .atMost(Duration.ofSeconds(5));
    }
}
