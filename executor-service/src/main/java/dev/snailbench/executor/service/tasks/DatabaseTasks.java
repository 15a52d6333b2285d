package dev.snailbench.executor.service.tasks;

import dev.snailbench.executor.config.ExecutorBeans;
import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.repository.RegisteredDatabase;
import dev.snailbench.executor.repository.RegisteredDatabaseRepository;
import dev.snailbench.executor.service.LoginPath;
import dev.snailbench.executor.service.QueryRunner;
import dev.snailbench.executor.service.SchemaIntrospector;
import dev.snailbench.executor.service.SqlExecutor;
import dev.snailbench.executor.service.TargetResolver;
import dev.snailbench.executor.service.TeamSession;
import dev.snailbench.executor.service.ViewDdl;
import dev.snailbench.executor.service.qatch.QatchGenerator;
import dev.snailbench.executor.service.synthetic.SyntheticSqlGenerator;
import dev.snailbench.executor.service.targets.ConnectionErrors;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.QatchSuite;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.model.target.InvalidTarget;
import dev.snailbench.sql.JdbcSchemaReader;
import dev.snailbench.sql.SqlParser;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import org.jboss.logging.Logger;

/**
 * Work on a team's registered database asked by another service ({@code snailbench.database.tasks}): describe a
 * schema, generate a QATCH suite, create natural views, fill seed templates (synthetic pairs). This makes the registry the only route into a team's
 * database: the database must belong to the asking tenant, reads use the registered (read-only) login through
 * the pools, and views use the admin login the team registered for that purpose, or are refused.
 */
@ApplicationScoped
public class DatabaseTasks {

    private static final Logger LOG = Logger.getLogger(DatabaseTasks.class);

    private final RegisteredDatabaseRepository databases;
    private final TargetResolver targets;
    private final SqlExecutor sql;
    private final TargetConnector connector;
    private final SecretCipher cipher;
    private final ExecutorConfig config;
    private final ExecutorService workers;
    private final SqlParser parser;

    public DatabaseTasks(
            RegisteredDatabaseRepository databases,
            TargetResolver targets,
            SqlExecutor sql,
            TargetConnector connector,
            SecretCipher cipher,
            ExecutorConfig config,
            @Named(ExecutorBeans.WORKERS) ExecutorService workers,
            SqlParser parser) {
        this.databases = databases;
        this.parser = parser;
        this.targets = targets;
        this.sql = sql;
        this.connector = connector;
        this.cipher = cipher;
        this.config = config;
        this.workers = workers;
    }

    /**
     * Looks the task's database up (on the caller's Vert.x context: call one task at a time, Hibernate Reactive's
     * session is not for concurrent use) and gives the work that answers it, to run beside other tasks. The work
     * always answers: a refused or failed task is an answer with the reason, never a lost request.
     */
    public Uni<Uni<DatabaseTaskCompleted>> prepare(DatabaseTaskRequested request) {
        if (request.kind() == DatabaseTaskRequested.Kind.CHECK_INLINE && request.tenantId() != null) {
            return Uni.createFrom().item(checkInline(request));
        }
        if (request.databaseId() == null || request.kind() == null || request.tenantId() == null) {
            return Uni.createFrom()
                    .item(Uni.createFrom()
                            .item(DatabaseTaskCompleted.failed(
                                    request, null, false, true, "the task names no database, kind or tenant")));
        }
        return Panache.withSession(() -> databases.findOwned(request.databaseId(), request.tenantId()))
                .map(db -> db == null
                        ? Uni.createFrom()
                                .item(DatabaseTaskCompleted.failed(
                                        request,
                                        null,
                                        false,
                                        true,
                                        "database " + request.databaseId() + " is not registered for tenant "
                                                + request.tenantId()))
                        : run(request, db));
    }

