package dev.snailbench.generator.messaging;

import dev.snailbench.generator.config.JobsConfig;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.serde.EventJson;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A job's work items as records of {@code snailbench.queries.to-infer}: {@code items-per-record} to an
 * {@link InferenceBatch}, each record within {@code max-record-bytes} (the team schema counts in every record, so a
 * record that would be larger is split in halves until it fits). Serialized here, once, so the size is known before
 * the producer refuses it.
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
        this.itemsPerRecord = Math.max(1, itemsPerRecord);
        this.maxRecordBytes = maxRecordBytes;
    }

    /** A record's key and its JSON value. */
    public record Encoded(String key, byte[] json) {
    }

    /**
     * @throws IllegalStateException when one item with the schema alone is larger than a record may be (the job's
     *                               spec, schema included, was accepted within the same size, so this is a bug)
     */
    public List<Encoded> encode(UUID jobId, String tenantId, TeamSchema schema, List<WorkItem> items) {
        List<Encoded> records = new ArrayList<>();
        for (int from = 0; from < items.size(); from += itemsPerRecord) {
            fit(InferenceBatch.of(jobId, tenantId, schema, items.subList(from,
                    Math.min(items.size(), from + itemsPerRecord))), records);
        }
        return records;
    }

    private void fit(InferenceBatch batch, List<Encoded> records) {
        byte[] json = EventJson.write(batch);
        if (json.length <= maxRecordBytes) {
            records.add(new Encoded(batch.key(), json));
            return;
        }
        int n = batch.requests().size();
        if (n == 1) {
            throw new IllegalStateException("work item " + batch.requests().get(0).workItemId() + " of job "
                    + batch.jobId() + " is " + json.length + " bytes with its schema, over the record limit of "
                    + maxRecordBytes);
        }
        fit(part(batch, 0, n / 2), records);
        fit(part(batch, n / 2, n), records);
    }

    private static InferenceBatch part(InferenceBatch batch, int from, int to) {
        return new InferenceBatch(UUID.randomUUID(), batch.jobId(), batch.tenantId(), batch.occurredAt(),
                batch.schemaVersion(), batch.schema(), batch.requests().subList(from, to));
    }
}
