package dev.snailbench.executor.service;

import dev.snailbench.executor.model.RegisteredDatabase;
import dev.snailbench.executor.repository.RegisteredDatabaseRepository;
import dev.snailbench.model.domain.SecretCipher;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * Finishes a key rotation: at startup, every registered database password (and admin password) still sealed with a
 * key now listed in {@code snailbench.secrets.previous-keys} is sealed again with the current key, in one
 * transaction. Once every replica has started with the new key, the old one can leave {@code previous-keys}.
 * Idempotent; replicas doing it at once each leave a value sealed with the current key.
 */
@ApplicationScoped
public class SecretReseal {

    private static final Logger LOG = Logger.getLogger(SecretReseal.class);

    private final RegisteredDatabaseRepository databases;
    private final SecretCipher cipher;

    public SecretReseal(RegisteredDatabaseRepository databases, SecretCipher cipher) {
        this.databases = databases;
        this.cipher = cipher;
    }

    void onStart(@Observes StartupEvent event) {
        int resealed = resealNow();
        if (resealed > 0) {
            LOG.infof("sealed %d registered database secrets again with the current key", resealed);
        }
    }

    /** Seals again what an older key sealed, waiting for the commit; answers how many secrets changed. Blocking. */
    public int resealNow() {
        try {
            return VertxContextSupport.subscribeAndAwait(this::resealAll);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("re-sealing the registry's secrets failed: " + e.getMessage(), e);
        }
    }

    private Uni<Integer> resealAll() {
        return Panache.withTransaction(() -> databases.listAll().map(all -> {
            int changed = 0;
            for (RegisteredDatabase db : all) {
                String password = resealed(db, db.sealedPassword);
                if (password != null) {
                    db.sealedPassword = password;
                    changed++;
                }
                String admin = resealed(db, db.sealedAdminPassword);
                if (admin != null) {
                    db.sealedAdminPassword = admin;
                    changed++;
                }
            }
            return changed;
        }));
    }

    /** The secret sealed with the current key, or null when it already is (or no key opens it: left as is). */
    private String resealed(RegisteredDatabase db, String sealed) {
        if (sealed == null || cipher.sealedWithCurrentKey(sealed)) {
            return null;
        }
        try {
            return cipher.seal(cipher.open(sealed));
        } catch (IllegalArgumentException e) {
            // A key removed too early: the team must register the database again; the others still get re-sealed.
            LOG.warnf("database %s (tenant %s) has a secret no configured key opens: %s", db.id, db.tenantId,
                    e.getMessage());
            return null;
        }
    }
}
