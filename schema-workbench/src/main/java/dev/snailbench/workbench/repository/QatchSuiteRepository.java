package dev.snailbench.workbench.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/** QATCH suites and their tests, scoped to a tenant. Call inside a session/transaction. */
@ApplicationScoped
public class QatchSuiteRepository implements PanacheRepositoryBase<QatchSuiteEntity, UUID> {

    public Uni<QatchSuiteEntity> findForTenant(String tenantId, UUID id) {
        return find("id = ?1 and tenantId = ?2", id, tenantId).firstResult();
    }

    public Uni<List<QatchTestEntity>> tests(UUID suiteId) {
        return QatchTestEntity.list("suiteId = ?1 order by ordinal", suiteId);
    }
}
