package dev.snailbench.model.event;

import java.time.Instant;
import java.util.UUID;

/**
 * A job was cancelled by its tenant: the hops skip its work items still in flight (they are neither run nor
 * counted; the job stays {@code cancelled} with the verdicts it already had). Keyed by job id on a compacted topic,
 * so a replica that starts later still learns every cancellation.
 */
public record JobCancelled(
        UUID eventId, UUID jobId, String tenantId, Instant occurredAt, int schemaVersion, String reason)
        implements Event {

    public static JobCancelled of(UUID jobId, String tenantId, String reason) {
        return new JobCancelled(UUID.randomUUID(), jobId, tenantId, Instant.now(), SCHEMA_VERSION, reason);
    }

    @Override
    public String key() {
        return jobId.toString();
    }
}
