package dev.snailbench.scorer.rest;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.scorer.model.Tenant;
import dev.snailbench.scorer.repository.TenantRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Resolves the tenant of a request from its {@code X-API-Key} header; 401 when missing or unknown. */
@ApplicationScoped
public class ApiKeyAuth {

    private final TenantRepository tenants;

    public ApiKeyAuth(TenantRepository tenants) {
        this.tenants = tenants;
    }

    /** Must run inside a Hibernate Reactive session. */
    public Uni<Tenant> tenant(String apiKey) {
        if (apiKey == null || apiKey.isBlank()) {
            return Uni.createFrom().failure(Problems.unauthorized("missing " + ApiKeys.HEADER + " header"));
        }
        return tenants.byKeyHash(ApiKeys.sha256(apiKey.strip()))
                .onItem().ifNull().failWith(() -> Problems.unauthorized("invalid API key"));
    }
}
