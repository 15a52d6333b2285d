package dev.snailbench.tenancy;

import dev.snailbench.model.domain.ApiKeys;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The tenant of an {@code X-API-Key}: found by the key's SHA-256, or a 401 ({@link ApiError.Unauthorized}).
 * <p>
 * A key just returned by {@code POST /tenants} reaches this service through the tenants topic, a few tens of
 * milliseconds after the generator answered. A key this service does not know yet is therefore not refused at once:
 * the request waits for its registration ({@link TenantKeyArrivals}) and answers the moment it is stored, up to
 * {@link #UNKNOWN_KEY_WAIT}; only then is the key refused. That is what keeps the platform's promise, a returned key
 * works everywhere within {@link ApiKeys#PROPAGATION}, without a fixed delay and without a second write.
 */
@ApplicationScoped
public class TenantAuthenticator {

    /**
     * How long a request with an unknown key waits for its registration before the 401: well beyond the promise,
     * so that a slow broker makes a new key slow, not refused. (An invalid key is refused after this long.)
     */
    static final Duration UNKNOWN_KEY_WAIT = Duration.ofSeconds(5);
    /**
     * While waiting, the key is looked up again this often even without an arrival: a safety net for a
     * registration stored by another replica sharing this service's database.
     */
    static final Duration RECHECK = Duration.ofMillis(500);

    private final TenantKeyRepository keys;
    private final TenantKeyArrivals arrivals;

    public TenantAuthenticator(TenantKeyRepository keys, TenantKeyArrivals arrivals) {
        this.keys = keys;
        this.arrivals = arrivals;
    }

    /** The caller's tenant id. */
    public Uni<String> tenantOf(String apiKey) {
        if (apiKey == null || apiKey.isBlank()) {
            return Uni.createFrom().failure(new ApiError.Unauthorized("missing " + ApiKeys.HEADER + " header"));
        }
        String hash = ApiKeys.sha256(apiKey.strip());
        return lookup(hash)
                .onItem().ifNull().switchTo(() -> awaitRegistration(hash, onThisContext(),
                        System.nanoTime() + UNKNOWN_KEY_WAIT.toNanos()))
                .onItem().ifNull().failWith(() -> new ApiError.Unauthorized("invalid API key"));
    }

    private Uni<String> lookup(String hash) {
        return Panache.withSession(() -> keys.byKeyHash(hash)).map(key -> key == null ? null : key.tenantId);
    }

    /** The tenant once its registration is stored here; null (a 401) if it has not come by the deadline. */
    private Uni<String> awaitRegistration(String hash, Executor context, long deadline) {
        // Registered before looking up again, so a registration stored in between is not missed.
        CompletableFuture<Void> arrival = arrivals.next(hash);
        return lookup(hash).chain(tenant -> {
            if (tenant != null) {
                return Uni.createFrom().item(tenant);
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                arrivals.forget(hash, arrival);
                return Uni.createFrom().nullItem();
            }
            // A copy: a timed-out wait must not cancel the future other requests for the same key share.
            return Uni.createFrom().completionStage(arrival.copy())
                    .ifNoItem().after(Duration.ofNanos(Math.min(left, RECHECK.toNanos()))).recoverWithItem((Void) null)
                    // Back on the request's Vert.x context: the database session must be used from it.
                    .emitOn(context)
                    .chain(woken -> awaitRegistration(hash, context, deadline));
        });
    }

    private static Executor onThisContext() {
        Context context = Vertx.currentContext();
        return context == null ? Runnable::run : task -> context.runOnContext(ignored -> task.run());
    }
}
