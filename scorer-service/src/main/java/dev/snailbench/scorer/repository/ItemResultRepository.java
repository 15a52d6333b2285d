package dev.snailbench.scorer.repository;

import dev.snailbench.scorer.model.ItemResult;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class ItemResultRepository implements PanacheRepositoryBase<ItemResult, UUID> {

    /** The stored results of these work items, by work-item id (one query for a whole batch). */
    public Uni<java.util.Map<UUID, ItemResult>> findAll(java.util.Collection<UUID> workItemIds) {
        return list("workItemId in ?1", workItemIds).map(found -> found.stream()
                .collect(java.util.stream.Collectors.toMap(r -> r.workItemId, r -> r)));
    }

    /** A job's results visible to one tenant, in question order. */
    public Uni<List<ItemResult>> forJob(UUID jobId, String tenantId) {
        return list("jobId = ?1 and tenantId = ?2 order by questionId, model, level, workItemId", jobId, tenantId);
    }
}
