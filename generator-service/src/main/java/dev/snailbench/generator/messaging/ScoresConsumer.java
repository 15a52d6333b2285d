package dev.snailbench.generator.messaging;

import dev.snailbench.generator.repository.JobSql;
import dev.snailbench.generator.repository.WorkItemState;
import dev.snailbench.generator.repository.WorkItemStateSql;
import dev.snailbench.generator.repository.WorkItemStateSql.Unscored;
import dev.snailbench.generator.repository.WorkItemStateSql.Verdict;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Batches;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Counts each work item's verdict into its job's progress, exactly once however often it is delivered. The scorer sends
 * a job's verdicts several to a record ({@link ItemsScored}); a batch of records is one transaction: the items' rows
 * still unscored are locked and marked, then each job's counters move by that many in one UPDATE. Plain SQL on the
 * platform's pool ({@link WorkItemStateSql}, {@link JobSql}): a few prepared statements per batch, whatever its size.
 */
@ApplicationScoped
public class ScoresConsumer {

    private final Pool pool;
    private final JobSql jobs;
    private final WorkItemStateSql items;
    private final WorkPublisher publisher;
    private final JobEndPublisher ended;

    public ScoresConsumer(Pool pool, JobSql jobs, WorkItemStateSql items, WorkPublisher publisher,
            JobEndPublisher ended) {
        this.ended = ended;
        this.pool = pool;
        this.jobs = jobs;
        this.items = items;
        this.publisher = publisher;
    }

    @Incoming(Channels.SCORES)
    public Uni<Void> consume(Message<List<ItemsScored>> batch) {
        return Batches.consume(batch, ScoresConsumer::refusal,
                records -> count(records.stream().flatMap(record -> record.verdicts().stream()).toList()));
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
        // A redelivered verdict may share the batch with the first one: the first counts.
        Map<UUID, ItemScored> byItem = verdicts.stream().collect(Collectors.toMap(ItemScored::workItemId,
                Function.identity(), (first, again) -> first, LinkedHashMap::new));
        return pool.withTransaction(connection -> items.lockUnscored(connection, byItem.keySet())
                        .chain(unscored -> unscored.isEmpty() ? Uni.createFrom().item(List.<JobSql.Completed>of())
                                : mark(connection, unscored, byItem)))
                // Counted verdicts make room in their jobs' windows: publish their next items now.
                .invoke(publisher::kick)
                // Jobs these verdicts completed, once committed: the executor releases their databases.
                .chain(ended::completed);
    }

    private Uni<List<JobSql.Completed>> mark(SqlConnection connection, List<Unscored> unscored, Map<UUID, ItemScored> byItem) {
        // Failed items keep their reason, so a job can say why its items failed (GET /jobs/{id} topReasons).
        List<Verdict> marks = unscored.stream().map(item -> {
            ItemScored verdict = byItem.get(item.id());
            return new Verdict(item.id(), verdict.failed(),
                    verdict.failed() ? WorkItemState.reasonOf(verdict.reason()) : null);
        }).toList();
        // Jobs in id order: two batches touching the same jobs lock their rows in the same order (no deadlock).
        Map<UUID, int[]> byJob = new TreeMap<>();
        for (Unscored item : unscored) {
            int[] counts = byJob.computeIfAbsent(item.jobId(), id -> new int[2]);
            counts[0]++;
            if (byItem.get(item.id()).failed()) {
                counts[1]++;
            }
        }
        List<JobSql.Verdicts> counts = byJob.entrySet().stream()
                .map(job -> new JobSql.Verdicts(job.getKey(), job.getValue()[0], job.getValue()[1])).toList();
        return items.markScored(connection, marks).chain(() -> jobs.countVerdicts(connection, counts));
    }
}
