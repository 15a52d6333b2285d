package dev.snailbench.generator.messaging;

import dev.snailbench.generator.repository.JobSql;
import dev.snailbench.model.Channels;
import dev.snailbench.model.event.JobEnded;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.jboss.logging.Logger;

/**
 * Tells the executor that jobs have every verdict (jobs-ended, compacted, key job id): it releases the registered
 * databases they used at once. A failed send is logged, never the verdicts' failure: the executor then releases the
 * database after its {@code database-use.hold}.
 */
@ApplicationScoped
public class JobEndPublisher {

    private static final Logger LOG = Logger.getLogger(JobEndPublisher.class);

    private final MutinyEmitter<Record<String, JobEnded>> emitter;

    public JobEndPublisher(@Channel(Channels.JOBS_ENDED_OUT) MutinyEmitter<Record<String, JobEnded>> emitter) {
        this.emitter = emitter;
    }

    /** Completes once the broker has the events (or their send failed, logged). */
    public Uni<Void> completed(List<JobSql.Completed> jobs) {
        if (jobs.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Multi.createFrom()
                .iterable(jobs)
                .onItem()
                .transformToUniAndConcatenate(job -> {
                    JobEnded event = JobEnded.of(job.jobId(), job.tenantId(), "completed");
                    return emitter.send(Record.of(event.key(), event))
                            .onFailure()
                            .recoverWithUni(e -> {
                                LOG.warnf("could not tell that job %s completed: %s", job.jobId(), e.toString());
                                return Uni.createFrom().voidItem();
                            });
                })
                .collect()
                .last()
                .replaceWithVoid();
    }
}
