package dev.snailbench.tenancy;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class TenantKeyRepository implements PanacheRepositoryBase<TenantKey, String> {

    public Uni<TenantKey> byKeyHash(String sha256) {
        return find("apiKeySha256", sha256).firstResult();
    }
}
