package dev.snailbench.tenancy;

import dev.snailbench.model.event.TenantRegistered;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class TenantKeyRepository implements PanacheRepositoryBase<TenantKey, String> {

    public Uni<TenantKey> byKeyHash(String sha256) {
        return find("apiKeySha256", sha256).firstResult();
    }

    /** The registration of a tenant (null when unknown), read in a session of its own. */
    public Uni<TenantKey> ofTenant(String tenantId) {
        return Panache.withSession(() -> findById(tenantId));
    }

    /** Stores a tenant's registration in a transaction of its own: whether its key is now the tenant's. */
    public Uni<Boolean> register(TenantRegistered event) {
        return Panache.withTransaction(() -> upsert(event));
    }

    /**
     * Whether the registration's key is now this tenant's (a new tenant, or a rotation newer than the stored key), in
     * one statement: the replicas of a service store the same registrations into one table at the same moment, and
     * the primary key decides between them ({@code INSERT … ON CONFLICT}), never an error and a retry.
     */
    Uni<Boolean> upsert(TenantRegistered event) {
        return Panache.getSession()
                .chain(session -> session.createMutationQuery(STORE)
                        .setParameter("tenantId", event.tenantId())
                        .setParameter("name", event.name())
                        .setParameter("hash", event.apiKeySha256())
                        .setParameter("at", event.occurredAt())
                        .executeUpdate())
                .map(rows -> rows == 1);
    }

    // A later registration of the same tenant is a new key (rotation): the old one stops working. An older one
    // (redelivered after it), or one without a time, changes nothing.
    private static final String STORE = "insert into TenantKey (tenantId, name, apiKeySha256, registeredAt) "
            + "values (:tenantId, :name, :hash, :at) on conflict (tenantId) do update set name = excluded.name, "
            + "apiKeySha256 = excluded.apiKeySha256, registeredAt = excluded.registeredAt "
            + "where excluded.registeredAt is not null and (registeredAt is null or registeredAt < excluded.registeredAt)";
}
