package dev.snailbench.tenancy;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.problem.TooManyRequests;
import dev.snailbench.model.problem.Unauthorized;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The tenant of an {@code X-API-Key}: found by the key's SHA-256, or a 401 ({@link Unauthorized}).
 * <p>
 * A key just returned by {@code POST /tenants} reaches this service through the tenants topic, a few tens of
 * milliseconds after the generator answered. A key this service does not know yet is therefore not refused at once:
 * the request waits for its registration ({@link TenantKeyArrivals}) and answers the moment it is stored, up to
 * {@code snailbench.tenancy.unknown-key-wait} (1.5 s); only then is the key refused, with {@code Retry-After: 1}.
 * That keeps the platform's promise, a returned key works everywhere within {@link ApiKeys#PROPAGATION}, cheaply:
 * <ul>
 *   <li>the wait holds no thread (a future completed by the tenants consumer) and looks the key up only twice,
 *   at its start and at its deadline;</li>
 *   <li>every unknown key costs its client address a token ({@link FailedAuthLimiter}): out of tokens, the request
 *   is answered 429 with Retry-After at once, without a wait;</li>
 *   <li>at most {@code max-waiting} requests wait at once, all clients together; beyond that an unknown key is
 *   refused at once.</li>
 * </ul>
 * A known key never waits and never costs a token.
 */
@ApplicationScoped
public class TenantAuthenticator {

    private final TenantKeyRepository keys;
    private final TenantKeyArrivals arrivals;
    private final FailedAuthLimiter limiter;
    private final TenancyConfig config;
    private final TenantKeysWarmUp warmUp;

    public TenantAuthenticator(
            TenantKeyRepository keys,
            TenantKeyArrivals arrivals,
            FailedAuthLimiter limiter,
            TenancyConfig config,
            TenantKeysWarmUp warmUp) {
        this.keys = keys;
        this.arrivals = arrivals;
        this.limiter = limiter;
        this.config = config;
        this.warmUp = warmUp;
    }

    /** The tenant id of the key a client at {@code client} (its address: {@link ClientAddress}) presented. */
    public Uni<String> tenantOf(String apiKey, String client) {
        if (apiKey == null || apiKey.isBlank()) {
            return Uni.createFrom().failure(new Unauthorized("missing " + ApiKeys.HEADER + " header", ApiKeys.HEADER));
        }
        String hash = ApiKeys.sha256(apiKey.strip());
        return lookup(hash).onItem().ifNull().switchTo(() -> unknown(hash, client));
    }

    private Uni<String> unknown(String hash, String client) {
        Duration retryAfter = limiter.take(client);
        if (!retryAfter.isZero()) {
            return Uni.createFrom()
                    .failure(new TooManyRequests(
                            "too many unknown API keys; try again later", ApiKeys.HEADER, retryAfter));
        }
        if (arrivals.waiting() >= config.maxWaiting()) {
            return Uni.createFrom().failure(invalid());
        }
        // Registered before looking up again, so a registration stored in between is not missed.
        CompletableFuture<Void> arrival = arrivals.next(hash);
        Executor context = onThisContext();
        return lookup(hash)
                .chain(tenant -> tenant != null
                        ? Uni.createFrom().item(tenant)
                        // A copy: a timed-out wait must not cancel the future other requests for the same key share.
                        : Uni.createFrom()
                                .completionStage(arrival.copy())
                                .ifNoItem()
                                .after(config.unknownKeyWait())
                                .recoverWithItem((Void) null)
                                // Back on the request's Vert.x context: the database session must be used from it.
                                .emitOn(context)
                                // Arrived, or the deadline: look once more (a registration stored by another replica
                                // sharing this database wakes nobody here).
                                .chain(woken -> lookup(hash)))
                .onItem()
                .ifNull()
                .failWith(() -> {
                    arrivals.forget(hash, arrival);
                    return invalid();
                });
    }

    /** The 401 of an unknown key: a key created a moment ago may still be on its way, hence Retry-After. */
    private static Unauthorized invalid() {
        return new Unauthorized("invalid API key", ApiKeys.HEADER, Duration.ofSeconds(1));
    }

    /**
     * The key's tenant, or null. While the start-up's lookup ({@link TenantKeysWarmUp}) still opens the first
     * connection and prepares the query, after it: the same work again beside it would only slow both down.
     */
    private Uni<String> lookup(String hash) {
        if (warmUp.isDone()) {
            return lookupNow(hash);
        }
        Executor context = onThisContext();
        return Uni.createFrom()
                .completionStage(warmUp::done)
                // Back on the request's Vert.x context: the database session must be used from it.
                .emitOn(context)
                .chain(ignored -> lookupNow(hash));
    }

    private Uni<String> lookupNow(String hash) {
        return Panache.withSession(() -> keys.byKeyHash(hash)).map(key -> key == null ? null : key.tenantId);
    }

    private static Executor onThisContext() {
        Context context = Vertx.currentContext();
        return context == null ? Runnable::run : task -> context.runOnContext(ignored -> task.run());
    }
}
