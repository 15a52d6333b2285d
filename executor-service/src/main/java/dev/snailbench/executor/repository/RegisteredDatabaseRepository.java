package dev.snailbench.executor.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class RegisteredDatabaseRepository implements PanacheRepositoryBase<RegisteredDatabase, UUID> {

    /** The tenant's database, or null: another tenant's database is as absent as a missing one. */
    public Uni<RegisteredDatabase> findOwned(UUID id, String tenantId) {
        return find("id = ?1 and tenantId = ?2", id, tenantId).firstResult();
    }

    public Uni<List<RegisteredDatabase>> listOwned(String tenantId) {
        return find("tenantId", Sort.by("createdAt").and("id"), tenantId).list();
    }
}
