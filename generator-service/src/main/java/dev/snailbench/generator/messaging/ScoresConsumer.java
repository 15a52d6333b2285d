package dev.snailbench.generator.messaging;

import dev.snailbench.generator.repository.VerdictCounts;
import dev.snailbench.generator.repository.WorkItemState;
import dev.snailbench.generator.repository.WorkItemStateSql.Verdict;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Batches;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Collectors;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Counts each work item's verdict into its job's progress, exactly once however often it is delivered. The scorer sends
 * a job's verdicts several to a record ({@link ItemsScored}); a batch of records is one transaction: the items' rows
 * still unscored are locked and marked, then each job's counters move by that many in one UPDATE ({@link VerdictCounts}:
 * plain SQL on the platform's pool, a few prepared statements per batch, whatever its size).
 */
@ApplicationScoped
public class ScoresConsumer {

    private final VerdictCounts counts;
    private final WorkPublisher publisher;
    private final JobEndPublisher ended;

    public ScoresConsumer(VerdictCounts counts, WorkPublisher publisher, JobEndPublisher ended) {
        this.counts = counts;
        this.publisher = publisher;
        this.ended = ended;
    }

    @Incoming(Channels.SCORES)
    public Uni<Void> consume(Message<List<ItemsScored>> batch) {
        return Batches.consume(
                batch,
                ScoresConsumer::refusal,
                records -> count(records.stream()
                        .flatMap(record -> record.verdicts().stream())
                        .toList()));
    }

    /**
     * A record whose verdicts cannot all be counted is refused whole (dead-letter topic): a verdict without its ids,
     * or one of another job or tenant than the record's, is a producer's bug, and counting the rest would hide it.
     */
    static String refusal(ItemsScored record) {
        if (record.verdicts() == null || record.verdicts().isEmpty()) {
            return "ItemsScored " + record.eventId() + " holds no verdict";
        }
        for (ItemScored verdict : record.verdicts()) {
            if (verdict.workItemId() == null || verdict.jobId() == null) {
                return "ItemsScored " + record.eventId() + ": verdict " + verdict.eventId()
                        + " lacks workItemId or jobId";
            }
            if (!verdict.jobId().equals(record.jobId()) || !Objects.equals(verdict.tenantId(), record.tenantId())) {
                return "ItemsScored " + record.eventId() + ": the verdict on work item " + verdict.workItemId()
                        + " is of job " + verdict.jobId() + " and tenant " + verdict.tenantId() + ", not the record's";
            }
        }
        return null;
    }

    private Uni<Void> count(List<ItemScored> verdicts) {
        // A redelivered verdict may share the batch with the first one: the first counts. Failed items keep their
        // reason, so a job can say why its items failed (GET /jobs/{id} topReasons).
        Map<UUID, Verdict> byItem = verdicts.stream()
                .collect(Collectors.toMap(
                        ItemScored::workItemId,
                        verdict -> new Verdict(
                                verdict.workItemId(),
                                verdict.failed(),
                                verdict.failed() ? WorkItemState.reasonOf(verdict.reason()) : null),
                        (first, again) -> first,
                        LinkedHashMap::new));
        return counts.count(byItem)
                // Counted verdicts make room in their jobs' windows: publish their next items now.
                .invoke(publisher::kick)
                // Jobs these verdicts completed, once committed: the executor releases their databases.
                .chain(ended::completed);
    }
}
