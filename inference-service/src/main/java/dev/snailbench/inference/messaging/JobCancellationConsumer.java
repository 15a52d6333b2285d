package dev.snailbench.inference.messaging;

import dev.snailbench.inference.config.InferenceConfig;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.CancelledJobs;
import dev.snailbench.model.event.JobCancelled;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** The inference service's set of cancelled jobs: their items still in flight are skipped, no model is asked. */
// A singleton, not proxied: the set it extends has no no-argument constructor.
@Singleton
public class JobCancellationConsumer extends CancelledJobs {

    public JobCancellationConsumer(InferenceConfig config) {
        super(config.cancelledJobsRemembered());
    }

    @Incoming(Channels.JOBS_CANCELLED)
    public void onCancelled(JobCancelled event) {
        add(event);
    }
}
