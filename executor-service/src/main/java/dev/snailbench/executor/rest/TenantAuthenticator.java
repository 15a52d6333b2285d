package dev.snailbench.executor.rest;

import dev.snailbench.executor.repository.TenantRepository;
import dev.snailbench.model.domain.ApiKeys;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/** Finds the tenant of an API key by its SHA-256, as learnt from the tenants topic. */
@ApplicationScoped
public class TenantAuthenticator {

    private final TenantRepository tenants;

    public TenantAuthenticator(TenantRepository tenants) {
        this.tenants = tenants;
    }

    /** The tenant id, or a 401 failure when the key is missing or unknown. */
    public Uni<String> tenantOf(String apiKey) {
        if (apiKey == null || apiKey.isBlank()) {
            return Uni.createFrom().failure(ApiErrors.unauthorized("missing " + ApiKeys.HEADER + " header"));
        }
        return Panache.withSession(() -> tenants.findByApiKeySha256(ApiKeys.sha256(apiKey.trim())))
                .onItem().ifNull().failWith(UnknownKey::new)
                // A key just returned by POST /tenants reaches this service through the tenants topic: it is given
                // the platform's promise (usable everywhere within ApiKeys.PROPAGATION) before being refused.
                .onFailure(UnknownKey.class).retry().withBackOff(Duration.ofMillis(50), Duration.ofMillis(200))
                .expireIn(ApiKeys.PROPAGATION.toMillis())
                .onFailure(UnknownKey.class).transform(e -> ApiErrors.unauthorized("unknown API key"))
                .map(t -> t.tenantId);
    }

    private static final class UnknownKey extends RuntimeException {
        UnknownKey() {
            super("unknown API key", null, false, false);
        }
    }
}
