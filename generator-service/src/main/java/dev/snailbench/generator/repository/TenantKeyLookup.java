package dev.snailbench.generator.repository;

import dev.snailbench.tenancy.TenantKey;
import dev.snailbench.tenancy.TenantKeyRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** A tenant's stored registration (its name and key hash, as the tenants topic delivered it), in a session of its own. */
@ApplicationScoped
public class TenantKeyLookup {

    private final TenantKeyRepository keys;

    public TenantKeyLookup(TenantKeyRepository keys) {
        this.keys = keys;
    }

    /** The tenant's registration; null if this service has not stored one. */
    public Uni<TenantKey> find(String tenantId) {
        return Panache.withSession(() -> keys.findById(tenantId));
    }
}
