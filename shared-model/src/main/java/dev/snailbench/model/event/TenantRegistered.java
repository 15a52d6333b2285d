package dev.snailbench.model.event;

import java.time.Instant;
import java.util.UUID;

/** A tenant was created; carries the SHA-256 of its API key (never the key itself). */
public record TenantRegistered(
        UUID eventId,
        UUID jobId,
        String tenantId,
        Instant occurredAt,
        int schemaVersion,
        String name,
        String apiKeySha256)
        implements Event {

    public static TenantRegistered of(String tenantId, String name, String apiKeySha256) {
        return new TenantRegistered(
                UUID.randomUUID(), null, tenantId, Instant.now(), SCHEMA_VERSION, name, apiKeySha256);
    }

    @Override
    public String key() {
        return tenantId;
    }
}
