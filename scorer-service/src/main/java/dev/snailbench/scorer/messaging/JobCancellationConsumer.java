package dev.snailbench.scorer.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.scorer.repository.JobCancellations;
import dev.snailbench.scorer.service.report.FinishedJobs;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Stores the jobs their tenants cancelled (jobs-cancelled, compacted, key job id), so that a cancelled job's reports
 * say so on their first line. Idempotent: a redelivered cancellation is stored once. A cancellation without its job
 * or tenant goes to the channel's dead-letter topic.
 */
@ApplicationScoped
public class JobCancellationConsumer {

    private final JobCancellations cancellations;
    private final FinishedJobs finished;

    public JobCancellationConsumer(JobCancellations cancellations, FinishedJobs finished) {
        this.cancellations = cancellations;
        this.finished = finished;
    }

    @Incoming(Channels.JOBS_CANCELLED)
    public Uni<Void> consume(JobCancelled event) {
        if (event == null || event.jobId() == null || event.tenantId() == null) {
            return Uni.createFrom()
                    .failure(new IllegalArgumentException(
                            "JobCancelled " + (event == null ? "" : event.eventId()) + " lacks jobId or tenantId"));
        }
        // Stored: the job has finished, cancelled; its reports are computed in the background.
        return cancellations.store(event).invoke(() -> finished.changed(event.jobId(), event.tenantId()));
    }
}
