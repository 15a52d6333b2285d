package dev.snailbench.model.serde;

import dev.snailbench.model.domain.JobContext;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.WorkItemBatch;
import dev.snailbench.model.event.WorkItemEvent;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Work items packed into Kafka records of an envelope event ({@link WorkItemBatch}), each job's in its own: at most
 * {@code perRecord} items to a record, each record within {@code maxBytes} of JSON. Each item is serialized once, by
 * its producer (which may already have had to, to fit it: the executor's results), and copied into its record as it
 * is: the envelope's other fields are written around it. The job's fields of the items' {@link WorkItem}s
 * ({@link JobContext}) are written once, in the envelope, not in each item ({@link EventJson#writeInRecord}).
 */
public final class EventRecords {

    /**
     * Within Kafka's default record limit (1 MiB: the producer's {@code max.request.size}, the topic's
     * {@code max.message.bytes}), with room for the key and headers: for topics whose items are small.
     */
    public static final int KAFKA_DEFAULT_MAX_BYTES = 1_000_000;

    /** A record's key and its JSON. */
    public record Encoded(String key, byte[] json) {}

    /**
     * A work item's event and its JSON as an item of a record: {@link EventJson#writeInRecord} when the event carries
     * a work item, whose job's fields the record then carries.
     */
    public record Item(WorkItemEvent event, byte[] json) {

        /** The event, serialized now. */
        public static Item of(WorkItemEvent event) {
            return new Item(event, event.item() == null ? EventJson.write(event) : EventJson.writeInRecord(event));
        }

        /** The job's fields the item's record must carry (null: the event carries no work item). */
        JobContext context() {
            return event.item() == null ? null : event.item().context();
        }
    }

    /** Makes the envelopes of a topic's records. */
    @FunctionalInterface
    public interface Envelope {

        /**
         * A new envelope event (its own event id) of no items, whose list of items is its last field: of the job and
         * tenant, carrying {@code job} (the job's fields of its items' work items; null when they carry none).
         */
        WorkItemBatch empty(UUID jobId, String tenantId, JobContext job);
    }

    private static final byte[] CLOSE = "]}".getBytes(StandardCharsets.UTF_8);

    private EventRecords() {}

    /**
     * Items of any jobs as records, each job's (and tenant's: a record is one tenant's) packed on its own, the jobs in
     * the order they first appear.
     */
    public static List<Encoded> packByJob(List<Item> items, int perRecord, int maxBytes, Envelope envelope) {
        Map<String, List<Item>> byJob = new LinkedHashMap<>();
        items.forEach(item -> byJob.computeIfAbsent(
                        item.event().jobId() + "|" + item.event().tenantId(), job -> new ArrayList<>())
                .add(item));
        List<Encoded> records = new ArrayList<>();
        byJob.values().forEach(ofJob -> records.addAll(pack(ofJob, perRecord, maxBytes, envelope)));
        return records;
    }

    /**
     * Items of one job (and tenant) as records, in the items' order, each keyed by its first item (as that item alone
     * would be: a job's records spread over the topic's partitions, and a record continues its first item's trace). A
     * record holds items of one {@link JobContext} (a job's items all share one; should two differ, they go to
     * different records rather than one item being read with the other's fields).
     *
     * @throws IllegalStateException when one item alone in a record is larger than {@code maxBytes}, or when the
     *                               envelope does not carry the job's fields its items are written without
     */
    public static List<Encoded> pack(List<Item> items, int perRecord, int maxBytes, Envelope envelope) {
        List<Encoded> records = new ArrayList<>();
        int limit = Math.max(1, perRecord);
        List<JobContext> contexts = new ArrayList<>(items.size());
        items.forEach(item -> contexts.add(item.context()));
        int from = 0;
        while (from < items.size()) {
            WorkItemEvent first = items.get(from).event();
            JobContext job = contexts.get(from);
            byte[] head = head(envelope.empty(first.jobId(), first.tenantId(), job), job);
            int size = head.length + CLOSE.length;
            int to = from;
            while (to < items.size()
                    && to - from < limit
                    && Objects.equals(contexts.get(to), job)
                    && size + items.get(to).json().length + (to > from ? 1 : 0) <= maxBytes) {
                size += items.get(to).json().length + (to > from ? 1 : 0);
                to++;
            }
            if (to == from) {
                Item alone = items.get(from);
                throw new IllegalStateException("work item " + alone.event().workItemId() + " is "
                        + alone.json().length + " bytes, over the record limit of " + maxBytes
                        + " with its envelope of " + size + " bytes");
            }
            records.add(new Encoded(items.get(from).event().key(), join(head, items.subList(from, to), size)));
            from = to;
        }
        return records;
    }

    /**
     * Sends the records on an emitter of JSON now (when called, not when subscribed); the Uni completes when the broker
     * has acknowledged every one, on the caller's context (where the emitter answers). The records are referred to by
     * the sends only, not by the returned Uni: a caller's pipeline may live on long after (a submission waits for its
     * job to be stored), and it would keep megabytes of JSON alive meanwhile.
     */
    public static Uni<Void> send(MutinyEmitter<byte[]> emitter, List<Encoded> records) {
        return records.isEmpty()
                ? Uni.createFrom().voidItem()
                : Uni.join()
                        .all(records.stream()
                                .map(record -> sent(emitter, record))
                                .toList())
                        .andFailFast()
                        .replaceWithVoid();
    }

    private static Uni<Void> sent(MutinyEmitter<byte[]> emitter, Encoded record) {
        CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        emitter.sendMessage(KafkaRecord.of(record.key(), record.json()))
                .subscribe()
                .with(ignored -> acknowledged.complete(null), acknowledged::completeExceptionally);
        return Uni.createFrom().completionStage(acknowledged);
    }

    /** The envelope's JSON up to its empty list of items, opened: {@code {…,"items":[}. */
    private static byte[] head(WorkItemBatch empty, JobContext job) {
        if (job != null && !job.equals(empty.job())) {
            throw new IllegalStateException(empty.getClass().getSimpleName() + " must carry the job's fields of its"
                    + " items, which are written without them");
        }
        byte[] json = EventJson.write(empty);
        int n = json.length;
        if (n < 3 || json[n - 3] != '[' || json[n - 2] != ']' || json[n - 1] != '}') {
            throw new IllegalStateException(empty.getClass().getSimpleName() + " must end with its list of items");
        }
        byte[] head = new byte[n - 2];
        System.arraycopy(json, 0, head, 0, n - 2);
        return head;
    }

    private static byte[] join(byte[] head, List<Item> items, int size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(size);
        out.writeBytes(head);
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.writeBytes(items.get(i).json());
        }
        out.writeBytes(CLOSE);
        return out.toByteArray();
    }
}
