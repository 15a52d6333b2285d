package dev.snailbench.executor.messaging;

import dev.snailbench.executor.service.DatabaseUses;
import dev.snailbench.model.Channels;
import dev.snailbench.model.event.JobEnded;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Releases the registered databases of jobs that have every verdict (jobs-ended, compacted, key job id): their uses
 * are deleted from the table the replicas share, so such a database can be deleted at once. Idempotent: a repeat
 * deletes nothing.
 */
@ApplicationScoped
public class JobEndConsumer {

    private final DatabaseUses uses;

    public JobEndConsumer(DatabaseUses uses) {
        this.uses = uses;
    }

    /** Fails (to the channel's dead-letter topic) for an event without a job id. */
    @Incoming(Channels.JOBS_ENDED)
    public Uni<Void> onEnded(JobEnded event) {
        if (event == null || event.jobId() == null) {
            return Uni.createFrom()
                    .failure(new IllegalArgumentException(
                            "JobEnded " + (event == null ? "" : event.eventId()) + " lacks jobId"));
        }
        return uses.release(event.jobId());
    }
}
