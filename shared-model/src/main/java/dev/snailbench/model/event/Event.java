package dev.snailbench.model.event;

import java.time.Instant;
import java.util.UUID;

/**
 * What every event on a Snailbench topic carries. Consumers dedupe on {@link #eventId()} (or on the work
 * item id where one work item produces exactly one event of a kind); {@link #schemaVersion()} lets a consumer
 * refuse a payload it does not understand instead of misreading it.
 */
public interface Event {

    /**
     * The version producers write and consumers read up to. 2: a record of several work items carries their job's
     * fields once ({@link WorkItemBatch#job()}), its items are written without them (a consumer of version 1 would
     * read items without a database, and refuses the record instead).
     */
    int SCHEMA_VERSION = 2;

    UUID eventId();

    /** Null for events that belong to no job (tenants). */
    UUID jobId();

    String tenantId();

    Instant occurredAt();

    int schemaVersion();

    /** The Kafka record key: keeps one work item's (or job's, or tenant's) messages in one partition, in order. */
    String key();
}
