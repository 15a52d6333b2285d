package dev.snailbench.model.event;

import dev.snailbench.model.domain.JobContext;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Outcomes of work items of one job waiting for the scorer, several to one record of {@code snailbench.results.to-
 * score}: the executor sends together what finished together (each result already within its own size limit). Each
 * one is still a whole {@link ExecutionCompleted} with its own ids.
 *
 * @param results at least one, all of job {@code jobId} and tenant {@code tenantId}
 */
public record ExecutionsCompleted(
        UUID eventId,
        UUID jobId,
        String tenantId,
        Instant occurredAt,
        int schemaVersion,
        JobContext job,
        List<ExecutionCompleted> results)
        implements WorkItemBatch {

    public ExecutionsCompleted {
        results = WorkItemBatch.withJob(results, job, ExecutionCompleted::withItem);
    }

    /** A record of no item yet, for {@code EventRecords} to fill with items of the job's fields {@code job}. */
    public static ExecutionsCompleted empty(UUID jobId, String tenantId, JobContext job) {
        return new ExecutionsCompleted(
                UUID.randomUUID(), jobId, tenantId, Instant.now(), SCHEMA_VERSION, job, List.of());
    }

    /** Items of one job in one record, each with its own job fields (the record carries none). */
    public static ExecutionsCompleted of(List<ExecutionCompleted> results) {
        ExecutionCompleted first = results.get(0);
        return new ExecutionsCompleted(
                UUID.randomUUID(), first.jobId(), first.tenantId(), Instant.now(), SCHEMA_VERSION, null, results);
    }

    @Override
    public List<ExecutionCompleted> items() {
        return results;
    }
}
