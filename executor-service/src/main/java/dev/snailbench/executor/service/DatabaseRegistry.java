package dev.snailbench.executor.service;

import dev.snailbench.model.problem.UpstreamFailed;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.model.problem.InvalidInput;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.executor.config.ExecutorBeans;
import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.repository.RegisteredDatabase;
import dev.snailbench.executor.repository.RegisteredDatabaseRepository;
import dev.snailbench.executor.rest.DatabaseDtos.ConnectionCheck;
import dev.snailbench.executor.rest.DatabaseDtos.RegisterDatabase;
import dev.snailbench.executor.service.targets.ConnectionErrors;
import dev.snailbench.executor.service.targets.LoginPrivileges;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.model.target.InvalidTarget;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.model.target.TargetSpec;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.tenancy.ApiLimits;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * A tenant's registry of target databases: validation (parsed target, address rules), sealing (bound to the record),
 * persistence, connection checks and schemas. Errors are {@link dev.snailbench.model.problem.Problem}s naming the field; another tenant's database
 * is as absent as a missing one (404).
 */
@ApplicationScoped
public class DatabaseRegistry {

    private final RegisteredDatabaseRepository databases;
    private final TargetResolver targets;
    private final TargetPolicy policy;
    private final TargetConnector connector;
    private final PoolManager pools;
    private final SqlExecutor sql;
    private final SecretCipher cipher;
    private final ObjectMapper mapper;
    private final ExecutorConfig config;
    private final ExecutorService workers;

    public DatabaseRegistry(RegisteredDatabaseRepository databases, TargetResolver targets, TargetPolicy policy,
            TargetConnector connector, PoolManager pools, SqlExecutor sql, SecretCipher cipher, ObjectMapper mapper,
            ExecutorConfig config, @Named(ExecutorBeans.WORKERS) ExecutorService workers) {
        this.databases = databases;
        this.targets = targets;
        this.policy = policy;
        this.connector = connector;
        this.pools = pools;
        this.sql = sql;
        this.cipher = cipher;
        this.mapper = mapper;
        this.config = config;
        this.workers = workers;
    }

    /**
     * Validates (DNS of the address rules and a session of the login, on a worker), seals and stores a registration.
     */
    public Uni<RegisteredDatabase> register(String tenantId, RegisterDatabase body) {
        return onWorker(() -> readOnlyLogin(validated(tenantId, body))).chain(db -> Panache.withTransaction(
                () -> databases.persist(db)).replaceWith(db));
    }

    public Uni<List<RegisteredDatabase>> list(String tenantId) {
        return Panache.withSession(() -> databases.listOwned(tenantId));
    }

    public Uni<RegisteredDatabase> owned(String tenantId, UUID id) {
        return Panache.withSession(() -> databases.findOwned(id, tenantId)).map(db -> {
            if (db == null) {
                throw notFound(id);
            }
            return db;
        });
    }

    /** Removes the registration and closes its pools. */
    public Uni<Void> remove(String tenantId, UUID id) {
        return Panache.withTransaction(() -> databases.findOwned(id, tenantId).flatMap(db -> {
            if (db == null) {
                throw notFound(id);
            }
            return databases.delete(db).replaceWith(db);
        })).map(db -> {
            // Only this tenant's pools of the database: another tenant's registration of it keeps its own.
            pools.closePoolsOf(targets.fromRegistered(db));
            return null;
        });
    }

    /**
     * A connection test. A failure is reported by category (ConnectionErrors), without the driver's text or its
     * timing: the test must not tell a tenant what listens where.
     */
    public Uni<ConnectionCheck> test(String tenantId, UUID id) {
        return owned(tenantId, id).map(this::target).chain(target -> onWorker(() -> check(target)));
    }

    public Uni<DatabaseSchema> schema(String tenantId, UUID id, Integer samples) {
        int k = samples == null ? 0 : samples;
        if (k < 0 || k > config.maxSampleValues()) {
            return Uni.createFrom().failure(new InvalidInput("samples", "samples must be between 0 and "
                    + config.maxSampleValues()));
        }
        return owned(tenantId, id).map(this::target).chain(target -> onWorker(() -> {
            try {
                return sql.withSession(target, session -> SchemaIntrospector.introspect(session, k,
                        Duration.ofSeconds(5)));
            } catch (SQLException e) {
                String why = e.getSQLState() != null && e.getSQLState().startsWith("08")
                        ? ConnectionErrors.describe(e) : e.getMessage();
                throw new UpstreamFailed("cannot read the schema: " + why);
            }
        }));
    }

    /** The options of a registration as shown to its tenant (allowed properties only, never a secret). */
    public Map<String, String> options(RegisteredDatabase db) {
        return targets.options(db.optionsJson);
    }

    /**
     * The URL as shown: the parts and allowed properties. A row that no longer parses shows none (its stored URL may
     * carry a password or a refused property), only its problem.
     */
    public String displayUrl(RegisteredDatabase db) {
        try {
            return db.problem != null ? null : targets.spec(db).displayUrl();
        } catch (InvalidTarget e) {
            return null;
        }
    }

