package dev.snailbench.generator.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.JobCancelled;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Tells the hops that a job was cancelled (jobs-cancelled, compacted, key job id): the inference service and the
 * executor skip its items still in flight instead of asking a model and running queries nobody will read.
 */
@ApplicationScoped
public class JobCancellationPublisher {

    private final MutinyEmitter<Record<String, JobCancelled>> emitter;

    public JobCancellationPublisher(
            @Channel(Channels.JOBS_CANCELLED_OUT) MutinyEmitter<Record<String, JobCancelled>> emitter) {
        this.emitter = emitter;
    }

    /** Completes once the broker has the event. */
    public Uni<Void> publish(UUID jobId, String tenantId, String reason) {
        JobCancelled event = JobCancelled.of(jobId, tenantId, reason);
        return emitter.send(Record.of(event.key(), event));
    }
}
