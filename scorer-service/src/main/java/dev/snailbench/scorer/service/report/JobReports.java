package dev.snailbench.scorer.service.report;

import dev.snailbench.model.problem.NotFound;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResultSql;
import dev.snailbench.scorer.repository.JobCancellations;
import dev.snailbench.scorer.repository.ResultsVersion;
import dev.snailbench.scorer.service.stats.JobProgress;
import dev.snailbench.scorer.service.stats.JobStatistics;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one place a job's reports come from: its scored items with where the job stands, and its summary, computed here
 * and nowhere else (every report, JSON, CSV, HTML, starts from these). The summary, the HTML report and {@code
 * report.json} are computed once per version of the job (its results, their reviews, its cancellation; {@link
 * ReportCache}): read from the database on every request, so that a change any replica stores is seen by all. A
 * finished job's are computed as soon as it finishes or a review or cancellation changes it ({@link #keep}, asked by
 * {@link FinishedJobs}), so that its first request is served what is kept.
 */
@ApplicationScoped
public class JobReports {

    private final JobCancellations cancellations;
    private final JobStatistics statistics;
    private final ItemResultSql sql;
    private final ReportCache cache;
    private final ReportRenderer renderer;
    private final JsonReport json;

    public JobReports(
            JobCancellations cancellations,
            JobStatistics statistics,
            ItemResultSql sql,
            ReportCache cache,
            ReportRenderer renderer,
            JsonReport json) {
        this.cancellations = cancellations;
        this.statistics = statistics;
        this.sql = sql;
        this.cache = cache;
        this.renderer = renderer;
        this.json = json;
    }

    /** What a job's reports are computed from, as stored: its results and reviews, and its cancellation if any. */
    record Version(ResultsVersion results, Optional<JobCancellations.Cancelled> cancelled) {}

    /** The job's version as the database has it now; 404 when the tenant has no result of it. */
    private Uni<Version> version(UUID jobId, String tenantId) {
        return sql.version(jobId, tenantId)
                .invoke(version -> {
                    if (version.items() == 0) {
                        throw new NotFound("no results for job " + jobId);
                    }
                })
                .chain(version ->
                        cancellations.find(jobId, tenantId).map(cancelled -> new Version(version, cancelled)));
    }

    /**
     * The summary of the tenant's job, computed once per version of the job; while the job runs, at most once per
     * {@code snailbench.scorer.running-summary-age} ({@link #standsFor}).
     */
    public Uni<JobStatistics.Summary> summary(UUID jobId, String tenantId) {
        return version(jobId, tenantId)
                .chain(version -> cache.getRecent(
                        ReportCache.Kind.SUMMARY,
                        jobId,
                        tenantId,
                        version,
                        (keptVersion, kept) -> standsFor(keptVersion, kept, version),
                        () -> report(jobId, tenantId).map(JobReport::summary)));
    }

    /**
     * Whether a running job's summary kept for an earlier version may stand for the job as it is now: the job was
     * running then and is running now (fewer results than its items, not cancelled), and no verdict was reviewed
     * since. A job that has finished always gets the summary of its final results.
     */
    static boolean standsFor(Object keptVersion, JobStatistics.Summary kept, Version now) {
        JobProgress job = kept.job();
        return keptVersion instanceof Version then
                && JobProgress.RUNNING.equals(job.status())
                && job.total() != null
                && now.cancelled().isEmpty()
                && then.cancelled().isEmpty()
                && now.results().items() < job.total()
                && now.results().reviews().equals(then.results().reviews());
    }

    /** The job's self-contained HTML report, computed once per version of the job (on a worker thread). */
    public Uni<String> html(UUID jobId, String tenantId) {
        return rendered(ReportCache.Kind.HTML, jobId, tenantId, this::html);
    }

    /**
     * The job's {@code report.json} ({@link JsonReport}) gzip-compressed, computed once per version of the job (on a
     * worker thread).
     */
    public Uni<byte[]> json(UUID jobId, String tenantId) {
        return rendered(ReportCache.Kind.JSON, jobId, tenantId, this::json);
    }

    /** A report of the job's current version from the cache, rendered from its items and summary when not kept. */
    private <T> Uni<T> rendered(ReportCache.Kind kind, UUID jobId, String tenantId, Function<JobReport, T> render) {
        return version(jobId, tenantId)
                .chain(version -> cache.get(
                        kind,
                        jobId,
                        tenantId,
                        version,
                        () -> itemsWithSummary(jobId, tenantId).map(render)));
    }

