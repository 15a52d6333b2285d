package dev.snailbench.model.event;

import dev.snailbench.model.domain.WorkItem;
import java.time.Instant;
import java.util.UUID;

/**
 * A work item that will not get a regular verdict: the generator's watchdog gave up on it, or a hop dead-lettered
 * it. The scorer turns it into a failed verdict ({@code could not be scored: <stage>: <reason>}) so that the job
 * completes and the item shows in results and reports.
 *
 * <p>Dead-lettered records are read as this record too: every work-item event carries the ids and the item, and
 * the stage and reason then come from the dead-letter topic and its headers.
 */
public record ItemAbandoned(
        UUID eventId,
        UUID jobId,
        String tenantId,
        UUID workItemId,
        Instant occurredAt,
        int schemaVersion,
        WorkItem item,
        String stage,
        String reason)
        implements WorkItemEvent {

    public static ItemAbandoned of(UUID jobId, String tenantId, WorkItem item, String stage, String reason) {
        return new ItemAbandoned(
                UUID.randomUUID(),
                jobId,
                tenantId,
                item.workItemId(),
                Instant.now(),
                SCHEMA_VERSION,
                item,
                stage,
                reason);
    }

    /** The same abandonment of {@code other} (an item of a dead-lettered record, with the record's job fields). */
    public ItemAbandoned withItem(WorkItem other) {
        return new ItemAbandoned(eventId, jobId, tenantId, workItemId, occurredAt, schemaVersion, other, stage, reason);
    }

    public ItemAbandoned withCause(String stageName, String why) {
        return new ItemAbandoned(eventId, jobId, tenantId, workItemId, occurredAt, schemaVersion, item, stageName, why);
    }
}
