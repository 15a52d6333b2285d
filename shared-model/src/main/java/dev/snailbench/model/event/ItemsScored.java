package dev.snailbench.model.event;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The verdicts of one job that the scorer reached together, several to one record of {@code snailbench.scores}: the
 * hop's per-record costs (produce, fetch, tracing, acknowledgement) are paid once for them all. Each verdict is still
 * a whole {@link ItemScored} with its own ids, counted once per work item however often it is delivered.
 *
 * @param verdicts at least one verdict, all of job {@code jobId} and tenant {@code tenantId}
 */
public record ItemsScored(
        UUID eventId, UUID jobId, String tenantId, Instant occurredAt, int schemaVersion, List<ItemScored> verdicts)
        implements WorkItemBatch {

    public ItemsScored {
        verdicts = verdicts == null ? null : List.copyOf(verdicts);
    }

    @Override
    public List<ItemScored> items() {
        return verdicts;
    }

    /** A record of no verdict yet, for {@code EventRecords} to fill. */
    public static ItemsScored empty(UUID jobId, String tenantId) {
        return new ItemsScored(UUID.randomUUID(), jobId, tenantId, Instant.now(), SCHEMA_VERSION, List.of());
    }

    /** Verdicts of one job, in one record. */
    public static ItemsScored of(List<ItemScored> verdicts) {
        ItemScored first = verdicts.get(0);
        return new ItemsScored(
                UUID.randomUUID(), first.jobId(), first.tenantId(), Instant.now(), SCHEMA_VERSION, verdicts);
    }
}
