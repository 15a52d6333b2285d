package dev.snailbench.scorer.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Batches;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.event.ItemAbandoned;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResultSql;
import dev.snailbench.scorer.service.ItemScorer;
import dev.snailbench.scorer.service.report.FinishedJobs;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/**
 * The scorer's hop: ExecutionCompleted (results-to-score, several to a record) → stored item result → ItemScored
 * (scores-out), a batch of records at a time (one query for what is already stored, one transaction for the new
 * results, the verdicts sent together, each job's in one record: {@link VerdictPublisher}; plain SQL,
 * {@link ItemResultSql}). Idempotent on the work-item id: a redelivered event finds the stored result and re-emits its
 * verdict, so a crash between the database commit and the emit cannot lose it (the generator dedupes on the work-item
 * id). The offsets commit only after the commit and the broker's acks ({@link Batches}). A job the batch finishes has
 * its reports computed in the background ({@link FinishedJobs}).
 */
@ApplicationScoped
public class ExecutionResultsConsumer {

    private static final Logger LOG = Logger.getLogger(ExecutionResultsConsumer.class);

    private final ItemResultSql results;
    private final ItemScorer scorer;
    private final VerdictPublisher verdicts;
    private final FinishedJobs finished;

    public ExecutionResultsConsumer(
            ItemResultSql results, ItemScorer scorer, VerdictPublisher verdicts, FinishedJobs finished) {
        this.results = results;
        this.scorer = scorer;
        this.verdicts = verdicts;
        this.finished = finished;
    }

    /**
     * Records of several results each ({@link ExecutionsCompleted}): a record with a result lacking its ids or its
     * item, or of another job or tenant than the record's, is refused whole (dead-lettered, where the abandoned-items
     * reader gives each identifiable item a failed verdict); the other records' results are scored together.
     */
    @Incoming(Channels.RESULTS_TO_SCORE)
    public Uni<Void> consume(Message<List<ExecutionsCompleted>> batch) {
        return Batches.consume(
                batch,
                ExecutionResultsConsumer::refusal,
                records -> scoreAll(records.stream()
                        .flatMap(record -> record.results().stream())
                        .toList()));
    }

    /** Results without their ids cannot get a verdict: the dead-letter topic keeps the record with this reason. */
    static String refusal(ExecutionsCompleted record) {
        String refused = record.refusal();
        if (refused != null) {
            return refused;
        }
        return record.results().stream()
                .filter(event -> event.tenantId() == null || event.item() == null)
                .findFirst()
                .map(event -> "ExecutionsCompleted " + record.eventId() + ": ExecutionCompleted " + event.eventId()
                        + " lacks workItemId, jobId, tenantId or item")
                .orElse(null);
    }

    private Uni<Void> scoreAll(List<ExecutionCompleted> events) {
        Context context = Vertx.currentContext();
        // A batch may hold the same item twice (a redelivery): score it once.
        Map<UUID, ExecutionCompleted> byItem = events.stream()
                .collect(Collectors.toMap(
                        ExecutionCompleted::workItemId,
                        Function.identity(),
                        (first, again) -> first,
                        LinkedHashMap::new));
        return results.findAll(byItem.keySet())
                .chain(stored -> {
                    List<ExecutionCompleted> missing = byItem.values().stream()
                            .filter(event -> !stored.containsKey(event.workItemId()))
                            .toList();
                    return missing.isEmpty()
                            ? Uni.createFrom().item(stored)
                            : scoreAndStore(missing, context).map(standing -> {
                                Map<UUID, ItemResult> all = new LinkedHashMap<>(stored);
                                all.putAll(standing);
                                return all;
                            });
                })
                // Committed: a job these results finish has its reports computed in the background.
                .invoke(all -> finished.stored(all.values()))
                .chain(all -> sendAll(events, all));
    }

    /**
     * The results that stand for these items, by work-item id: the new ones, or the one another delivery stored
     * first (the first verdict wins).
     */
    private Uni<Map<UUID, ItemResult>> scoreAndStore(List<ExecutionCompleted> events, Context context) {
        // Parsing and comparing large results is CPU work: on a worker, then back on the Vert.x context for the
        // database and the sends. Scoring never throws for an item's content: a failure is that item's verdict.
        return Uni.createFrom()
                .item(() -> {
                    List<ItemResult> scored = new ArrayList<>(events.size());
                    events.forEach(event -> scored.add(scoreOne(event)));
                    return scored;
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .emitOn(task -> context.runOnContext(ignored -> task.run()))
                .chain(results::insertNew);
    }

    /** A bug in scoring one item must not hold back the batch: that item gets a failed verdict saying why. */
    private ItemResult scoreOne(ExecutionCompleted event) {
        try {
            return scorer.score(event);
        } catch (RuntimeException e) {
            LOG.warnf(e, "work item %s (job %s) could not be scored", event.workItemId(), event.jobId());
            return scorer.abandoned(new ItemAbandoned(
                    event.eventId(),
                    event.jobId(),
                    event.tenantId(),
                    event.workItemId(),
                    event.occurredAt(),
                    event.schemaVersion(),
                    event.item(),
                    "scorer",
                    e.toString()));
        }
    }

    /** Every event of the batch is answered, a redelivered one too (the first verdict, again). */
    private Uni<Void> sendAll(List<ExecutionCompleted> events, Map<UUID, ItemResult> results) {
        return verdicts.send(events.stream()
                .map(event -> verdict(event, results.get(event.workItemId())))
                .toList());
    }

    static ItemScored verdict(ExecutionCompleted event, ItemResult result) {
        return ItemScored.of(
                event,
                Boolean.TRUE.equals(result.strict.match),
                Boolean.TRUE.equals(result.set.match),
                result.failed,
                result.reason);
    }
}
