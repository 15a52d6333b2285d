package dev.snailbench.workbench.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/** QATCH suites and their tests, scoped to a tenant. Call inside a session/transaction. */
@ApplicationScoped
public class TestSuiteRepository implements PanacheRepositoryBase<TestSuite, UUID> {

    /** The tenant's sets, newest first. */
    public Uni<List<TestSuite>> forTenant(String tenantId) {
        return list("tenantId = ?1 order by createdAt desc, id", tenantId);
    }

    public Uni<TestSuite> findForTenant(String tenantId, UUID id) {
        return find("id = ?1 and tenantId = ?2", id, tenantId).firstResult();
    }

    public Uni<List<TestCase>> tests(UUID suiteId) {
        return TestCase.list("suiteId = ?1 order by ordinal", suiteId);
    }
}
