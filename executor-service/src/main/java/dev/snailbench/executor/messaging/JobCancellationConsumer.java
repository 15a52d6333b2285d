package dev.snailbench.executor.messaging;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.CancelledJobs;
import dev.snailbench.model.event.JobCancelled;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** The executor's set of cancelled jobs, learnt from the jobs-cancelled topic; their items are skipped, not run. */
// A singleton, not proxied: the set it extends has no no-argument constructor.
@Singleton
public class JobCancellationConsumer extends CancelledJobs {

    public JobCancellationConsumer(ExecutorConfig config) {
        super(config.cancelledJobsRemembered());
    }

    @Incoming(Channels.JOBS_CANCELLED)
    public void onCancelled(JobCancelled event) {
        add(event);
    }
}
