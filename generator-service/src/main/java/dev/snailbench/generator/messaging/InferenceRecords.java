package dev.snailbench.generator.messaging;

import dev.snailbench.generator.config.JobsConfig;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.serde.EventRecords;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A job's work items as records of {@code snailbench.queries.to-infer}: {@code items-per-record} to an
 * {@link InferenceBatch}, each record within {@code max-record-bytes} with the team schema it carries
 * ({@link EventRecords}).
 */
@ApplicationScoped
public class InferenceRecords {

    private final int itemsPerRecord;
    private final int maxRecordBytes;

    @Inject
    public InferenceRecords(JobsConfig config) {
        this(config.itemsPerRecord(), config.maxRecordBytes());
    }

    InferenceRecords(int itemsPerRecord, int maxRecordBytes) {
        this.itemsPerRecord = itemsPerRecord;
        this.maxRecordBytes = maxRecordBytes;
    }

    /**
     * @throws IllegalStateException when one item with the schema alone is larger than a record may be (the job's
     *                               spec, schema included, was accepted within the same size, so this is a bug)
     */
    public List<EventRecords.Encoded> encode(UUID jobId, String tenantId, TeamSchema schema, List<WorkItem> items) {
        List<EventRecords.Item> requests = new ArrayList<>(items.size());
        items.forEach(item -> requests.add(EventRecords.Item.of(InferenceRequested.of(jobId, tenantId, item))));
        return EventRecords.pack(
                requests,
                itemsPerRecord,
                maxRecordBytes,
                (job, tenant, context) -> InferenceBatch.empty(job, tenant, schema, context));
    }
}
