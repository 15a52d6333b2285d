package dev.snailbench.scorer.rest;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.scorer.model.Tenant;
import dev.snailbench.scorer.repository.TenantRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

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
                .onItem().ifNull().failWith(UnknownKey::new)
                // A key just returned by POST /tenants reaches this service through the tenants topic: it is given
                // the platform's promise (usable everywhere within ApiKeys.PROPAGATION) before being refused.
                .onFailure(UnknownKey.class).retry().withBackOff(Duration.ofMillis(50), Duration.ofMillis(200))
                .expireIn(ApiKeys.PROPAGATION.toMillis())
                .onFailure(UnknownKey.class).transform(e -> Problems.unauthorized("invalid API key"));
    }

    private static final class UnknownKey extends RuntimeException {
        UnknownKey() {
            super("invalid API key", null, false, false);
        }
    }
}