    /**
     * Computes and keeps a finished job's summary, HTML report and {@code report.json} for its results as they are
     * now (read once), so that the requests that follow are served what is kept; nothing for a job still running
     * (its summary is computed when asked). Idempotent: a version already kept is not computed again. Answers
     * whether the job had finished.
     */
    public Uni<Boolean> keep(UUID jobId, String tenantId) {
        return items(jobId, tenantId).chain(job -> {
            if (!job.job().finished()) {
                return Uni.createFrom().item(false);
            }
            Version version = versionOf(job);
            return cache.get(
                            ReportCache.Kind.SUMMARY,
                            jobId,
                            tenantId,
                            version,
                            () -> onWorker(() -> summary(jobId, job)))
                    .map(summary -> new JobReport(summary, job.items()))
                    .call(report -> cache.get(
                            ReportCache.Kind.HTML, jobId, tenantId, version, () -> onWorker(() -> html(report))))
                    .call(report -> cache.get(
                            ReportCache.Kind.JSON, jobId, tenantId, version, () -> onWorker(() -> json(report))))
                    .replaceWith(true);
        });
    }

    private static <T> Uni<T> onWorker(Supplier<T> work) {
        return Uni.createFrom().item(work).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private String html(JobReport report) {
        return renderer.html(report.summary(), report.items());
    }

    /** The report as {@code report.json} sends it, gzip-compressed. Blocking: a worker thread. */
    private byte[] json(JobReport report) {
        return json.gzipped(report);
    }

    /** The version of the job as read with its items ({@link #version} reads the same from the database). */
    private static Version versionOf(JobItems job) {
        return new Version(
                ResultsVersion.of(job.items()),
                JobProgress.CANCELLED.equals(job.job().status())
                        ? Optional.of(new JobCancellations.Cancelled(job.job().reason()))
                        : Optional.empty());
    }

    /**
     * The summary and the items of the tenant's job, read now, on a worker thread: the summary is the one kept for
     * exactly these items, reviews and cancellation when there is one.
     */
    public Uni<JobReport> itemsWithSummary(UUID jobId, String tenantId) {
        return items(jobId, tenantId)
                .chain(job -> cache.get(
                                ReportCache.Kind.SUMMARY,
                                jobId,
                                tenantId,
                                versionOf(job),
                                () -> Uni.createFrom()
                                        .item(job)
                                        .emitOn(Infrastructure.getDefaultWorkerPool())
                                        .map(read -> summary(jobId, read)))
                        .emitOn(Infrastructure.getDefaultWorkerPool())
                        .map(summary -> new JobReport(summary, job.items())));
    }

    /** A job's scored items, in question order, and where the job stands. */
    public record JobItems(JobProgress job, List<ItemResult> items) {}

    /** A job's summary and its scored items. */
    public record JobReport(JobStatistics.Summary summary, List<ItemResult> items) {}

    /**
     * The tenant's scored items of a job and where the job stands; 404 when the tenant has none (unknown, another
     * tenant's, or nothing scored yet). Goes on on a worker thread.
     */
    public Uni<JobItems> items(UUID jobId, String tenantId) {
        return results(jobId, tenantId)
                .chain(list -> cancellations
                        .find(jobId, tenantId)
                        .map(cancelled -> new JobItems(
                                JobProgress.of(
                                        list,
                                        cancelled.isPresent(),
                                        cancelled
                                                .map(JobCancellations.Cancelled::reason)
                                                .orElse(null)),
                                list)));
    }

    /**
     * The tenant's scored items of a job in question order; 404 when the tenant has none. Read in plain SQL
     * ({@link ItemResultSql#forJob}), so that it needs no session and may be asked from any thread; goes on on a
     * worker thread.
     */
    public Uni<List<ItemResult>> results(UUID jobId, String tenantId) {
        return sql.forJob(jobId, tenantId).invoke(list -> {
            if (list.isEmpty()) {
                throw new NotFound("no results for job " + jobId);
            }
        });
    }

    /** The summary of the tenant's job and its items, computed on a worker thread (bootstrap intervals). */
    public Uni<JobReport> report(UUID jobId, String tenantId) {
        return items(jobId, tenantId)
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(job -> new JobReport(summary(jobId, job), job.items()));
    }

    /** The summary of a job's items as {@link #items} read them. Blocking (bootstrap intervals): a worker thread. */
    public JobStatistics.Summary summary(UUID jobId, JobItems job) {
        return statistics.summarize(jobId, job.job(), job.items());
    }
}
