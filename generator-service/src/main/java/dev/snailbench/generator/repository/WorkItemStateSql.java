package dev.snailbench.generator.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * The per-item writes of {@link WorkItemState} as plain SQL on the reactive client: one prepared statement per
 * batch, whatever its size (an HQL IN list is translated again for every list size, and the session's flush
 * costs more than the rows). The entity stays the table's definition: these are the columns Hibernate generates
 * (field names, folded to lower case). Every method runs on the caller's connection, inside its transaction.
 */
@ApplicationScoped
public class WorkItemStateSql {

    private static final String LOCK_UNSCORED = "SELECT id, jobid FROM generator.workitemstate "
            + "WHERE id = ANY($1) AND NOT scored ORDER BY id FOR UPDATE";

    // Only failed items take a reason: a successful verdict leaves the column as it is (null), as before.
    private static final String MARK_SCORED = "UPDATE generator.workitemstate AS w SET scored = true, "
            + "failed = v.failed, reason = CASE WHEN v.failed THEN v.reason ELSE w.reason END "
            + "FROM UNNEST($1::uuid[], $2::boolean[], $3::text[]) AS v(id, failed, reason) WHERE w.id = v.id";

    private static final String INSERT = "INSERT INTO generator.workitemstate "
            + "(id, jobid, questionid, modellabel, level, scored, failed) "
            + "SELECT v.id, $1, v.questionid, v.modellabel, v.level, false, false "
            + "FROM UNNEST($2::uuid[], $3::text[], $4::text[], $5::text[]) AS v(id, questionid, modellabel, level)";

    /** An item's row as the verdict count needs it. */
    public record Unscored(UUID id, UUID jobId) {}

    /** An item's verdict to store: {@code reason} only for a failed one. */
    public record Verdict(UUID id, boolean failed, String reason) {}

    /**
     * The rows of these items still without a verdict, locked in id order until the transaction ends: a verdict
     * delivered twice at once (a rebalance) waits here and then finds its item scored, so it is counted once; two
     * batches lock their common rows in the same order, so they never deadlock.
     */
    public Uni<List<Unscored>> lockUnscored(SqlConnection connection, Collection<UUID> workItemIds) {
        return connection
                .preparedQuery(LOCK_UNSCORED)
                .execute(Tuple.of(workItemIds.toArray(UUID[]::new)))
                .map(rows -> {
                    List<Unscored> locked = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        locked.add(new Unscored(row.getUUID(0), row.getUUID(1)));
                    }
                    return locked;
                });
    }

    /** Marks these items scored with their outcomes, in one statement; call with rows locked by lockUnscored. */
    public Uni<Integer> markScored(SqlConnection connection, List<Verdict> verdicts) {
        if (verdicts.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        int n = verdicts.size();
        UUID[] ids = new UUID[n];
        Boolean[] failed = new Boolean[n];
        String[] reasons = new String[n];
        for (int i = 0; i < n; i++) {
            Verdict verdict = verdicts.get(i);
            ids[i] = verdict.id();
            failed[i] = verdict.failed();
            reasons[i] = verdict.reason();
        }
        return connection
                .preparedQuery(MARK_SCORED)
                .execute(Tuple.of(ids, failed, reasons))
                .map(rows -> rows.rowCount());
    }

    /** Stores a new job's items, unscored, in one statement. */
    public Uni<Integer> insert(SqlConnection connection, UUID jobId, List<WorkItemState> items) {
        if (items.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        int n = items.size();
        UUID[] ids = new UUID[n];
        String[] questionIds = new String[n];
        String[] modelLabels = new String[n];
        String[] levels = new String[n];
        for (int i = 0; i < n; i++) {
            WorkItemState item = items.get(i);
            ids[i] = item.id;
            questionIds[i] = item.questionId;
            modelLabels[i] = item.modelLabel;
            levels[i] = item.level;
        }
        return connection
                .preparedQuery(INSERT)
                .execute(Tuple.of(jobId, ids, questionIds, modelLabels, levels))
                .map(rows -> rows.rowCount());
    }
}
