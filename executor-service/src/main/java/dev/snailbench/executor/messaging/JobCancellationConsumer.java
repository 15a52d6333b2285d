package dev.snailbench.executor.messaging;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.CancelledJobs;
import dev.snailbench.model.event.JobCancelled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Learns cancelled jobs from the compacted jobs-cancelled topic (a consumer group of its own per process, read from
 * the start: every replica knows every cancellation), so that their items still in flight are skipped, not run.
 */
@ApplicationScoped
public class JobCancellationConsumer {

    private final CancelledJobs cancelled;

    public JobCancellationConsumer(ExecutorConfig config) {
        this.cancelled = new CancelledJobs(config.cancelledJobsRemembered());
    }

    @Incoming(Channels.JOBS_CANCELLED)
    public void onCancelled(JobCancelled event) {
        cancelled.add(event);
    }

    public boolean isCancelled(UUID jobId) {
        return cancelled.contains(jobId);
    }
}
