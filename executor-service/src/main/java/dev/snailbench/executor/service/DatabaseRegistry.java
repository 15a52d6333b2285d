package dev.snailbench.executor.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.executor.config.ExecutorBeans;
import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.repository.RegisteredDatabase;
import dev.snailbench.executor.repository.RegisteredDatabaseRepository;
import dev.snailbench.executor.service.DatabaseDtos.ConnectionCheck;
import dev.snailbench.executor.service.DatabaseDtos.RegisterDatabase;
import dev.snailbench.executor.service.DatabaseDtos.SchemaView;
import dev.snailbench.executor.service.DatabaseDtos.UpdateDatabase;
import dev.snailbench.executor.service.targets.ConnectionErrors;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.Conflict;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.model.problem.UpstreamFailed;
import dev.snailbench.model.target.InvalidTarget;
import dev.snailbench.model.target.TargetSpec;
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
    private final DatabaseUses uses;

    public DatabaseRegistry(
            RegisteredDatabaseRepository databases,
            TargetResolver targets,
            TargetPolicy policy,
            PoolManager pools,
            SqlExecutor sql,
            SecretCipher cipher,
            ObjectMapper mapper,
            ExecutorConfig config,
            @Named(ExecutorBeans.WORKERS) ExecutorService workers,
            TargetConnector connector,
            DatabaseUses uses) {
        this.connector = connector;
        this.uses = uses;
        this.databases = databases;
        this.targets = targets;
        this.policy = policy;
        this.pools = pools;
        this.sql = sql;
        this.cipher = cipher;
        this.mapper = mapper;
        this.config = config;
        this.workers = workers;
    }

    /** A registration as stored, and where its login's unqualified names resolve (null when not read). */
    public record Registration(RegisteredDatabase database, LoginPath path) {}

    /**
     * Validates (DNS of the address rules on a worker), tests the logins (the read-only one, and the admin one if
     * given) and stores the registration sealed: one whose test fails is not kept (a 400 naming the field to fix); a
     * name the tenant already gave another database (in any case) is a 409, decided by the table's constraint.
     */
    public Uni<Registration> register(String tenantId, RegisterDatabase body) {
        return onWorker(() -> {
                    RegisteredDatabase db = validated(tenantId, body);
                    Target target = registeredTarget(db, body.password());
                    LoginPath path = tested(target, "user", "password");
                    if (db.adminUsername != null) {
                        testedAdmin(target, db.adminUsername, body.adminPassword());
                    }
                    return new Registration(db, path);
                })
                .chain(registration -> Panache.withTransaction(() -> databases.persist(registration.database()))
                        .replaceWith(registration)
                        .onFailure(DatabaseRegistry::nameTaken)
                        .transform(e -> nameConflict(body.name())));
    }

    /**
     * Changes a registration: its name, its read-only login or password, its admin login (an empty {@code adminUser}
     * removes it). New credentials are tested as at registration before anything is stored; the pools and circuit of
     * the old ones are closed.
     */
    public Uni<Registration> update(String tenantId, UUID id, UpdateDatabase body) {
        if (body == null) {
            return Uni.createFrom().failure(new InvalidInput("body", "body is missing"));
        }
        return owned(tenantId, id)
                .chain(current -> onWorker(() -> changed(current, body)))
                .chain(change -> Panache.withTransaction(() -> databases
                                .findOwned(id, tenantId)
                                .map(db -> {
                                    if (db == null) {
                                        throw notFound(id);
                                    }
                                    change.applyTo(db);
                                    return db;
                                }))
                        .onFailure(DatabaseRegistry::nameTaken)
                        .transform(e -> nameConflict(body.name()))
                        .map(db -> {
                            if (change.credentialsChanged()) {
                                pools.closePoolsOf(change.before());
                            }
                            return new Registration(db, change.path());
                        }));
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

    /**
     * Removes the registration and closes its pools; a 409 naming the jobs while jobs use it ({@link DatabaseUses}: a
     * job that ran an item on it lately and is not cancelled).
     */
    public Uni<Void> remove(String tenantId, UUID id) {
        return Panache.withTransaction(() -> databases.findOwned(id, tenantId).flatMap(db -> {
                    if (db == null) {
                        throw notFound(id);
                    }
                    return uses.holding(id).chain(holding -> {
                        if (!holding.isEmpty()) {
                            throw inUse(id, holding);
                        }
                        return uses.forget(id).chain(() -> databases.delete(db)).replaceWith(db);
                    });
                }))
                .map(db -> {
                    // Only this tenant's pools of the database: another tenant's registration of it keeps its own.
                    pools.closePoolsOf(targets.fromRegistered(db));
                    return null;
                });
    }

    /**
     * A connection test, on a session opened for it (a pooled one would outlive a changed password). A failure is
     * reported by category and the executor's sentence (ConnectionErrors), without the driver's text or its timing.
     */
    public Uni<ConnectionCheck> test(String tenantId, UUID id) {
        return owned(tenantId, id).map(this::target).chain(target -> onWorker(() -> check(target)));
    }

    public Uni<SchemaView> schema(String tenantId, UUID id, Integer samples) {
        int k = samples == null ? 0 : samples;
        if (k < 0 || k > config.maxSampleValues()) {
            return Uni.createFrom()
                    .failure(new InvalidInput("samples", "samples must be between 0 and " + config.maxSampleValues()));
        }
        return owned(tenantId, id)
                .map(this::target)
                .chain(target -> onWorker(() -> {
                    try {
                        return sql.withSession(
                                target,
                                session -> new SchemaView(
                                        SchemaIntrospector.introspect(session, k, Duration.ofSeconds(5)),
                                        LoginPath.read(session, target.user())));
                    } catch (SQLException e) {
                        String why = e.getSQLState() != null && e.getSQLState().startsWith("08")
                                ? ConnectionErrors.describe(e, target.where()).message()
                                : e.getMessage();
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

    /** The target of a registration not stored yet (or about to change), with this password. */
    private Target registeredTarget(RegisteredDatabase db, String password) {
        return Target.registered(db.tenantId, String.valueOf(db.id), targets.spec(db), db.username, password);
    }

    /**
     * Connects with the read-only login as every job will (verified read-only session) and reads where its names
     * resolve; a failure is a 400 naming {@code userField} or {@code passwordField} (or {@code jdbcUrl}, by the
     * failure's category), and leaves no pool behind.
     */
    private LoginPath tested(Target target, String userField, String passwordField) {
        try {
            return sql.withSession(target, session -> LoginPath.read(session, target.user()));
        } catch (SQLException e) {
            pools.discard(target);
            ConnectionErrors.Failure failure = ConnectionErrors.describe(e, target.where());
            throw new InvalidInput(
                    fieldOf(failure.category(), userField, passwordField),
                    "the connection test " + "failed (" + failure.category().id() + "): " + failure.message()
                            + "; nothing was stored");
        }
    }

    /** Connects with the admin login as the view DDL will; a failure is a 400 naming {@code adminUser}/{@code adminPassword}. */
    private void testedAdmin(Target target, String adminUser, String adminPassword) {
        try (Connection c = connector.admin(target, adminUser, adminPassword, config.connectTimeout())) {
            c.isValid((int) Math.max(1, config.connectTimeout().toSeconds()));
        } catch (SQLException e) {
            ConnectionErrors.Failure failure = ConnectionErrors.describe(
                    e,
                    new ConnectionErrors.Where(
                            target.where().host(),
                            target.where().port(),
                            target.where().database(),
                            adminUser));
            throw new InvalidInput(
                    fieldOf(failure.category(), "adminUser", "adminPassword"),
                    "the admin login's "
                            + "connection test failed (" + failure.category().id() + "): " + failure.message()
                            + "; nothing was stored");
        }
    }

    private static String fieldOf(ConnectionErrors.Category category, String userField, String passwordField) {
        return switch (category) {
            case AUTH_FAILED -> passwordField;
            case SESSION_NOT_SAFE, PRIVILEGED_LOGIN -> userField;
            default -> "jdbcUrl";
        };
    }

    /** What an update changes, tested; applied to the stored row in the update's transaction. */
    private record Change(
            UpdateDatabase body,
            String sealedPassword,
            String adminUser,
            String sealedAdminPassword,
            boolean adminChanged,
            boolean credentialsChanged,
            Target before,
            LoginPath path) {

        void applyTo(RegisteredDatabase db) {
            if (body.name() != null) {
                db.rename(body.name());
            }
            if (body.user() != null) {
                db.username = body.user();
            }
            if (sealedPassword != null) {
                db.sealedPassword = sealedPassword;
            }
            if (adminChanged) {
                db.adminUsername = adminUser;
                db.sealedAdminPassword = sealedAdminPassword;
            }
        }
    }

    /** Validates and tests an update against the stored registration {@code db} (not changed here). Blocking. */
    private Change changed(RegisteredDatabase db, UpdateDatabase body) {
        ApiLimits.text(body.user(), "user", ApiLimits.NAME);
        ApiLimits.text(body.adminUser(), "adminUser", ApiLimits.NAME);
        ApiLimits.text(body.password(), "password", ApiLimits.NAME);
        ApiLimits.text(body.adminPassword(), "adminPassword", ApiLimits.NAME);
        if (body.name() == null
                && body.user() == null
                && body.password() == null
                && body.adminUser() == null
                && body.adminPassword() == null) {
            throw new InvalidInput(
                    "body", "nothing to change: give name, user, password, adminUser or " + "adminPassword");
        }
        if (body.name() != null && (body.name().isBlank() || body.name().length() > 200)) {
            throw new InvalidInput("name", "name is required (1 to 200 characters)");
        }
        if (body.user() != null && (body.user().isBlank() || body.user().length() > 200)) {
            throw new InvalidInput("user", "user is required (at most 200 characters)");
        }
        if (body.user() != null && body.password() == null) {
            throw new InvalidInput("password", "password is required with a new user (may be empty)");
        }
        boolean removeAdmin = body.adminUser() != null && body.adminUser().isEmpty();
        if (removeAdmin && body.adminPassword() != null) {
            throw new InvalidInput(
                    "adminPassword", "an empty adminUser removes the admin login: give no " + "adminPassword with it");
        }
        if (body.adminUser() != null && !removeAdmin && body.adminUser().isBlank()) {
            throw new InvalidInput("adminUser", "adminUser is blank (an empty one removes the admin login)");
        }
        if (body.adminUser() != null && !removeAdmin && body.adminPassword() == null) {
            throw new InvalidInput("adminPassword", "adminPassword is required with adminUser (may be empty)");
        }
        if (body.adminUser() == null && body.adminPassword() != null && db.adminUsername == null) {
            throw new InvalidInput(
                    "adminUser", "the database has no admin login: give adminUser with " + "adminPassword");
        }
        Target before = target(db);
        boolean readerChanged = body.user() != null || body.password() != null;
        LoginPath path = null;
        String sealedPassword = null;
        if (readerChanged) {
            String user = body.user() != null ? body.user() : db.username;
            // Tried with a circuit of its own (as inline details are): a typo here never pauses the registration.
            Target after = Target.of(db.tenantId, targets.spec(db), user, body.password());
            path = tested(after, "user", "password");
            sealedPassword = cipher.seal(body.password(), db.passwordBinding());
        }
        boolean adminChanged = body.adminUser() != null || body.adminPassword() != null;
        String adminUser = removeAdmin ? null : body.adminUser() != null ? body.adminUser() : db.adminUsername;
        String sealedAdmin = null;
        if (adminChanged && adminUser != null) {
            testedAdmin(before, adminUser, body.adminPassword());
            sealedAdmin = cipher.seal(body.adminPassword(), db.adminPasswordBinding());
        }
        return new Change(body, sealedPassword, adminUser, sealedAdmin, adminChanged, readerChanged, before, path);
    }

    /** Whether a failed write broke the rule that a tenant's database names are unique. */
    static boolean nameTaken(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (String.valueOf(t.getMessage()).contains(RegisteredDatabase.UNIQUE_NAME)) {
                return true;
            }
        }
        return false;
    }

    private Conflict inUse(UUID id, List<DatabaseUses.Use> holding) {
        Instant now = Instant.now();
        String jobs = String.join(
                        ", ",
                        holding.stream()
                                .limit(10)
                                .map(use -> use.jobId() + " (last item "
                                        + Math.max(
                                                0,
                                                Duration.between(use.lastUsed(), now)
                                                        .toSeconds()) + " s ago)")
                                .toList())
                + (holding.size() > 10 ? " and " + (holding.size() - 10) + " more" : "");
        return new Conflict(
                "database " + id + " is in use by running job " + jobs + ": a job holds its database "
                        + "until it has every verdict, or " + uses.hold().toMinutes()
                        + " minutes after its last item ran on "
                        + "it; cancel the job or try again later",
                "id");
    }

    private static Conflict nameConflict(String name) {
        return new Conflict(
                "your tenant already has a database named '" + (name == null ? "" : name.trim())
                        + "' (names are compared without regard to case): choose another name, or change or delete that "
                        + "database (GET /databases lists them)",
                "name");
    }

    private ConnectionCheck check(Target target) {
        long start = System.nanoTime();
        try {
            return pools.withFreshConnection(target, c -> {
                DatabaseMetaData md = c.getMetaData();
                boolean valid =
                        c.isValid((int) Math.max(1, config.connectTimeout().toSeconds()));
                return new ConnectionCheck(
                        valid,
                        valid ? (System.nanoTime() - start) / 1_000_000 : null,
                        md.getDatabaseProductName(),
                        md.getDatabaseProductVersion(),
                        valid ? null : "the connection did not answer",
                        null,
                        null);
            });
        } catch (SQLException e) {
            ConnectionErrors.Failure failure = ConnectionErrors.describe(e, target.where());
            return new ConnectionCheck(
                    false,
                    null,
                    null,
                    null,
                    failure.message(),
                    failure.category().sqlState(),
                    failure.category().id());
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
        db.rename(body.name());
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
