package dev.snailbench.model.event;

import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.WorkItem;
import java.time.Instant;
import java.util.UUID;

/**
 * Gold and predicted SQL, both at native names, to run on the work item's database. When inference failed,
 * {@code inference.predictedSql()} is null and {@code inference.error()} says why; the gold still runs so the
 * item is scored and counted. The item travels without its recorded prediction and the inference without the model's
 * raw answer ({@link #of}): the predicted SQL is what the executor and the scorer read, and the raw answer stays in
 * the inference service's record ({@code GET /inferences/{workItemId}}).
 */
public record ExecutionRequested(
        UUID eventId,
        UUID jobId,
        String tenantId,
        UUID workItemId,
        Instant occurredAt,
        int schemaVersion,
        WorkItem item,
        Inference inference)
        implements WorkItemEvent {

    /**
     * The request answered: both texts an item and its result carry on every later hop (a replayed prediction or a
     * model's answer, each up to kilobytes) are left out here.
     */
    /** The same request about {@code other} (an item of a record, with the record's job fields). */
    public ExecutionRequested withItem(WorkItem other) {
        return new ExecutionRequested(
                eventId, jobId, tenantId, workItemId, occurredAt, schemaVersion, other, inference);
    }

    public static ExecutionRequested of(InferenceRequested request, Inference inference) {
        WorkItem item = request.item() == null ? null : request.item().withoutRecordedPrediction();
        return new ExecutionRequested(
                UUID.randomUUID(),
                request.jobId(),
                request.tenantId(),
                request.workItemId(),
                Instant.now(),
                SCHEMA_VERSION,
                item,
                inference == null ? null : inference.withoutRawAnswer());
    }
}
