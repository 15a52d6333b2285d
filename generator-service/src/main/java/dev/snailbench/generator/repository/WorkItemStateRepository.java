package dev.snailbench.generator.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class WorkItemStateRepository implements PanacheRepositoryBase<WorkItemState, UUID> {

    /** Ids of a job's items still without a verdict. */
    public Uni<List<UUID>> unscored(UUID jobId) {
        return list("jobId = ?1 and scored = false", jobId).map(items -> items.stream().map(i -> i.id).toList());
    }

    /**
     * The rows of these items still without a verdict, locked until the transaction ends: a verdict delivered twice
     * at once (a rebalance) waits here and then finds its item scored, so it is counted once.
     */
    public Uni<List<WorkItemState>> lockUnscored(Collection<UUID> workItemIds) {
        return find("id in ?1 and scored = false order by id", workItemIds)
                .withLock(LockModeType.PESSIMISTIC_WRITE)
                .list();
    }

    /** Marks these items scored with a failed verdict and its reason; call with rows locked by {@link #lockUnscored}. */
    public Uni<Integer> markFailed(Collection<UUID> workItemIds, String reason) {
        return workItemIds.isEmpty() ? Uni.createFrom().item(0)
                : update("scored = true, failed = true, reason = ?1 where id in ?2", reason, workItemIds);
    }

    /** A failure reason of a job and how many of its items failed for it. */
    public record ReasonCount(String reason, long count) {
    }

    /** The job's commonest failure reasons, commonest first (ties by reason), at most {@code limit}. */
    public Uni<List<ReasonCount>> topReasons(UUID jobId, int limit) {
        return getSession().chain(session -> session.createQuery("select w.reason, count(w) from WorkItemState w "
                        + "where w.jobId = ?1 and w.failed = true group by w.reason order by count(w) desc, w.reason",
                        Object[].class)
                .setParameter(1, jobId).setMaxResults(limit).getResultList())
                .map(rows -> rows.stream().map(r -> new ReasonCount(
                        r[0] == null ? "no reason recorded" : (String) r[0], ((Number) r[1]).longValue())).toList());
    }

    /** Marks these items scored (with this outcome); call with rows locked by {@link #lockUnscored}. */
    public Uni<Integer> markScored(Collection<UUID> workItemIds, boolean failed) {
        return workItemIds.isEmpty() ? Uni.createFrom().item(0)
                : update("scored = true, failed = ?1 where id in ?2", failed, workItemIds);
    }
}
