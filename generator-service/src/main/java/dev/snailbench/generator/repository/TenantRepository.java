package dev.snailbench.generator.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class TenantRepository implements PanacheRepositoryBase<Tenant, String> {

    public Uni<Tenant> findByKeyHash(String apiKeySha256) {
        return find("apiKeySha256", apiKeySha256).firstResult();
    }
}
