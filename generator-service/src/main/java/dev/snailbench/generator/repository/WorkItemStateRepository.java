package dev.snailbench.generator.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

@ApplicationScoped
public class WorkItemStateRepository implements PanacheRepositoryBase<WorkItemState, UUID> {

    /** Ids of a job's items still without a verdict. */
    public Uni<java.util.List<UUID>> unscored(UUID jobId) {
        return list("jobId = ?1 and scored = false", jobId).map(items -> items.stream().map(i -> i.id).toList());
    }

    /** Marks the item scored; returns 1 the first time, 0 for a redelivered verdict or an unknown item. */
    public Uni<Integer> markScored(UUID workItemId, boolean failed) {
        return update("scored = true, failed = ?1 where id = ?2 and scored = false", failed, workItemId);
    }
}
