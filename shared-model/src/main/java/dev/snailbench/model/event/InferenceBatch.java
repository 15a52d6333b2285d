package dev.snailbench.model.event;

import dev.snailbench.model.domain.JobContext;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Work items of one job waiting for a model, several to one record of {@code snailbench.queries.to-infer}. The
 * job's team schema (tables, columns, sample values, crosswalk: up to megabytes on a large database) travels once
 * per record instead of once per item, and the hop's per-record costs (fetch, tracing, acknowledgement) are paid
 * once for them all. Each request is still a whole {@link InferenceRequested} with its own ids, judged and
 * deduplicated per item; {@code requests} carry no schema of their own ({@link #withSchema()} gives them theirs).
 *
 * @param schema   the team's schema every request is asked on (null for built-in schemas)
 * @param job      the job's fields every request's item shares (see {@link WorkItemBatch#job()})
 * @param requests at least one request, all of job {@code jobId}
 */
public record InferenceBatch(
        UUID eventId,
        UUID jobId,
        String tenantId,
        Instant occurredAt,
        int schemaVersion,
        TeamSchema schema,
        JobContext job,
        List<InferenceRequested> requests)
        implements WorkItemBatch {

    public InferenceBatch {
        requests = WorkItemBatch.withJob(requests, job, InferenceRequested::withItem);
    }

    /** A record whose items carry their job's fields each. */
    public InferenceBatch(
            UUID eventId,
            UUID jobId,
            String tenantId,
            Instant occurredAt,
            int schemaVersion,
            TeamSchema schema,
            List<InferenceRequested> requests) {
        this(eventId, jobId, tenantId, occurredAt, schemaVersion, schema, null, requests);
    }

    /** A record of no item yet, for {@code EventRecords} to fill with items of the job's fields {@code job}. */
    public static InferenceBatch empty(UUID jobId, String tenantId, TeamSchema schema, JobContext job) {
        return new InferenceBatch(
                UUID.randomUUID(), jobId, tenantId, Instant.now(), SCHEMA_VERSION, schema, job, List.of());
    }

    public static InferenceBatch of(UUID jobId, String tenantId, TeamSchema schema, List<WorkItem> items) {
        List<InferenceRequested> requests = new ArrayList<>(items.size());
        items.forEach(item -> requests.add(InferenceRequested.of(jobId, tenantId, item)));
        return new InferenceBatch(UUID.randomUUID(), jobId, tenantId, Instant.now(), SCHEMA_VERSION, schema, requests);
    }

    @Override
    public List<InferenceRequested> items() {
        return requests;
    }

    /** One request alone in its record (its own schema becomes the record's). */
    public static InferenceBatch of(InferenceRequested request) {
        return new InferenceBatch(
                UUID.randomUUID(),
                request.jobId(),
                request.tenantId(),
                request.occurredAt(),
                request.schemaVersion(),
                request.schema(),
                List.of(request.withSchema(null)));
    }

    /** The requests, each with the record's schema (one shared instance, not a copy per item). */
    public List<InferenceRequested> withSchema() {
        if (schema == null) {
            return requests;
        }
        List<InferenceRequested> each = new ArrayList<>(requests.size());
        requests.forEach(request -> each.add(request.withSchema(schema)));
        return each;
    }
}
