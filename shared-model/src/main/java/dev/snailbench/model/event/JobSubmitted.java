package dev.snailbench.model.event;

import dev.snailbench.model.domain.JobSpec;
import java.time.Instant;
import java.util.UUID;

/** A tenant submitted a job. The generator persists and expands it when it consumes this event. */
public record JobSubmitted(
        UUID eventId, UUID jobId, String tenantId, Instant occurredAt, int schemaVersion, JobSpec spec)
        implements Event {

    public static JobSubmitted of(UUID jobId, String tenantId, JobSpec spec) {
        return new JobSubmitted(UUID.randomUUID(), jobId, tenantId, Instant.now(), SCHEMA_VERSION, spec);
    }

    @Override
    public String key() {
        return jobId.toString();
    }
}
