package dev.snailbench.scorer.service.report;

import dev.snailbench.model.problem.NotFound;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResultRepository;
import dev.snailbench.scorer.repository.JobCancellations;
import dev.snailbench.scorer.service.stats.JobProgress;
import dev.snailbench.scorer.service.stats.JobStatistics;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/**
 * The one place a job's reports come from: its scored items with where the job stands, and its summary, computed here
 * and nowhere else (every report, JSON, CSV, HTML, starts from these).
 */
@ApplicationScoped
public class JobReports {

    private final ItemResultRepository results;
    private final JobCancellations cancellations;
    private final JobStatistics statistics;

    public JobReports(ItemResultRepository results, JobCancellations cancellations, JobStatistics statistics) {
        this.results = results;
        this.cancellations = cancellations;
        this.statistics = statistics;
    }

    /** A job's scored items, in question order, and where the job stands. */
    public record JobItems(JobProgress job, List<ItemResult> items) {
    }

    /** A job's summary and its scored items. */
    public record JobReport(JobStatistics.Summary summary, List<ItemResult> items) {
    }

    /**
     * The tenant's scored items of a job and where the job stands; 404 when the tenant has none (unknown, another
     * tenant's, or nothing scored yet). Reads in a session of its own, closed before the answer goes on.
     */
    public Uni<JobItems> items(UUID jobId, String tenantId) {
        return Panache.withSession(() -> results.forJob(jobId, tenantId)).invoke(list -> {
            if (list.isEmpty()) {
                throw new NotFound("no results for job " + jobId);
            }
        }).chain(list -> cancellations.find(jobId, tenantId).map(cancelled -> new JobItems(
                JobProgress.of(list, cancelled.isPresent(), cancelled.map(JobCancellations.Cancelled::reason)
                        .orElse(null)), list)));
    }

    /** The summary of the tenant's job and its items, computed on a worker thread (bootstrap intervals). */
    public Uni<JobReport> report(UUID jobId, String tenantId) {
        return items(jobId, tenantId).emitOn(Infrastructure.getDefaultWorkerPool())
                .map(job -> new JobReport(summary(jobId, job), job.items()));
    }

    /** The summary of a job's items as {@link #items} read them. Blocking (bootstrap intervals): a worker thread. */
    public JobStatistics.Summary summary(UUID jobId, JobItems job) {
        return statistics.summarize(jobId, job.job(), job.items());
    }
}
