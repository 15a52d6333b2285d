package dev.snailbench.model.event;

import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.QatchSuite;
import dev.snailbench.model.domain.SyntheticSuite;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Work on a team's registered database, asked of the executor (the only service that connects to teams'
 * databases, with the credentials the team registered there). The answer is one {@link DatabaseTaskCompleted}
 * with the same {@code taskId}.
 *
 * @param databaseId   the database's id in the executor's registry; it must belong to {@code tenantId}
 * @param nativeSchema the schema the task reads or writes
 * @param qatch        for {@link Kind#QATCH_SUITE}: what to generate
 * @param ddl          for {@link Kind#APPLY_DDL}: the statements, applied in one transaction with the database's
 *                     registered admin login
 * @param synthetic    for {@link Kind#SYNTHETIC_SQL}: the seeds and limits
 * @param sampleValues for {@link Kind#PROMPT_SCHEMA}: distinct values to read per column (0: none)
 * @param inline       for {@link Kind#CHECK_INLINE}: the inline database a job names, its password sealed for the
 *                     tenant as in the job's work items ({@code databaseId} is null)
 * @param sampling     for {@link Kind#PROMPT_SCHEMA}: which distinct values are sampled (null: {@link Sampling#FIRST})
 */
public record DatabaseTaskRequested(
        UUID eventId,
        UUID jobId,
        String tenantId,
        Instant occurredAt,
        int schemaVersion,
        UUID taskId,
        UUID databaseId,
        Kind kind,
        String nativeSchema,
        QatchSuite.Options qatch,
        List<String> ddl,
        SyntheticSuite.Options synthetic,
        int sampleValues,
        DatabaseRef inline,
        Sampling sampling)
        implements Event {

    /** Which distinct values of a column a schema sample holds. */
    public enum Sampling {
        /** The first values in the column's order (what a prompt shows). */
        FIRST,
        /**
         * The values of lowest {@code md5} of their text: one hash order for every column, so the samples of two
         * columns are coordinated (the Schema-Refiner's value evidence).
         */
        HASHED
    }

    /** A task on a registered database or an inline one ({@code inline}), with the first values as samples. */
    public DatabaseTaskRequested(
            UUID eventId,
            UUID jobId,
            String tenantId,
            Instant occurredAt,
            int schemaVersion,
            UUID taskId,
            UUID databaseId,
            Kind kind,
            String nativeSchema,
            QatchSuite.Options qatch,
            List<String> ddl,
            SyntheticSuite.Options synthetic,
            int sampleValues,
            DatabaseRef inline) {
        this(
                eventId,
                jobId,
                tenantId,
                occurredAt,
                schemaVersion,
                taskId,
                databaseId,
                kind,
                nativeSchema,
                qatch,
                ddl,
                synthetic,
                sampleValues,
                inline,
                null);
    }

    /** A task on a registered database. */
    public DatabaseTaskRequested(
            UUID eventId,
            UUID jobId,
            String tenantId,
            Instant occurredAt,
            int schemaVersion,
            UUID taskId,
            UUID databaseId,
            Kind kind,
            String nativeSchema,
            QatchSuite.Options qatch,
            List<String> ddl,
            SyntheticSuite.Options synthetic,
            int sampleValues) {
        this(
                eventId,
                jobId,
                tenantId,
                occurredAt,
                schemaVersion,
                taskId,
                databaseId,
                kind,
                nativeSchema,
                qatch,
                ddl,
                synthetic,
                sampleValues,
                null);
    }

    /** What to do on the database. */
    public enum Kind {
        /** Read the tables and columns of {@code nativeSchema} (read-only login). */
        DESCRIBE,
        /** Generate a QATCH suite on {@code nativeSchema} (read-only login). */
        QATCH_SUITE,
        /** Create views: {@code ddl} with the admin login, refused when the team registered none. */
        APPLY_DDL,
        /** Fill seed templates and keep the queries that run and return rows (read-only login). */
        SYNTHETIC_SQL,
        /** Read the schema for prompts: tables, columns, keys and sample values (read-only login). */
        PROMPT_SCHEMA,
        /**
         * List the database's schemas that hold tables (read-only login, no {@code nativeSchema}): the generator asks
         * it when a job is submitted, to refuse an unknown database or schema before anything runs.
         */
        SCHEMAS,
        /**
         * Check an inline database a job names ({@code inline}): its address against the executor's rules, then a
         * login with its user and password; nothing is read. The generator asks it when such a job is submitted, so
         * that a refused address or a failing login is a 400 before any model is asked.
         */
        CHECK_INLINE
    }

    public static DatabaseTaskRequested schemas(String tenantId, UUID databaseId) {
        return new DatabaseTaskRequested(
                UUID.randomUUID(),
                null,
                tenantId,
                Instant.now(),
                SCHEMA_VERSION,
                UUID.randomUUID(),
                databaseId,
                Kind.SCHEMAS,
                null,
                null,
                null,
                null,
                0);
    }

    public static DatabaseTaskRequested checkInline(String tenantId, DatabaseRef inline) {
        return new DatabaseTaskRequested(
                UUID.randomUUID(),
                null,
                tenantId,
                Instant.now(),
                SCHEMA_VERSION,
                UUID.randomUUID(),
                null,
                Kind.CHECK_INLINE,
                null,
                null,
                null,
                null,
                0,
                inline);
    }

    public static DatabaseTaskRequested describe(String tenantId, UUID databaseId, String nativeSchema) {
        return new DatabaseTaskRequested(
                UUID.randomUUID(),
                null,
                tenantId,
                Instant.now(),
                SCHEMA_VERSION,
                UUID.randomUUID(),
                databaseId,
                Kind.DESCRIBE,
                nativeSchema,
                null,
                null,
                null,
                0);
    }

    public static DatabaseTaskRequested qatchSuite(
            String tenantId, UUID databaseId, String nativeSchema, QatchSuite.Options options) {
        return new DatabaseTaskRequested(
                UUID.randomUUID(),
                null,
                tenantId,
                Instant.now(),
                SCHEMA_VERSION,
                UUID.randomUUID(),
                databaseId,
                Kind.QATCH_SUITE,
                nativeSchema,
                options,
                null,
                null,
                0);
    }

    public static DatabaseTaskRequested applyDdl(
            String tenantId, UUID databaseId, String nativeSchema, List<String> ddl) {
        return new DatabaseTaskRequested(
                UUID.randomUUID(),
                null,
                tenantId,
                Instant.now(),
                SCHEMA_VERSION,
                UUID.randomUUID(),
                databaseId,
                Kind.APPLY_DDL,
                nativeSchema,
                null,
                List.copyOf(ddl),
                null,
                0);
    }

    public static DatabaseTaskRequested syntheticSql(
            String tenantId, UUID databaseId, String nativeSchema, SyntheticSuite.Options options) {
        return new DatabaseTaskRequested(
                UUID.randomUUID(),
                null,
                tenantId,
                Instant.now(),
                SCHEMA_VERSION,
                UUID.randomUUID(),
                databaseId,
                Kind.SYNTHETIC_SQL,
                nativeSchema,
                null,
                null,
                options,
                0);
    }

    public static DatabaseTaskRequested promptSchema(
            String tenantId, UUID databaseId, String nativeSchema, int sampleValues) {
        return promptSchema(tenantId, databaseId, nativeSchema, sampleValues, Sampling.FIRST);
    }

    public static DatabaseTaskRequested promptSchema(
            String tenantId, UUID databaseId, String nativeSchema, int sampleValues, Sampling sampling) {
        return new DatabaseTaskRequested(
                UUID.randomUUID(),
                null,
                tenantId,
                Instant.now(),
                SCHEMA_VERSION,
                UUID.randomUUID(),
                databaseId,
                Kind.PROMPT_SCHEMA,
                nativeSchema,
                null,
                null,
                null,
                sampleValues,
                null,
                sampling);
    }

    @Override
    public String key() {
        return databaseId == null ? taskId.toString() : databaseId.toString();
    }
}
