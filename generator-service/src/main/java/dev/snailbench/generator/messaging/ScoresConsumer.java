package dev.snailbench.generator.messaging;

import dev.snailbench.generator.repository.JobRepository;
import dev.snailbench.generator.repository.WorkItemStateRepository;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.event.ItemScored;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Counts each work item's verdict into its job's progress, exactly once however often it is delivered. */
@ApplicationScoped
public class ScoresConsumer {

    private final JobRepository jobs;
    private final WorkItemStateRepository items;

    public ScoresConsumer(JobRepository jobs, WorkItemStateRepository items) {
        this.jobs = jobs;
        this.items = items;
    }

    @Incoming(Channels.SCORES)
    public Uni<Void> consume(ItemScored event) {
        return Redelivery.withRetries("verdict of work item " + event.workItemId(), () -> Panache.withTransaction(
                () -> items.markScored(event.workItemId(), event.failed())
                        .chain(firstTime -> firstTime == 1 ? jobs.countVerdict(event.jobId(), event.failed())
                                : Uni.createFrom().item(0))))
                .replaceWithVoid();
    }
}
