package dev.snailbench.model.event;

import java.time.Instant;
import java.util.UUID;

/**
 * The final verdict on one work item. {@code failed} is true when no comparison was possible (inference,
 * gold or predicted execution failed); the generator counts progress from these events.
 */
public record ItemScored(UUID eventId, UUID jobId, String tenantId, UUID workItemId, Instant occurredAt,
        int schemaVersion, String questionId, boolean strictMatch, boolean setMatch, boolean failed, String reason)
        implements WorkItemEvent {

    public static ItemScored of(ExecutionCompleted source, boolean strictMatch, boolean setMatch, boolean failed,
            String reason) {
        return new ItemScored(UUID.randomUUID(), source.jobId(), source.tenantId(), source.workItemId(),
                Instant.now(), SCHEMA_VERSION, source.item().questionId(), strictMatch, setMatch, failed, reason);
    }

    /** The failed verdict of an item that could not be scored. */
    public static ItemScored failed(ItemAbandoned source, String reason) {
        return new ItemScored(UUID.randomUUID(), source.jobId(), source.tenantId(), source.workItemId(),
                Instant.now(), SCHEMA_VERSION, source.item() == null ? null : source.item().questionId(), false, false,
                true, reason);
    }
}
