package dev.snailbench.scorer.repository;

import dev.snailbench.scorer.model.ItemResult;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class ItemResultRepository implements PanacheRepositoryBase<ItemResult, UUID> {

    /** A job's results visible to one tenant, in question order. */
    public Uni<List<ItemResult>> forJob(UUID jobId, String tenantId) {
        return list("jobId = ?1 and tenantId = ?2 order by questionId, model, level, workItemId", jobId, tenantId);
    }
}
