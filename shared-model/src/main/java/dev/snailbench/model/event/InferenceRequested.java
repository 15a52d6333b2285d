package dev.snailbench.model.event;

import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import java.time.Instant;
import java.util.UUID;

/**
 * A work item waits for a model to write SQL for its question. {@code schema} is the team's own schema and
 * crosswalk when the job was made on a registered database rather than a built-in schema (null otherwise).
 */
public record InferenceRequested(
        UUID eventId,
        UUID jobId,
        String tenantId,
        UUID workItemId,
        Instant occurredAt,
        int schemaVersion,
        WorkItem item,
        TeamSchema schema)
        implements WorkItemEvent {

    public static InferenceRequested of(UUID jobId, String tenantId, WorkItem item) {
        return of(jobId, tenantId, item, null);
    }

    public static InferenceRequested of(UUID jobId, String tenantId, WorkItem item, TeamSchema schema) {
        return new InferenceRequested(
                UUID.randomUUID(), jobId, tenantId, item.workItemId(), Instant.now(), SCHEMA_VERSION, item, schema);
    }

    /** The same request asked on another schema (everything else kept). */
    /** The same request about {@code other} (an item of a record, with the record's job fields). */
    public InferenceRequested withItem(WorkItem other) {
        return new InferenceRequested(eventId, jobId, tenantId, workItemId, occurredAt, schemaVersion, other, schema);
    }

    public InferenceRequested withSchema(TeamSchema other) {
        return new InferenceRequested(eventId, jobId, tenantId, workItemId, occurredAt, schemaVersion, item, other);
    }
}
