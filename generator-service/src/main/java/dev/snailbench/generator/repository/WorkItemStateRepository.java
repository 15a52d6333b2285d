package dev.snailbench.generator.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class WorkItemStateRepository implements PanacheRepositoryBase<WorkItemState, UUID> {

    /** Ids of a job's items still without a verdict. */
    public Uni<List<UUID>> unscored(UUID jobId) {
        return list("jobId = ?1 and scored = false", jobId)
                .map(items -> items.stream().map(i -> i.id).toList());
    }

    /** A failure reason of a job and how many of its items failed for it. */
    public record ReasonCount(String reason, long count) {}

    /** The job's commonest failure reasons, commonest first (ties by reason), at most {@code limit}. */
    public Uni<List<ReasonCount>> topReasons(UUID jobId, int limit) {
        return getSession()
                .chain(session -> session.createNamedQuery(WorkItemState.TOP_REASONS, Object[].class)
                        .setParameter(1, jobId)
                        .setMaxResults(limit)
                        .getResultList())
                .map(rows -> rows.stream()
                        .map(r -> new ReasonCount(
                                r[0] == null ? "no reason recorded" : (String) r[0], ((Number) r[1]).longValue()))
                        .toList());
    }
}
