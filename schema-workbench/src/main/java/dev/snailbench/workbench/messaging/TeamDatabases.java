package dev.snailbench.workbench.messaging;

import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.QatchSuite;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.UpstreamFailed;
import dev.snailbench.workbench.config.DatabaseTasksConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/**
 * A tenant's databases as registered in the executor, the only route into them: the schema of one of their
 * schemas, a QATCH suite generated there, views created there. A request the team must change (not their
 * database, no such schema or table, no admin login) is a 400 naming the field; a failure of the database itself
 * is a 502 with its reason.
 */
@ApplicationScoped
public class TeamDatabases {

    /** A schema as the executor read it, with the database's kind and whether views may be applied there. */
    public record Described(SqlDialect dialect, boolean hasAdminLogin, SchemaSpec schema) {}

    /** A generated suite and the kind of database it was generated on. */
    public record Generated(SqlDialect dialect, QatchSuite suite) {}

    /** Synthetic pairs and the kind of database they ran on. */
    public record Synthesized(SqlDialect dialect, SyntheticSuite suite) {}

    /** A registered database as a job submission sees it: its name, the schemas that hold tables, its kind. */
    public record Registered(String name, List<String> schemas, SqlDialect dialect) {}

    private final DatabaseTaskClient executor;
    private final DatabaseTasksConfig config;

    public TeamDatabases(DatabaseTaskClient executor, DatabaseTasksConfig config) {
        this.executor = executor;
        this.config = config;
    }

    /**
     * The database's schemas that hold tables, asked while a job is submitted: refused (not the tenant's database)
     * is a 400 naming {@code database.databaseId}; no answer within {@code snailbench.database-tasks.submit-timeout}
     * a 503.
     */
    public Uni<Registered> schemas(String tenantId, UUID databaseId) {
        return executor.ask(DatabaseTaskRequested.schemas(tenantId, databaseId), config.submitTimeout(), true)
                .map(answer -> {
                    if (answer.error() == null) {
                        return new Registered(
                                answer.databaseName(),
                                answer.schemas() == null ? List.of() : answer.schemas(),
                                answer.dialect());
                    }
                    if (answer.refused()) {
                        throw InvalidInput.of(
                                "database.databaseId",
                                "database " + databaseId
                                        + " is not registered for your tenant: register it with POST /databases on the "
                                        + "executor (GET /databases lists yours)");
                    }
                    throw new UpstreamFailed("database " + databaseId + ": " + answer.error());
                });
    }

    /**
     * An inline database a job names, checked by the executor as a work item would reach it (its address against the
     * executor's rules, then a login; nothing is read), while the job is submitted: a refusal or a failed connection
     * is a 400 naming the job request's field ({@code database.jdbcUrl}, {@code database.user}); no answer within
     * {@code snailbench.database-tasks.submit-timeout} a 503.
     */
    public Uni<Void> checkInline(String tenantId, DatabaseRef inline) {
        return executor.ask(DatabaseTaskRequested.checkInline(tenantId, inline), config.submitTimeout(), true)
                .map(answer -> {
                    if (answer.error() != null) {
                        int colon = answer.error().indexOf(": ");
                        String field = colon > 0 && answer.error().startsWith("database")
                                ? answer.error().substring(0, colon)
                                : "database";
                        throw new InvalidInput(
                                field.equals("database.sealedPassword") ? "database.password" : field, answer.error());
                    }
                    return null;
                });
    }

    public Uni<Described> describe(String tenantId, UUID databaseId, String nativeSchema) {
        return ask(DatabaseTaskRequested.describe(tenantId, databaseId, nativeSchema))
                .map(a -> new Described(a.dialect(), a.hasAdminLogin(), a.schema()));
    }

    public Uni<Generated> qatchSuite(
            String tenantId, UUID databaseId, String nativeSchema, QatchSuite.Options options) {
        return ask(DatabaseTaskRequested.qatchSuite(tenantId, databaseId, nativeSchema, options))
                .map(a -> new Generated(a.dialect(), a.qatch()));
    }

    /** Synthetic pairs filled from seed templates on the database (ScienceBenchmark's SQL side). */
    public Uni<Synthesized> syntheticSql(
            String tenantId, UUID databaseId, String nativeSchema, SyntheticSuite.Options options) {
        return ask(DatabaseTaskRequested.syntheticSql(tenantId, databaseId, nativeSchema, options))
                .map(a -> new Synthesized(a.dialect(), a.synthetic()));
    }

    /** The schema for prompts: tables, columns, keys and {@code sampleValues} distinct values per column. */
    public Uni<TeamSchema> promptSchema(String tenantId, UUID databaseId, String nativeSchema, int sampleValues) {
        return promptSchema(tenantId, databaseId, nativeSchema, sampleValues, DatabaseTaskRequested.Sampling.FIRST);
    }

    /** As above, the sample values chosen by {@code sampling} (the refiner's: hashed, coordinated across columns). */
    public Uni<TeamSchema> promptSchema(
            String tenantId,
            UUID databaseId,
            String nativeSchema,
            int sampleValues,
            DatabaseTaskRequested.Sampling sampling) {
        return ask(DatabaseTaskRequested.promptSchema(tenantId, databaseId, nativeSchema, sampleValues, sampling))
                .map(DatabaseTaskCompleted::promptSchema);
    }

    /** Applies the statements in one transaction with the database's registered admin login. */
    public Uni<Integer> applyViews(String tenantId, UUID databaseId, String nativeSchema, List<String> ddl) {
        return ask(DatabaseTaskRequested.applyDdl(tenantId, databaseId, nativeSchema, ddl))
                .map(DatabaseTaskCompleted::applied);
    }

    private Uni<DatabaseTaskCompleted> ask(DatabaseTaskRequested request) {
        return executor.ask(request).map(answer -> {
            if (answer.error() == null) {
                return answer;
            }
            if (answer.refused()) {
                throw InvalidInput.of(fieldOf(answer.error()), answer.error());
            }
            throw new UpstreamFailed("database " + request.databaseId() + ": " + answer.error());
        });
    }

    /** The request field a refusal is about, from the executor's wording. */
    private static String fieldOf(String error) {
        if (error.startsWith("schema") || error.contains("names no schema")) {
            return "nativeSchema";
        }
        if (error.startsWith("no such tables")) {
            return "tables";
        }
        if (error.contains("seed pairs")) {
            return "seeds";
        }
        if (error.startsWith("sample values")) {
            return "promptOptions.sampleValues";
        }
        if (error.contains("no admin login")) {
            return "apply";
        }
        return "databaseId";
    }
}