    private Target target(RegisteredDatabase db) {
        try {
            return targets.fromRegistered(db);
        } catch (InvalidTarget e) {
            throw new InvalidInput(e.field(), e.field() + " " + e.getMessage());
        }
    }

    private ConnectionCheck check(Target target) {
        long start = System.nanoTime();
        try {
            return pools.withConnection(target, c -> {
                DatabaseMetaData md = c.getMetaData();
                boolean valid = c.isValid((int) Math.max(1, config.connectTimeout().toSeconds()));
                return new ConnectionCheck(valid, valid ? (System.nanoTime() - start) / 1_000_000 : null,
                        md.getDatabaseProductName(), md.getDatabaseProductVersion(),
                        valid ? null : "the connection did not answer", null, null);
            });
        } catch (SQLException e) {
            ConnectionErrors.Category category = ConnectionErrors.categorize(e);
            return new ConnectionCheck(false, null, null, null, ConnectionErrors.describe(e), category.sqlState(),
                    category.name().toLowerCase(Locale.ROOT));
        }
    }

    /**
     * Opens one session of the registration's login as every job's session opens ({@link TargetConnector}): a login
     * that can do more than read is a 400 naming {@code user} with what it can do. A database that cannot be reached
     * now is kept; its connection test ({@code POST /databases/{id}/test}) says why.
     */
    private RegisteredDatabase readOnlyLogin(RegisteredDatabase db) {
        try (Connection c = connector.readOnly(target(db), 0).getConnection()) {
            return db;
        } catch (LoginPrivileges.PrivilegedLogin e) {
            throw new InvalidInput("user", e.getMessage());
        } catch (SQLException e) {
            return db;
        }
    }

    private RegisteredDatabase validated(String tenantId, RegisterDatabase body) {
        if (body == null) {
            throw new InvalidInput("body", "body is missing");
        }
        // Bounded before anything else is read (the JDBC URL's own checks are stricter still).
        ApiLimits.text(body.user(), "user", ApiLimits.NAME);
        ApiLimits.text(body.adminUser(), "adminUser", ApiLimits.NAME);
        ApiLimits.text(body.password(), "password", ApiLimits.NAME);
        ApiLimits.text(body.adminPassword(), "adminPassword", ApiLimits.NAME);
        ApiLimits.count(body.options() == null ? null : body.options().keySet(), "options", 50);
        if (body.name() == null || body.name().isBlank() || body.name().length() > 200) {
            throw new InvalidInput("name", "name is required (1 to 200 characters)");
        }
        SqlDialect kind;
        try {
            kind = SqlDialect.fromId(body.kind());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new InvalidInput("kind", "kind must be postgresql or sqlserver");
        }
        TargetSpec spec;
        try {
            spec = TargetSpec.parse(kind, body.jdbcUrl(), body.options(), "jdbcUrl", "options");
            policy.check(spec.host(), spec.port(), "jdbcUrl");
        } catch (InvalidTarget e) {
            throw new InvalidInput(e.field(), e.field() + " " + e.getMessage());
        }
        if (body.user() == null || body.user().isBlank() || body.user().length() > 200) {
            throw new InvalidInput("user", "user is required (at most 200 characters)");
        }
        if (body.password() == null) {
            throw new InvalidInput("password", "password is required (may be empty)");
        }
        boolean admin = body.adminUser() != null && !body.adminUser().isBlank();
        if (!admin && body.adminPassword() != null) {
            throw new InvalidInput("adminUser", "adminUser is required with adminPassword");
        }
        if (admin && body.adminPassword() == null) {
            throw new InvalidInput("adminPassword", "adminPassword is required with adminUser (may be empty)");
        }
        RegisteredDatabase db = new RegisteredDatabase();
        db.id = UUID.randomUUID();
        db.tenantId = tenantId;
        db.name = body.name().trim();
        db.kind = kind;
        try {
            db.target(spec, mapper.writeValueAsString(spec.properties()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot store options", e);
        }
        db.username = body.user();
        db.sealedPassword = cipher.seal(body.password(), db.passwordBinding());
        db.adminUsername = admin ? body.adminUser() : null;
        db.sealedAdminPassword = admin ? cipher.seal(body.adminPassword(), db.adminPasswordBinding()) : null;
        db.createdAt = Instant.now();
        return db;
    }

    /** Blocking work (JDBC, DNS) on the worker pool, answered back on the caller's Vert.x context (Panache). */
    private <T> Uni<T> onWorker(Supplier<T> work) {
        Context context = Vertx.currentContext();
        Uni<T> uni = Uni.createFrom().item(work).runSubscriptionOn(workers);
        return context == null ? uni : uni.emitOn(task -> context.runOnContext(ignored -> task.run()));
    }

    private static NotFound notFound(UUID id) {
        return new NotFound("no database " + id);
    }
}
