package dev.snailbench.model.event;

import dev.snailbench.model.domain.WorkItem;
import java.time.Instant;
import java.util.UUID;

/** A work item waits for a model to write SQL for its question. */
public record InferenceRequested(UUID eventId, UUID jobId, String tenantId, UUID workItemId, Instant occurredAt,
        int schemaVersion, WorkItem item) implements WorkItemEvent {

    public static InferenceRequested of(UUID jobId, String tenantId, WorkItem item) {
        return new InferenceRequested(UUID.randomUUID(), jobId, tenantId, item.workItemId(), Instant.now(),
                SCHEMA_VERSION, item);
    }
}
