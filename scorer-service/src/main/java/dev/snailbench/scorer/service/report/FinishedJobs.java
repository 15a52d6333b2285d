package dev.snailbench.scorer.service.report;

import dev.snailbench.model.problem.NotFound;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResultSql;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Has a job's reports computed and kept ({@link JobReports#keep}) when the job finishes, and again when a review or a
 * cancellation changes a finished job: asked after the change is committed, it runs in the background (the caller,
 * and the offset it commits, do not wait), and what it keeps is keyed by the version it read, so running it twice or
 * after a newer change is harmless. Should it not run (a crash, a replica that did not score the last item), the first
 * request computes, as for any version not kept.
 */
@ApplicationScoped
public class FinishedJobs {

    private static final Logger LOG = Logger.getLogger(FinishedJobs.class);

    private record Job(UUID jobId, String tenantId) {}

    private final ItemResultSql sql;
    private final JobReports reports;

    public FinishedJobs(ItemResultSql sql, JobReports reports) {
        this.sql = sql;
        this.reports = reports;
    }

    /**
     * Results stored (committed): each job among them whose stored results reach its size (one count through the
     * (jobId, tenantId) index) has its reports kept.
     */
    public void stored(Collection<ItemResult> results) {
        Map<Job, Integer> sizes = results.stream()
                .filter(r -> r.jobItems != null)
                .collect(Collectors.toMap(r -> new Job(r.jobId, r.tenantId), r -> r.jobItems, Math::max));
        sizes.forEach((job, size) -> sql.version(job.jobId(), job.tenantId())
                .subscribe()
                .with(
                        version -> {
                            if (version.items() >= size) {
                                changed(job.jobId(), job.tenantId());
                            }
                        },
                        e -> LOG.warnf("job %s: could not count its results: %s", job.jobId(), e.toString())));
    }

    /** A finished job's results changed (a review, a cancellation): its reports are kept for how it is now. */
    public void changed(UUID jobId, String tenantId) {
        reports.keep(jobId, tenantId)
                .onFailure(NotFound.class)
                .recoverWithItem(false)
                .subscribe()
                .with(
                        finished -> {
                            if (finished) {
                                LOG.debugf("job %s: reports kept", jobId);
                            }
                        },
                        e -> LOG.warnf(
                                "job %s: could not compute its reports (the first request will): %s",
                                jobId, e.toString()));
    }
}