    private Uni<DatabaseTaskCompleted> run(DatabaseTaskRequested request, RegisteredDatabase db) {
        boolean admin = db.adminUsername != null;
        Target target;
        try {
            target = targets.fromRegistered(db);
        } catch (InvalidTarget e) {
            return Uni.createFrom()
                    .item(DatabaseTaskCompleted.failed(
                            request,
                            db.kind,
                            admin,
                            true,
                            "database " + db.id + ": " + e.field() + " " + e.getMessage()));
        }
        return Uni.createFrom()
                .item(() -> {
                    try {
                        return switch (request.kind()) {
                            case DESCRIBE ->
                                DatabaseTaskCompleted.ok(request, db.kind, admin, describe(target, request), null, 0);
                            case QATCH_SUITE ->
                                DatabaseTaskCompleted.ok(request, db.kind, admin, null, qatch(target, request), 0);
                            case APPLY_DDL ->
                                DatabaseTaskCompleted.ok(
                                        request, db.kind, admin, null, null, apply(db, target, request));
                            case SYNTHETIC_SQL ->
                                DatabaseTaskCompleted.synthetic(request, db.kind, admin, synthetic(target, request));
                            case PROMPT_SCHEMA ->
                                DatabaseTaskCompleted.promptSchema(
                                        request, db.kind, admin, promptSchema(target, request, db.name));
                            case SCHEMAS ->
                                DatabaseTaskCompleted.schemas(request, db.kind, admin, schemas(target), db.name);
                            case CHECK_INLINE -> throw new Refused("an inline check names no registered database");
                        };
                    } catch (Refused e) {
                        return DatabaseTaskCompleted.failed(request, db.kind, admin, true, e.getMessage());
                    } catch (SQLException | RuntimeException e) {
                        LOG.warnf(
                                "database task %s (%s) on database %s failed: %s",
                                request.taskId(), request.kind(), db.id, e.getMessage());
                        return DatabaseTaskCompleted.failed(request, db.kind, admin, false, e.getMessage());
                    }
                })
                .runSubscriptionOn(workers)
                .ifNoItem()
                .after(config.databaseTaskTimeout())
                .recoverWithItem(() -> DatabaseTaskCompleted.failed(
                        request,
                        db.kind,
                        admin,
                        false,
                        request.kind().name().toLowerCase(Locale.ROOT) + " did not finish within "
                                + config.databaseTaskTimeout().toSeconds() + " s"));
    }

    /**
     * An inline database checked as a work item would reach it: parsed, its address against the rules, its password
     * opened for the tenant, then a session opened with its login (nothing read). The answer's error starts with the
     * job request's field to fix; refused when the team must change the spec (the address, the login, the database
     * name), failed when the server did not answer.
     */
    private Uni<DatabaseTaskCompleted> checkInline(DatabaseTaskRequested request) {
        SqlDialect kind = request.inline() == null ? null : request.inline().kind();
        if (request.inline() == null || request.inline().databaseId() != null) {
            return Uni.createFrom()
                    .item(DatabaseTaskCompleted.failed(
                            request, kind, false, true, "database: the check names no inline database"));
        }
        return targets.resolve(request.tenantId(), request.inline())
                .onFailure(IllegalArgumentException.class)
                .transform(e -> new Refused(
                        e.getMessage().startsWith("database.")
                                ? e.getMessage().replaceFirst(" ", ": ")
                                : "database: " + e.getMessage()))
                .chain(target -> Uni.createFrom()
                        .item(() -> {
                            try {
                                sql.withSession(target, session -> null);
                                return DatabaseTaskCompleted.ok(request, kind, false, null, null, 0);
                            } catch (SQLException | RuntimeException e) {
                                return connectionFailed(request, kind, target, e);
                            }
                        })
                        .runSubscriptionOn(workers))
                .onFailure(Refused.class)
                .recoverWithItem(e -> DatabaseTaskCompleted.failed(request, kind, false, true, e.getMessage()))
                .ifNoItem()
                .after(config.databaseTaskTimeout())
                .recoverWithItem(() -> DatabaseTaskCompleted.failed(
                        request,
                        kind,
                        false,
                        false,
                        "database.jdbcUrl: the check did not finish within "
                                + config.databaseTaskTimeout().toSeconds() + " s"));
    }

