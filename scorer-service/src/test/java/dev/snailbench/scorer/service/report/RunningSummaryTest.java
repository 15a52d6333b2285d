package dev.snailbench.scorer.service.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.scorer.repository.JobCancellations;
import dev.snailbench.scorer.repository.ResultsVersion;
import dev.snailbench.scorer.service.stats.JobProgress;
import dev.snailbench.scorer.service.stats.JobStatistics;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A running job's summary may be served again to the polls that follow while the job still runs, never once it has
 * finished, been cancelled or had a verdict reviewed ({@link JobReports#standsFor}).
 */
class RunningSummaryTest {

    private static final UUID JOB = UUID.randomUUID();

    private static JobStatistics.Summary summary(JobProgress job) {
        return new JobStatistics.Summary(
                job, JOB, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    private static JobReports.Version version(long items, String reviews) {
        return new JobReports.Version(new ResultsVersion(items, reviews), Optional.empty());
    }

    private static final JobReports.Version THEN = version(400, "0");
    private static final JobStatistics.Summary RUNNING =
            summary(new JobProgress(JobProgress.RUNNING, 400, 1_000, 3, null));

    @Test
    void shouldLetARunningSummaryStandWhileTheJobStillRuns() {
        assertThat(JobReports.standsFor(THEN, RUNNING, version(401, "0"))).isTrue();
        assertThat(JobReports.standsFor(THEN, RUNNING, version(999, "0"))).isTrue();
    }

    @Test
    void shouldNeverServeARunningSummaryForAFinishedJob() {
        assertThat(JobReports.standsFor(THEN, RUNNING, version(1_000, "0")))
                .as("every item scored")
                .isFalse();
        assertThat(JobReports.standsFor(
                        THEN,
                        RUNNING,
                        new JobReports.Version(
                                new ResultsVersion(500, "0"), Optional.of(new JobCancellations.Cancelled("stopped")))))
                .as("cancelled")
                .isFalse();
    }

    @Test
    void shouldComputeAgainAfterAReview() {
        assertThat(JobReports.standsFor(THEN, RUNNING, version(450, "1765080000000000")))
                .isFalse();
    }

    @Test
    void shouldNotLetAFinishedOrUnknownSummaryStandForOtherResults() {
        JobStatistics.Summary completed = summary(new JobProgress(JobProgress.COMPLETED, 1_000, 1_000, 0, null));
        JobStatistics.Summary unknown = summary(new JobProgress(JobProgress.UNKNOWN, 400, null, 0, null));
        assertThat(JobReports.standsFor(THEN, completed, version(1_000, "1"))).isFalse();
        assertThat(JobReports.standsFor(THEN, unknown, version(401, "0"))).isFalse();
    }

    @Test
    void shouldServeTheFinalSummaryThroughTheCacheOnceTheJobFinishes() {
        AtomicLong now = new AtomicLong();
        ReportCache cache = new ReportCache(4, Duration.ofSeconds(30), now::get);
        JobStatistics.Summary done = summary(new JobProgress(JobProgress.COMPLETED, 1_000, 1_000, 3, null));
        assertThat(summary(cache, THEN, RUNNING)).isSameAs(RUNNING);
        assertThat(summary(cache, version(700, "0"), done))
                .as("still running: the kept one")
                .isSameAs(RUNNING);
        assertThat(summary(cache, version(1_000, "0"), done))
                .as("finished, however recent")
                .isSameAs(done);
    }

    private static JobStatistics.Summary summary(
            ReportCache cache, JobReports.Version version, JobStatistics.Summary computed) {
        return cache.<JobStatistics.Summary>getRecent(
                        ReportCache.Kind.SUMMARY,
                        JOB,
                        "t1",
                        version,
                        (keptVersion, kept) -> JobReports.standsFor(keptVersion, kept, version),
                        () -> Uni.createFrom().item(computed))
                .await()
                .atMost(Duration.ofSeconds(5));
    }
}
