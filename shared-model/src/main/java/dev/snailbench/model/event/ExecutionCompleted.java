package dev.snailbench.model.event;

import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.WorkItem;
import java.time.Instant;
import java.util.UUID;

/** Both queries of a work item ran (or failed to); the scorer compares the results. */
public record ExecutionCompleted(UUID eventId, UUID jobId, String tenantId, UUID workItemId, Instant occurredAt,
        int schemaVersion, WorkItem item, Inference inference, ExecutionOutcome gold, ExecutionOutcome predicted)
        implements WorkItemEvent {

    public static ExecutionCompleted of(ExecutionRequested request, ExecutionOutcome gold,
            ExecutionOutcome predicted) {
        return new ExecutionCompleted(UUID.randomUUID(), request.jobId(), request.tenantId(), request.workItemId(),
                Instant.now(), SCHEMA_VERSION, request.item(), request.inference(), gold, predicted);
    }
}
