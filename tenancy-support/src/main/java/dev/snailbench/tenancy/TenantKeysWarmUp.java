package dev.snailbench.tenancy;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.CompletableFuture;
import org.jboss.logging.Logger;

/**
 * Looks a key up once at start-up: the first lookup opens the first database connection and prepares the query,
 * which takes seconds on a loaded machine and would otherwise be paid by the first request with a tenant's key. Not
 * awaited by the start: it runs beside the rest of the service's start (its consumers joining their groups) and after
 * it. A key lookup that comes while it still runs waits for it ({@link #done}) instead of opening a connection and
 * preparing the query a second time beside it. Not a check: a failure is logged and start-up goes on (readiness
 * reports the database).
 */
@ApplicationScoped
public class TenantKeysWarmUp {

    private static final Logger LOG = Logger.getLogger(TenantKeysWarmUp.class);

    private final TenantKeyRepository keys;
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    public TenantKeysWarmUp(TenantKeyRepository keys) {
        this.keys = keys;
    }

    void onStart(@Observes StartupEvent start) {
        long begin = System.nanoTime();
        try {
            VertxContextSupport.subscribe(
                    () -> Panache.withSession(() -> keys.byKeyHash("warm-up")).toMulti(),
                    lookup -> lookup.with(ignored -> {}, failure -> finish(begin, failure), () -> finish(begin, null)));
        } catch (RuntimeException e) {
            finish(begin, e);
        }
    }

    private void finish(long begin, Throwable failure) {
        if (failure == null) {
            LOG.infof("tenant keys: first lookup done in %d ms", (System.nanoTime() - begin) / 1_000_000);
        } else {
            LOG.infof(
                    "tenant keys: the start-up lookup failed (%s); the first request will open the connection",
                    failure.getMessage());
        }
        done.complete(null);
    }

    /**
     * Completes once the start-up lookup has ended, whether it found the database or not (a copy: a caller's
     * cancellation stays its own). Never completes in a service whose start-up event has not been fired.
     */
    public CompletableFuture<Void> done() {
        return done.copy();
    }

    /** Whether the start-up lookup has ended: later lookups need not wait. */
    public boolean isDone() {
        return done.isDone();
    }
}
