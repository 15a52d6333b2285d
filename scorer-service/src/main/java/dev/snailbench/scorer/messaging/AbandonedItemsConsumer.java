package dev.snailbench.scorer.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.Topics;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.event.ItemAbandoned;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResultSql;
import dev.snailbench.scorer.service.ItemScorer;
import dev.snailbench.scorer.service.report.FinishedJobs;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Every item ends with a verdict: work items dead-lettered by any hop ({@link Topics#WORK_ITEM_DEAD_LETTERS}) and
 * items the generator's watchdog abandoned ({@link Topics#ITEMS_ABANDONED}) get a failed verdict,
 * {@code could not be scored: <stage>: <reason>}, stored like any other result and sent to the generator, so the
 * job completes. The dead-letter topics keep the records for operators. An item that already has a verdict keeps
 * it (the first verdict wins) and that verdict is sent again.
 */
@ApplicationScoped
public class AbandonedItemsConsumer {

    private static final Logger LOG = Logger.getLogger(AbandonedItemsConsumer.class);
    /** Header SmallRye's dead-letter queue sets to the failure's message. */
    static final String DEAD_LETTER_REASON = "dead-letter-reason";

    private final ItemResultSql results;
    private final ItemScorer scorer;
    private final VerdictPublisher verdicts;
    private final FinishedJobs finished;

    public AbandonedItemsConsumer(
            ItemResultSql results, ItemScorer scorer, VerdictPublisher verdicts, FinishedJobs finished) {
        this.results = results;
        this.scorer = scorer;
        this.verdicts = verdicts;
        this.finished = finished;
    }

    /**
     * One record: an abandonment, or a dead-lettered work-item record with every work item it holds (a record of any
     * work-item topic holds several), each given its failed verdict in turn; the verdicts are sent together.
     */
    @Incoming(Channels.ITEMS_ABANDONED)
    public Uni<Void> consume(ConsumerRecord<String, List<ItemAbandoned>> record) {
        List<ItemAbandoned> items = describe(record);
        List<ItemAbandoned> workItems = items.stream()
                .filter(event -> event.workItemId() != null && event.jobId() != null && event.tenantId() != null)
                .toList();
        if (workItems.size() < items.size() || items.isEmpty()) {
            // Not a work item (a poison record dead-lettered upstream): nothing to give a verdict to.
            String what = items.isEmpty()
                    ? "no work item"
                    : items.size() - workItems.size() + " events that are not work items";
            LOG.warnf("%s offset %d holds %s; left in the topic for operators", record.topic(), record.offset(), what);
        }
        if (workItems.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Redelivery.withRetries(
                        workItems.size() + " abandoned work items from " + record.topic() + " offset "
                                + record.offset(),
                        () -> Multi.createFrom()
                                .iterable(workItems)
                                .onItem()
                                .transformToUniAndConcatenate(this::abandon)
                                .collect()
                                .asList()
                                .chain(verdicts::send))
                .onFailure()
                .invoke(e -> LOG.warnf(
                        "%s offset %d: could not record the failed verdicts of its %d work "
                                + "items, the record goes to the dead-letter topic: %s",
                        record.topic(), record.offset(), workItems.size(), e.toString()));
    }

    /** The item's verdict: the failed one stored now, or the one that already stood (the first verdict wins). */
    private Uni<ItemScored> abandon(ItemAbandoned event) {
        LOG.warnf("work item %s (job %s) could not be scored: %s", event.workItemId(), event.jobId(), event.reason());
        return results.findAll(List.of(event.workItemId()))
                .map(found -> found.get(event.workItemId()))
                .flatMap(existing -> existing != null ? Uni.createFrom().item(existing) : store(event))
                .map(result -> verdict(event, result));
    }

    /** Stores the failed verdict, or answers the result another delivery stored first. */
    private Uni<ItemResult> store(ItemAbandoned event) {
        return results.insertNew(List.of(scorer.abandoned(event)))
                // Committed: when this was the job's last item, its reports are computed in the background.
                .invoke(standing -> finished.stored(standing.values()))
                .map(standing -> standing.get(event.workItemId()));
    }

    /**
     * The record's abandonments: a dead-lettered record's work items take their stage from the topic and their reason
     * from its header.
     */
    static List<ItemAbandoned> describe(ConsumerRecord<String, List<ItemAbandoned>> record) {
        List<ItemAbandoned> events = record.value() == null ? List.of() : record.value();
        if (Topics.ITEMS_ABANDONED.equals(record.topic())) {
            return events;
        }
        Header header = record.headers().lastHeader(DEAD_LETTER_REASON);
        String stage = Topics.stageOf(record.topic());
        String reason = stage + " failed: "
                + (header == null || header.value() == null
                        ? "dead-lettered without a reason"
                        : new String(header.value(), StandardCharsets.UTF_8));
        return events.stream().map(event -> event.withCause(stage, reason)).toList();
    }

    private static ItemScored verdict(ItemAbandoned event, ItemResult result) {
        return new ItemScored(
                UUID.randomUUID(),
                event.jobId(),
                event.tenantId(),
                event.workItemId(),
                Instant.now(),
                ItemScored.SCHEMA_VERSION,
                result.questionId,
                Boolean.TRUE.equals(result.strict.match),
                Boolean.TRUE.equals(result.set.match),
                result.failed,
                result.reason);
    }
}
