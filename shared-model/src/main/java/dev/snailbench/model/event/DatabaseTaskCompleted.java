package dev.snailbench.model.event;

import dev.snailbench.model.domain.QatchSuite;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.model.domain.TeamSchema;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The executor's answer to one {@link DatabaseTaskRequested} (same {@code taskId}). {@code error} is null on
 * success; otherwise it says what went wrong in words a team can act on, and {@code refused} tells a request the
 * team must change (unknown database, no admin login, no such schema) from a failure of the database itself.
 *
 * @param dialect       the registered database's kind (null when it is unknown)
 * @param hasAdminLogin whether the team registered an admin login for creating views
 * @param schema        for DESCRIBE: the schema's tables and columns
 * @param qatch         for QATCH_SUITE: the generated suite
 * @param applied       for APPLY_DDL: statements applied
 * @param synthetic     for SYNTHETIC_SQL: the templates and the pairs that ran
 * @param promptSchema  for PROMPT_SCHEMA: the schema with keys and sample values
 * @param schemas       for SCHEMAS: the database's schema names (null for other kinds and in older answers)
 * @param databaseName  for SCHEMAS: the name the team registered the database under
 */
public record DatabaseTaskCompleted(
        UUID eventId,
        UUID jobId,
        String tenantId,
        Instant occurredAt,
        int schemaVersion,
        UUID taskId,
        UUID databaseId,
        DatabaseTaskRequested.Kind kind,
        String error,
        boolean refused,
        SqlDialect dialect,
        boolean hasAdminLogin,
        SchemaSpec schema,
        QatchSuite qatch,
        int applied,
        SyntheticSuite synthetic,
        TeamSchema promptSchema,
        List<String> schemas,
        String databaseName)
        implements Event {

    public static DatabaseTaskCompleted ok(
            DatabaseTaskRequested request,
            SqlDialect dialect,
            boolean hasAdminLogin,
            SchemaSpec schema,
            QatchSuite qatch,
            int applied) {
        return new DatabaseTaskCompleted(
                UUID.randomUUID(),
                request.jobId(),
                request.tenantId(),
                Instant.now(),
                SCHEMA_VERSION,
                request.taskId(),
                request.databaseId(),
                request.kind(),
                null,
                false,
                dialect,
                hasAdminLogin,
                schema,
                qatch,
                applied,
                null,
                null,
                null,
                null);
    }

    public static DatabaseTaskCompleted synthetic(
            DatabaseTaskRequested request, SqlDialect dialect, boolean hasAdminLogin, SyntheticSuite synthetic) {
        return new DatabaseTaskCompleted(
                UUID.randomUUID(),
                request.jobId(),
                request.tenantId(),
                Instant.now(),
                SCHEMA_VERSION,
                request.taskId(),
                request.databaseId(),
                request.kind(),
                null,
                false,
                dialect,
                hasAdminLogin,
                null,
                null,
                0,
                synthetic,
                null,
                null,
                null);
    }

    public static DatabaseTaskCompleted promptSchema(
            DatabaseTaskRequested request, SqlDialect dialect, boolean hasAdminLogin, TeamSchema schema) {
        return new DatabaseTaskCompleted(
                UUID.randomUUID(),
                request.jobId(),
                request.tenantId(),
                Instant.now(),
                SCHEMA_VERSION,
                request.taskId(),
                request.databaseId(),
                request.kind(),
                null,
                false,
                dialect,
                hasAdminLogin,
                null,
                null,
                0,
                null,
                schema,
                null,
                null);
    }

    public static DatabaseTaskCompleted schemas(
            DatabaseTaskRequested request,
            SqlDialect dialect,
            boolean hasAdminLogin,
            List<String> schemas,
            String databaseName) {
        return new DatabaseTaskCompleted(
                UUID.randomUUID(),
                request.jobId(),
                request.tenantId(),
                Instant.now(),
                SCHEMA_VERSION,
                request.taskId(),
                request.databaseId(),
                request.kind(),
                null,
                false,
                dialect,
                hasAdminLogin,
                null,
                null,
                0,
                null,
                null,
                List.copyOf(schemas),
                databaseName);
    }

    public static DatabaseTaskCompleted failed(
            DatabaseTaskRequested request, SqlDialect dialect, boolean hasAdminLogin, boolean refused, String error) {
        return new DatabaseTaskCompleted(
                UUID.randomUUID(),
                request.jobId(),
                request.tenantId(),
                Instant.now(),
                SCHEMA_VERSION,
                request.taskId(),
                request.databaseId(),
                request.kind(),
                error,
                refused,
                dialect,
                hasAdminLogin,
                null,
                null,
                0,
                null,
                null,
                null,
                null);
    }

    @Override
    public String key() {
        return taskId.toString();
    }
}
