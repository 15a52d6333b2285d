package dev.snailbench.model.serde;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.model.domain.JobContext;
import dev.snailbench.model.event.ItemAbandoned;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Reads what the scorer turns into failed verdicts: an {@link ItemAbandoned}, or a work-item record a hop
 * dead-lettered, read as one abandonment per work item it holds. Every work-item event carries the ids and the item an
 * abandonment needs; a record of several ({@code InferenceBatch}, {@code ExecutionsRequested},
 * {@code ExecutionsCompleted}) holds each one under {@code requests} or {@code results}, and its items' job fields
 * once, under {@code job}, which each abandonment's item gets back. What lacks the ids (a poison record) is still
 * returned: the consumer names it and leaves it in the topic for operators.
 */
public class AbandonedItemsDeserializer implements Deserializer<List<ItemAbandoned>> {

    @Override
    public List<ItemAbandoned> deserialize(String topic, byte[] data) {
        if (data == null) {
            return List.of();
        }
        JsonNode root;
        try {
            root = EventJson.mapper().readTree(data);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a work-item record: " + e.getMessage(), e);
        }
        JsonNode requests = root == null ? null : root.has("requests") ? root.get("requests") : root.get("results");
        List<ItemAbandoned> items = new ArrayList<>();
        if (requests != null && requests.isArray()) {
            JobContext job = job(root.get("job"));
            requests.forEach(request -> items.add(inJob(abandoned(request), job)));
        } else if (root != null && root.isObject()) {
            items.add(abandoned(root));
        }
        return items;
    }

    private static JobContext job(JsonNode job) {
        if (job == null || job.isNull()) {
            return null;
        }
        try {
            return EventJson.mapper().treeToValue(job, JobContext.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a work-item record: its job: " + e.getMessage(), e);
        }
    }

    private static ItemAbandoned inJob(ItemAbandoned abandoned, JobContext job) {
        return job == null || abandoned.item() == null
                ? abandoned
                : abandoned.withItem(abandoned.item().withContext(job));
    }

    private static ItemAbandoned abandoned(JsonNode event) {
        try {
            return EventJson.mapper().treeToValue(event, ItemAbandoned.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a work-item record: " + e.getMessage(), e);
        }
    }
}
