package dev.snailbench.generator.repository;

import dev.snailbench.generator.repository.WorkItemStateSql.Unscored;
import dev.snailbench.generator.repository.WorkItemStateSql.Verdict;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Counts verdicts into their jobs' progress in one transaction: the items' rows still unscored are locked and
 * marked, then each job's counters move by that many in one UPDATE (jobs in id order, so two batches touching the
 * same jobs lock their rows in the same order). An item scored before is not counted again.
 */
@ApplicationScoped
public class VerdictCounts {

    private final Pool pool;
    private final JobSql jobs;
    private final WorkItemStateSql items;

    public VerdictCounts(Pool pool, JobSql jobs, WorkItemStateSql items) {
        this.pool = pool;
        this.jobs = jobs;
        this.items = items;
    }

    /** Counts one verdict per work item (keyed by its id); returns the jobs these verdicts completed. */
    public Uni<List<JobSql.Completed>> count(Map<UUID, Verdict> byItem) {
        return pool.withTransaction(connection -> items.lockUnscored(connection, byItem.keySet())
                .chain(unscored -> unscored.isEmpty()
                        ? Uni.createFrom().item(List.<JobSql.Completed>of())
                        : mark(connection, unscored, byItem)));
    }

    private Uni<List<JobSql.Completed>> mark(
            SqlConnection connection, List<Unscored> unscored, Map<UUID, Verdict> byItem) {
        List<Verdict> marks =
                unscored.stream().map(item -> byItem.get(item.id())).toList();
        Map<UUID, int[]> byJob = new TreeMap<>();
        for (Unscored item : unscored) {
            int[] counts = byJob.computeIfAbsent(item.jobId(), id -> new int[2]);
            counts[0]++;
            if (byItem.get(item.id()).failed()) {
                counts[1]++;
            }
        }
        List<JobSql.Verdicts> counts = byJob.entrySet().stream()
                .map(job -> new JobSql.Verdicts(job.getKey(), job.getValue()[0], job.getValue()[1]))
                .toList();
        return items.markScored(connection, marks).chain(() -> jobs.countVerdicts(connection, counts));
    }
}
