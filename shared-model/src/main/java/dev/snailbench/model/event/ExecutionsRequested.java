package dev.snailbench.model.event;

import dev.snailbench.model.domain.JobContext;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Gold and predicted SQL of work items of one job waiting for the executor, several to one record of
 * {@code snailbench.sql.to-execute}: the inference service sends together what its model answered together. Each
 * one is still a whole {@link ExecutionRequested} with its own ids.
 *
 * @param requests at least one, all of job {@code jobId} and tenant {@code tenantId}
 */
public record ExecutionsRequested(
        UUID eventId,
        UUID jobId,
        String tenantId,
        Instant occurredAt,
        int schemaVersion,
        JobContext job,
        List<ExecutionRequested> requests)
        implements WorkItemBatch {

    public ExecutionsRequested {
        requests = WorkItemBatch.withJob(requests, job, ExecutionRequested::withItem);
    }

    /** A record of no item yet, for {@code EventRecords} to fill with items of the job's fields {@code job}. */
    public static ExecutionsRequested empty(UUID jobId, String tenantId, JobContext job) {
        return new ExecutionsRequested(
                UUID.randomUUID(), jobId, tenantId, Instant.now(), SCHEMA_VERSION, job, List.of());
    }

    /** Items of one job in one record, each with its own job fields (the record carries none). */
    public static ExecutionsRequested of(List<ExecutionRequested> requests) {
        ExecutionRequested first = requests.get(0);
        return new ExecutionsRequested(
                UUID.randomUUID(), first.jobId(), first.tenantId(), Instant.now(), SCHEMA_VERSION, null, requests);
    }

    @Override
    public List<ExecutionRequested> items() {
        return requests;
    }
}
