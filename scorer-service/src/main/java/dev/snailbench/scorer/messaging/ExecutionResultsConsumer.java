package dev.snailbench.scorer.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.scorer.model.ItemResult;
import dev.snailbench.scorer.repository.ItemResultRepository;
import dev.snailbench.scorer.service.ItemScorer;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * The scorer's hop: ExecutionCompleted (results-to-score) → stored item result → ItemScored (scores-out).
 * Idempotent on the work-item id: a redelivered event finds the stored result and re-emits its verdict, so a
 * crash between the database commit and the emit cannot lose it (the generator dedupes on the work-item id).
 * The offset commits only when the returned Uni completes, i.e. after the commit and the broker's ack.
 */
@ApplicationScoped
public class ExecutionResultsConsumer {

    private static final Logger LOG = Logger.getLogger(ExecutionResultsConsumer.class);

    private final ItemResultRepository results;
    private final ItemScorer scorer;
    private final MutinyEmitter<ItemScored> scores;

    public ExecutionResultsConsumer(ItemResultRepository results, ItemScorer scorer,
            @Channel(Channels.SCORES_OUT) MutinyEmitter<ItemScored> scores) {
        this.results = results;
        this.scorer = scorer;
        this.scores = scores;
    }

    @Incoming(Channels.RESULTS_TO_SCORE)
    public Uni<Void> consume(ExecutionCompleted event) {
        if (event.workItemId() == null || event.jobId() == null || event.tenantId() == null || event.item() == null) {
            // Fails the message: the dead-letter queue keeps it with this reason.
            return Uni.createFrom().failure(new IllegalArgumentException(
                    "ExecutionCompleted " + event.eventId() + " lacks workItemId, jobId, tenantId or item"));
        }
        Context context = Vertx.currentContext();
        if (context == null) {
            return Uni.createFrom().failure(new IllegalStateException(
                    "results-to-score must be consumed on a Vert.x context (Hibernate Reactive needs one)"));
        }
        return Redelivery.withRetries("work item " + event.workItemId(), () -> Panache.withSession(
                        () -> results.findById(event.workItemId()))
                .flatMap(existing -> existing != null ? Uni.createFrom().item(existing) : scoreAndStore(event, context))
                .flatMap(result -> scores.sendMessage(KafkaRecord.of(event.key(), verdict(event, result)))));
    }

    private Uni<ItemResult> scoreAndStore(ExecutionCompleted event, Context context) {
        // Parsing and comparing large results is CPU work: on a worker, then back on the Vert.x context for
        // Hibernate Reactive.
        return Uni.createFrom().item(() -> scorer.score(event))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .emitOn(task -> context.runOnContext(ignored -> task.run()))
                .flatMap(result -> Panache.withTransaction(() -> results.persist(result)))
                .onFailure().recoverWithUni(error -> alreadyStored(event, error));
    }

    /** Another delivery of the same item won the insert race: use its row, else report the real error. */
    private Uni<ItemResult> alreadyStored(ExecutionCompleted event, Throwable error) {
        return Panache.withSession(() -> results.findById(event.workItemId()))
                .flatMap(found -> {
                    if (found == null) {
                        return Uni.createFrom().failure(error);
                    }
                    LOG.debugf("work item %s was stored by a concurrent delivery", event.workItemId());
                    return Uni.createFrom().item(found);
                });
    }

    static ItemScored verdict(ExecutionCompleted event, ItemResult result) {
        return ItemScored.of(event, Boolean.TRUE.equals(result.strictMatch), Boolean.TRUE.equals(result.setMatch),
                result.failed, result.reason);
    }
}
