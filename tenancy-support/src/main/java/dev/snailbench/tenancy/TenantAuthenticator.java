package dev.snailbench.tenancy;

import dev.snailbench.model.domain.ApiKeys;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/** The tenant of an {@code X-API-Key}: found by the key's SHA-256, or a 401 ({@link ApiError.Unauthorized}). */
@ApplicationScoped
public class TenantAuthenticator {

    private final TenantKeyRepository keys;

    public TenantAuthenticator(TenantKeyRepository keys) {
        this.keys = keys;
    }

    /** The caller's tenant id. */
    public Uni<String> tenantOf(String apiKey) {
        if (apiKey == null || apiKey.isBlank()) {
            return Uni.createFrom().failure(new ApiError.Unauthorized("missing " + ApiKeys.HEADER + " header"));
        }
        String hash = ApiKeys.sha256(apiKey.strip());
        return Panache.withSession(() -> keys.byKeyHash(hash))
                .onItem().ifNull().failWith(UnknownKey::new)
                // A key just returned by POST /tenants reaches this service through the tenants topic: it is given
                // the platform's promise (usable everywhere within ApiKeys.PROPAGATION) before being refused.
                .onFailure(UnknownKey.class).retry().withBackOff(Duration.ofMillis(50), Duration.ofMillis(200))
                .expireIn(ApiKeys.PROPAGATION.toMillis())
                .onFailure(UnknownKey.class).transform(e -> new ApiError.Unauthorized("invalid API key"))
                .map(key -> key.tenantId);
    }

    private static final class UnknownKey extends RuntimeException {
        UnknownKey() {
            super("invalid API key", null, false, false);
        }
    }
}
