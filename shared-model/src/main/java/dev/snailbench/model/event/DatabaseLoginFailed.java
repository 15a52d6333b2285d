package dev.snailbench.model.event;

import dev.snailbench.model.domain.DatabaseRef;
import java.time.Instant;
import java.util.UUID;

/**
 * A job's database login stopped working mid-job (the server refused its authentication; a server that does not
 * answer opens the database's circuit instead and raises no such event): the inference service sends the job's
 * remaining items on that database to the executor without asking their model, each failing with {@code reason}.
 * Keyed by job and database ({@link #databaseKey}) on a compacted topic.
 */
public record DatabaseLoginFailed(
        UUID eventId,
        UUID jobId,
        String tenantId,
        Instant occurredAt,
        int schemaVersion,
        String database,
        String reason)
        implements Event {

    public static DatabaseLoginFailed of(UUID jobId, String tenantId, DatabaseRef database, String reason) {
        return new DatabaseLoginFailed(
                UUID.randomUUID(), jobId, tenantId, Instant.now(), SCHEMA_VERSION, databaseKey(database), reason);
    }

    /**
     * What names a work item's database within its job: the registration's id, or an inline database's kind, address
     * and login (never its password).
     */
    public static String databaseKey(DatabaseRef database) {
        if (database == null) {
            return "";
        }
        if (database.databaseId() != null && !database.databaseId().isBlank()) {
            return database.databaseId().trim();
        }
        return "inline|" + database.kind() + "|" + database.jdbcUrl() + "|" + database.user();
    }

    @Override
    public String key() {
        return jobId + "|" + database;
    }
}
