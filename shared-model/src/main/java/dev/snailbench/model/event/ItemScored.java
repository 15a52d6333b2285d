package dev.snailbench.model.event;

import java.time.Instant;
import java.util.UUID;

/**
 * The final verdict on one work item. {@code failed} is true when no comparison was possible (inference,
 * gold or predicted execution failed); the generator counts progress from these events, several to a record
 * ({@link ItemsScored}). The reason is cut to {@link #REASON_LENGTH}: the generator counts reasons per job as written,
 * and the whole one stays in the scorer's results.
 */
public record ItemScored(
        UUID eventId,
        UUID jobId,
        String tenantId,
        UUID workItemId,
        Instant occurredAt,
        int schemaVersion,
        String questionId,
        boolean strictMatch,
        boolean setMatch,
        boolean failed,
        String reason)
        implements WorkItemEvent {

    /** The longest reason a verdict carries: a database's whole message (it may quote the SQL) is cut to this. */
    public static final int REASON_LENGTH = 300;

    public ItemScored {
        reason = reason == null || reason.length() <= REASON_LENGTH
                ? reason
                : reason.substring(0, REASON_LENGTH - 1) + "…";
    }

    public static ItemScored of(
            ExecutionCompleted source, boolean strictMatch, boolean setMatch, boolean failed, String reason) {
        return new ItemScored(
                UUID.randomUUID(),
                source.jobId(),
                source.tenantId(),
                source.workItemId(),
                Instant.now(),
                SCHEMA_VERSION,
                source.item().questionId(),
                strictMatch,
                setMatch,
                failed,
                reason);
    }

    /** The failed verdict of an item that could not be scored. */
    public static ItemScored failed(ItemAbandoned source, String reason) {
        return new ItemScored(
                UUID.randomUUID(),
                source.jobId(),
                source.tenantId(),
                source.workItemId(),
                Instant.now(),
                SCHEMA_VERSION,
                source.item() == null ? null : source.item().questionId(),
                false,
                false,
                true,
                reason);
    }
}