    /** A failed login or address is the team's to fix (refused); a server that does not answer is a failure. */
    private static DatabaseTaskCompleted connectionFailed(
            DatabaseTaskRequested request, SqlDialect kind, Target target, Throwable e) {
        ConnectionErrors.Failure failure = ConnectionErrors.describe(e, target.where());
        return switch (failure.category()) {
            case AUTH_FAILED, PRIVILEGED_LOGIN ->
                DatabaseTaskCompleted.failed(request, kind, false, true, "database.user: " + failure.message());
            case REFUSED_BY_POLICY, DATABASE_DOES_NOT_EXIST, TLS ->
                DatabaseTaskCompleted.failed(request, kind, false, true, "database.jdbcUrl: " + failure.message());
            default ->
                DatabaseTaskCompleted.failed(request, kind, false, false, "database.jdbcUrl: " + failure.message());
        };
    }

    private SchemaSpec describe(Target target, DatabaseTaskRequested request) throws SQLException {
        String schema = schemaOf(request);
        return sql.withSession(target, session -> read(session, schema));
    }

    private QatchSuite qatch(Target target, DatabaseTaskRequested request) throws SQLException {
        String schema = schemaOf(request);
        if (request.qatch() == null) {
            throw new Refused("a QATCH task needs its options");
        }
        return sql.withSession(target, session -> {
            read(session, schema);
            try {
                return QatchGenerator.generate(session, schema, request.qatch());
            } catch (IllegalArgumentException e) {
                throw new Refused(e.getMessage());
            }
        });
    }

    private SyntheticSuite synthetic(Target target, DatabaseTaskRequested request) throws SQLException {
        String schema = schemaOf(request);
        SyntheticSuite.Options options = request.synthetic();
        if (options == null || options.seeds() == null || options.seeds().isEmpty()) {
            throw new Refused("a synthetic task needs seed pairs");
        }
        // Generation stops with what it has a little before the task's own deadline, so the answer is never lost.
        long budget = Math.max(
                1,
                Math.min(
                        options.timeBudgetSeconds(),
                        config.databaseTaskTimeout().toSeconds() - 15));
        SyntheticSuite.Options bounded = new SyntheticSuite.Options(
                options.seeds(),
                options.seed(),
                options.target(),
                options.maxPerTemplate(),
                options.maxResultRows(),
                options.queryTimeoutSeconds(),
                (int) budget);
        SyntheticSuite suite = sql.withSession(target, session -> {
            read(session, schema);
            return SyntheticSqlGenerator.generate(session, schema, parser, bounded);
        });
        return fitted(suite);
    }

    /**
     * The tables and views of {@code nativeSchema} as a prompt shows them: columns and types, primary and foreign
     * keys, and up to {@code sampleValues} distinct values per column (read with the registered login, each with a
     * timeout).
     */
    private TeamSchema promptSchema(Target target, DatabaseTaskRequested request, String name) throws SQLException {
        String schema = schemaOf(request);
        int k = request.sampleValues();
        if (k < 0 || k > config.maxSampleValues()) {
            throw new Refused("sample values per column must be between 0 and " + config.maxSampleValues());
        }
        return sql.withSession(target, session -> {
            // Only that schema is read (and sampled); the pattern's "_" matches any character, hence the filter. Its
            // tables or its views: a job may be asked on a view schema (natural or refined views).
            DatabaseSchema all = SchemaIntrospector.introspect(
                    session,
                    schema,
                    k,
                    Duration.ofSeconds(5),
                    request.sampling() == null ? DatabaseTaskRequested.Sampling.FIRST : request.sampling());
            List<DatabaseSchema.Table> tables = all.tables().stream()
                    .filter(t -> schema.equalsIgnoreCase(t.schema()))
                    .toList();
            if (tables.isEmpty()) {
                throw new Refused("schema '" + schema + "' has no tables or views (or is not readable)");
            }
            return new TeamSchema(
                    name, new DatabaseSchema(all.databaseProduct(), all.catalog(), tables, all.truncated()), List.of());
        });
    }

    /** The database's schemas that hold tables or views the registered login can see, sorted (system schemas left out). */
    private List<String> schemas(Target target) throws SQLException {
        return sql.withSession(target, session -> LoginPath.schemasWithTables(session.catalog()));
    }

