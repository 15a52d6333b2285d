package dev.snailbench.model.event;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SqlDialect;
import java.time.Instant;
import java.util.UUID;

/**
 * The executor read the schema of a tenant's registered database (for prompt building and identifier
 * classification). Keyed by database id: the latest event per key is the current schema.
 */
public record SchemaDescribed(UUID eventId, UUID jobId, String tenantId, Instant occurredAt, int schemaVersion,
        String databaseId, String databaseName, SqlDialect dialect, DatabaseSchema schema) implements Event {

    public static SchemaDescribed of(String tenantId, String databaseId, String databaseName, SqlDialect dialect,
            DatabaseSchema schema) {
        return new SchemaDescribed(UUID.randomUUID(), null, tenantId, Instant.now(), SCHEMA_VERSION, databaseId,
                databaseName, dialect, schema);
    }

    @Override
    public String key() {
        return databaseId;
    }
}
