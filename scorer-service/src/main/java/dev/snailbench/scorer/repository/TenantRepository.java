package dev.snailbench.scorer.repository;

import dev.snailbench.scorer.model.Tenant;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class TenantRepository implements PanacheRepositoryBase<Tenant, String> {

    public Uni<Tenant> byKeyHash(String sha256) {
        return find("apiKeySha256", sha256).firstResult();
    }
}
