package dev.snailbench.workbench.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/** Synthetic question sets and their pairs, scoped to a tenant. Call inside a session/transaction. */
@ApplicationScoped
public class SyntheticSetRepository implements PanacheRepositoryBase<SyntheticSet, UUID> {

    /** The tenant's sets, newest first. */
    public Uni<List<SyntheticSet>> forTenant(String tenantId) {
        return list("tenantId = ?1 order by createdAt desc, id", tenantId);
    }

    public Uni<SyntheticSet> findForTenant(String tenantId, UUID id) {
        return find("id = ?1 and tenantId = ?2", id, tenantId).firstResult();
    }

    public Uni<List<SyntheticPair>> pairs(UUID setId) {
        return SyntheticPair.list("setId = ?1 order by ordinal", setId);
    }
}
