package dev.snailbench.tenancy;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * Looks a key up once at start-up, before the service takes requests: the first lookup opens the first database
 * connection and prepares the query, which took seconds on a loaded machine and was paid by the first request with
 * a new tenant's key. Not a check: a failure is logged and start-up goes on (readiness reports the database).
 */
@ApplicationScoped
public class TenantKeysWarmUp {

    private static final Logger LOG = Logger.getLogger(TenantKeysWarmUp.class);

    private final TenantKeyRepository keys;

    public TenantKeysWarmUp(TenantKeyRepository keys) {
        this.keys = keys;
    }

    void onStart(@Observes StartupEvent start) {
        long begin = System.nanoTime();
        try {
            VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> keys.byKeyHash("warm-up")));
            LOG.infof("tenant keys: first lookup done in %d ms", (System.nanoTime() - begin) / 1_000_000);
        } catch (Throwable e) {
            LOG.infof(
                    "tenant keys: the start-up lookup failed (%s); the first request will open the connection",
                    e.getMessage());
        }
    }
}
