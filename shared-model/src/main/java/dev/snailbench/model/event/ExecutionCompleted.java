package dev.snailbench.model.event;

import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.NameUuids;
import dev.snailbench.model.domain.SqlFacts;
import dev.snailbench.model.domain.WorkItem;
import java.time.Instant;
import java.util.UUID;

/**
 * Both queries of a work item ran (or failed to); the scorer compares the results. {@code goldNondeterministic}
 * says why the gold's result depends on the plan (gold screening: {@code LIMIT 3 cuts through rows tied on
 * ORDER BY …}); null when the gold was found deterministic, was not screened, and in events written before
 * screening existed. {@code sql}: what the executor read from the two texts when its guard parsed them, so that the
 * scorer does not parse them again; null in events written before it did, which the scorer analyses itself.
 */
public record ExecutionCompleted(
        UUID eventId,
        UUID jobId,
        String tenantId,
        UUID workItemId,
        Instant occurredAt,
        int schemaVersion,
        WorkItem item,
        Inference inference,
        ExecutionOutcome gold,
        ExecutionOutcome predicted,
        String goldNondeterministic,
        SqlFacts sql)
        implements WorkItemEvent {

    /** An event without a screening verdict. */
    public ExecutionCompleted(
            UUID eventId,
            UUID jobId,
            String tenantId,
            UUID workItemId,
            Instant occurredAt,
            int schemaVersion,
            WorkItem item,
            Inference inference,
            ExecutionOutcome gold,
            ExecutionOutcome predicted) {
        this(eventId, jobId, tenantId, workItemId, occurredAt, schemaVersion, item, inference, gold, predicted, null);
    }

    /** An event without the executor's reading of its SQL (the scorer parses the texts itself). */
    public ExecutionCompleted(
            UUID eventId,
            UUID jobId,
            String tenantId,
            UUID workItemId,
            Instant occurredAt,
            int schemaVersion,
            WorkItem item,
            Inference inference,
            ExecutionOutcome gold,
            ExecutionOutcome predicted,
            String goldNondeterministic) {
        this(
                eventId,
                jobId,
                tenantId,
                workItemId,
                occurredAt,
                schemaVersion,
                item,
                inference,
                gold,
                predicted,
                goldNondeterministic,
                null);
    }

    public static ExecutionCompleted of(ExecutionRequested request, ExecutionOutcome gold, ExecutionOutcome predicted) {
        return of(request, gold, predicted, null, null);
    }

    /** The request's outcome, under the work item's one event id ({@link #idFor}). */
    public static ExecutionCompleted of(
            ExecutionRequested request,
            ExecutionOutcome gold,
            ExecutionOutcome predicted,
            String goldNondeterministic,
            SqlFacts sql) {
        return new ExecutionCompleted(
                idFor(request.workItemId()),
                request.jobId(),
                request.tenantId(),
                request.workItemId(),
                Instant.now(),
                SCHEMA_VERSION,
                request.item(),
                request.inference(),
                gold,
                predicted,
                goldNondeterministic,
                sql);
    }

    /**
     * The id of a work item's ExecutionCompleted: the same for every run of the item (a redelivered request is run
     * again), so a repeat is recognisable.
     */
    public static UUID idFor(UUID workItemId) {
        return NameUuids.of("ExecutionCompleted:" + workItemId);
    }

    /** The same event about {@code other} (an item of a record, with the record's job fields). */
    public ExecutionCompleted withItem(WorkItem other) {
        return new ExecutionCompleted(
                eventId,
                jobId,
                tenantId,
                workItemId,
                occurredAt,
                schemaVersion,
                other,
                inference,
                gold,
                predicted,
                goldNondeterministic,
                sql);
    }

    /** The same event with other results (everything else kept). */
    public ExecutionCompleted withResults(ExecutionOutcome newGold, ExecutionOutcome newPredicted) {
        return new ExecutionCompleted(
                eventId,
                jobId,
                tenantId,
                workItemId,
                occurredAt,
                schemaVersion,
                item,
                inference,
                newGold,
                newPredicted,
                goldNondeterministic,
                sql);
    }
}
