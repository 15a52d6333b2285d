package dev.snailbench.model.event;

import java.time.Instant;
import java.util.UUID;

/**
 * A job has every verdict ({@code status} {@code completed}): the executor releases the registered databases it used
 * at once, so they can be deleted. Keyed by job id on a compacted topic; a cancelled job is told by {@link JobCancelled}.
 */
public record JobEnded(UUID eventId, UUID jobId, String tenantId, Instant occurredAt, int schemaVersion, String status)
        implements Event {

    public static JobEnded of(UUID jobId, String tenantId, String status) {
        return new JobEnded(UUID.randomUUID(), jobId, tenantId, Instant.now(), SCHEMA_VERSION, status);
    }

    @Override
    public String key() {
        return jobId.toString();
    }
}
