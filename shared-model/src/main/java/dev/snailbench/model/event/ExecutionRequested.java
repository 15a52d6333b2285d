package dev.snailbench.model.event;

import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.WorkItem;
import java.time.Instant;
import java.util.UUID;

/**
 * Gold and predicted SQL, both at native names, to run on the work item's database. When inference failed,
 * {@code inference.predictedSql()} is null and {@code inference.error()} says why; the gold still runs so the
 * item is scored and counted.
 */
public record ExecutionRequested(UUID eventId, UUID jobId, String tenantId, UUID workItemId, Instant occurredAt,
        int schemaVersion, WorkItem item, Inference inference) implements WorkItemEvent {

    public static ExecutionRequested of(InferenceRequested request, Inference inference) {
        return new ExecutionRequested(UUID.randomUUID(), request.jobId(), request.tenantId(), request.workItemId(),
                Instant.now(), SCHEMA_VERSION, request.item(), inference);
    }
}
