package dev.snailbench.executor.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.executor.config.SecretsConfig;
import dev.snailbench.executor.repository.RegisteredDatabase;
import dev.snailbench.executor.repository.RegisteredDatabaseRepository;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.target.InvalidTarget;
import dev.snailbench.model.target.TargetSpec;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Brings every registration up to today's rules at startup, in one transaction (idempotent; replicas doing it at once
 * each leave the same result):
 * <ul>
 * <li>Secrets: every password (and admin password) not sealed with the current key for its record
 * ({@code database:<id>:password}) is sealed again so: after a key rotation (old key in
 * {@code snailbench.secrets.previous-keys}) and for values sealed before secrets were bound to their record (no
 * associated data). Once every replica has started with the new key, the old one can leave {@code previous-keys}. A
 * secret no configured key opens is left as is with a WARN naming the database.</li>
 * <li>Names: a row registered before a tenant's database names were unique gets its name key (the table's unique
 * constraint compares it); a name the tenant gave two databases gets a number after it on the later one.</li>
 * <li>Targets: a row registered before targets were parsed gets its parts (host, port, database) and its URL as the
 * executor builds it; a row whose URL or options today's rules refuse keeps them, gets its {@code problem} (shown by
 * {@code GET /databases/{id}}, and every use of it is refused with it) and a WARN: never silently dropped.</li>
 * </ul>
 */
@ApplicationScoped
public class SecretReseal {

    private static final Logger LOG = Logger.getLogger(SecretReseal.class);

    private final RegisteredDatabaseRepository databases;
    private final SecretCipher cipher;
    private final ObjectMapper mapper;
    private final TargetResolver targets;
    private final SecretsConfig config;

    public SecretReseal(
            RegisteredDatabaseRepository databases,
            SecretCipher cipher,
            ObjectMapper mapper,
            TargetResolver targets,
            SecretsConfig config) {
        this.databases = databases;
        this.cipher = cipher;
        this.mapper = mapper;
        this.targets = targets;
        this.config = config;
    }

    void onStart(@Observes StartupEvent event) {
        if (!config.resealAtStart()) {
            return;
        }
        int resealed = resealNow();
        if (resealed > 0) {
            LOG.infof("brought %d registered database secrets or targets up to date", resealed);
        }
    }

    /** Seals again and migrates what needs it, waiting for the commit; answers how many values changed. Blocking. */
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
            int changed = named(all);
            for (RegisteredDatabase db : all) {
                String password = resealed(db, db.sealedPassword, db.passwordBinding());
                if (password != null) {
                    db.sealedPassword = password;
                    changed++;
                }
                String admin = resealed(db, db.sealedAdminPassword, db.adminPasswordBinding());
                if (admin != null) {
                    db.sealedAdminPassword = admin;
                    changed++;
                }
                if (migrated(db)) {
                    changed++;
                }
            }
            return changed;
        }));
    }

    /**
     * The secret sealed with the current key for {@code binding}, or null when it already is (or no key opens it: left
     * as is). Opens bound with any key first, then unbound (sealed before binding existed).
     */
    private String resealed(RegisteredDatabase db, String sealed, String binding) {
        if (sealed == null || cipher.sealedWithCurrentKey(sealed, binding)) {
            return null;
        }
        String plain;
        try {
            plain = cipher.open(sealed, binding);
        } catch (IllegalArgumentException bound) {
            try {
                plain = cipher.open(sealed);
            } catch (IllegalArgumentException e) {
                // A key removed too early: the team must register the database again; the others still get re-sealed.
                LOG.warnf(
                        "database %s (tenant %s) has a secret no configured key opens: %s",
                        db.id, db.tenantId, e.getMessage());
                return null;
            }
        }
        return cipher.seal(plain, binding);
    }

    /**
     * Gives every row registered before names were unique its name key; a name another of the tenant's databases
     * already has (in any case) gets a number after it, with a WARN. Answers how many rows changed.
     */
    private static int named(List<RegisteredDatabase> all) {
        Set<String> taken = new HashSet<>();
        all.stream().filter(db -> db.nameKey != null).forEach(db -> taken.add(db.tenantId + "|" + db.nameKey));
        int changed = 0;
        for (RegisteredDatabase db : all.stream()
                .filter(db -> db.nameKey == null)
                .sorted(Comparator.comparing(
                                (RegisteredDatabase db) -> db.createdAt,
                                Comparator.nullsFirst(Comparator.naturalOrder()))
                        .thenComparing(db -> db.id))
                .toList()) {
            String name = db.name;
            for (int n = 2; taken.contains(db.tenantId + "|" + RegisteredDatabase.keyOf(name)); n++) {
                name = db.name + " (" + n + ")";
            }
            if (!name.equals(db.name)) {
                LOG.warnf(
                        "database %s (tenant %s) shares its name '%s' with another of the tenant's databases: "
                                + "renamed '%s'",
                        db.id, db.tenantId, db.name, name);
            }
            db.rename(name);
            taken.add(db.tenantId + "|" + db.nameKey);
            changed++;
        }
        return changed;
    }

    /** Fills the parsed parts of a row registered before them, or flags it; true when the row changed. */
    private boolean migrated(RegisteredDatabase db) {
        if (db.host != null || db.problem != null) {
            return false;
        }
        try {
            TargetSpec spec =
                    TargetSpec.parse(db.kind, db.jdbcUrl, targets.options(db.optionsJson), "jdbcUrl", "options");
            db.target(spec, mapper.writeValueAsString(spec.properties()));
        } catch (InvalidTarget e) {
            db.problem = e.field() + " " + e.getMessage();
            LOG.warnf(
                    "database %s (tenant %s) is refused by today's target rules and cannot be used until registered "
                            + "again: %s",
                    db.id, db.tenantId, db.problem);
        } catch (JsonProcessingException | RuntimeException e) {
            db.problem = "stored options cannot be read: " + e.getMessage();
            LOG.warnf("database %s (tenant %s): %s", db.id, db.tenantId, db.problem);
        }
        return true;
    }
}