    /** The suite cut to what one answer event can carry (the last pairs go first, and are counted). */
    private SyntheticSuite fitted(SyntheticSuite suite) {
        int room = config.maxEventBytes() - (1 << 20);
        int bytes = EventJson.write(suite).length;
        while (bytes > room && !suite.pairs().isEmpty()) {
            // Pairs are of similar size: cut in proportion, then check again.
            int drop = Math.max(1, (int) Math.ceil(suite.pairs().size() * (1 - (double) room / bytes)));
            suite = suite.withoutLast(drop);
            bytes = EventJson.write(suite).length;
        }
        return suite;
    }

    /** Runs the views' DDL in one transaction with the admin login (a fresh connection, never a pooled one). */
    private int apply(RegisteredDatabase db, Target target, DatabaseTaskRequested request) throws SQLException {
        if (db.adminUsername == null) {
            throw new Refused("database " + db.id + " (" + db.name + ") has no admin login registered: register one "
                    + "(adminUser, adminPassword) to let the platform create views, or apply the DDL yourself");
        }
        List<String> ddl = request.ddl() == null ? List.of() : request.ddl();
        String nativeSchema = schemaOf(request);
        for (String statement : ddl) {
            String problem = ViewDdl.problem(statement, target.dialect(), nativeSchema);
            if (problem != null) {
                throw new Refused(problem + "; refused: " + statement.substring(0, Math.min(80, statement.length())));
            }
        }
        String adminPassword;
        try {
            adminPassword = cipher.open(db.sealedAdminPassword, db.adminPasswordBinding());
        } catch (IllegalArgumentException e) {
            throw new Refused("the admin password of database " + db.id + " cannot be opened: " + e.getMessage());
        }
        // What the platform creates, the login that runs the team's jobs can read: granted in the same transaction.
        String reader = readerRole(target, db);
        List<String> grants =
                reader.equalsIgnoreCase(db.adminUsername) ? List.of() : ViewDdl.grants(ddl, target.dialect(), reader);
        List<String> statements = new ArrayList<>(ddl);
        statements.addAll(grants);
        try (Connection c = connector.admin(target, db.adminUsername, adminPassword, config.databaseTaskTimeout())) {
            try {
                QueryRunner.applyDdl(c, statements, config.databaseTaskTimeout());
            } catch (SQLException e) {
                throw new SQLException(
                        "creating the views failed (nothing was changed): " + e.getMessage(), e.getSQLState(), e);
            }
        } catch (SQLException e) {
            if (e.getSQLState() != null && e.getSQLState().startsWith("08") || e.getSQLState() == null) {
                throw ConnectionErrors.describe(
                                e,
                                new ConnectionErrors.Where(
                                        target.where().host(),
                                        target.where().port(),
                                        target.where().database(),
                                        db.adminUsername))
                        .exception(e);
            }
            throw e;
        }
        LOG.infof(
                "applied %d view statements and %d grants to %s on database %s for tenant %s",
                ddl.size(), grants.size(), reader, db.id, db.tenantId);
        return ddl.size();
    }

    /**
     * The role the registered read-only login acts as in the database: on PostgreSQL the login itself; on SQL Server
     * the database user it maps to, read with that login.
     */
    private String readerRole(Target target, RegisteredDatabase db) throws SQLException {
        if (target.dialect() == SqlDialect.POSTGRESQL) {
            return db.username;
        }
        String user = sql.withSession(
                target,
                session -> session.query(
                        "SELECT USER_NAME()", Duration.ofSeconds(10), 1, rs -> rs.next() ? rs.getString(1) : null));
        if (user == null) {
            throw new SQLException("the read-only login " + db.username + " has no user in the database: the views "
                    + "could not be granted to it (nothing was changed)");
        }
        return user;
    }

    private static SchemaSpec read(TeamSession session, String schema) {
        try {
            return JdbcSchemaReader.read(session.catalog(), schema);
        } catch (IllegalArgumentException e) {
            throw new Refused(e.getMessage());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read schema " + schema + ": " + e.getMessage(), e);
        }
    }

    private static String schemaOf(DatabaseTaskRequested request) {
        if (request.nativeSchema() == null || request.nativeSchema().isBlank()) {
            throw new Refused("the task names no schema (nativeSchema)");
        }
        return request.nativeSchema();
    }

    /** A request the team must change: answered as refused with this message. */
    private static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }
}
