package dev.snailbench.model.serde;

import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.WorkItemBatch;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Work items of one job packed into Kafka records of an envelope event ({@link WorkItemBatch}): at most
 * {@code perRecord} items to a record, each record within {@code maxBytes} of JSON. Each item is serialized once, by
 * its producer (which may already have had to, to fit it: the executor's results), and copied into its record as it
 * is: the envelope's other fields are written around it.
 */
public final class EventRecords {

    /** An item's or a record's key and its JSON. */
    public record Encoded(String key, byte[] json) {
    }

    /**
     * Within Kafka's default record limit (1 MiB: the producer's {@code max.request.size}, the topic's
     * {@code max.message.bytes}), with room for the key and headers: for topics whose items are small.
     */
    public static final int KAFKA_DEFAULT_MAX_BYTES = 1_000_000;

    private static final byte[] CLOSE = "]}".getBytes(StandardCharsets.UTF_8);

    private EventRecords() {
    }

    /**
     * The items' records, in the items' order, each keyed by its first item (as that item alone would be: a job's
     * records spread over the topic's partitions, and a record continues its first item's trace).
     *
     * @param items    the items' keys and JSON
     * @param envelope a new envelope event (its own event id) with no items: the list of items must be its last field
     * @throws IllegalStateException when one item alone in a record is larger than {@code maxBytes}
     */
    public static List<Encoded> pack(List<Encoded> items, int perRecord, int maxBytes,
            Supplier<? extends WorkItemBatch> envelope) {
        List<Encoded> records = new ArrayList<>();
        int limit = Math.max(1, perRecord);
        int from = 0;
        while (from < items.size()) {
            byte[] head = head(envelope.get());
            int size = head.length + CLOSE.length;
            int to = from;
            while (to < items.size() && to - from < limit
                    && size + items.get(to).json().length + (to > from ? 1 : 0) <= maxBytes) {
                size += items.get(to).json().length + (to > from ? 1 : 0);
                to++;
            }
            if (to == from) {
                Encoded alone = items.get(from);
                throw new IllegalStateException("work item " + alone.key() + " is " + alone.json().length
                        + " bytes, over the record limit of " + maxBytes + " with its envelope of " + size + " bytes");
            }
            records.add(new Encoded(items.get(from).key(), join(head, items.subList(from, to), size)));
            from = to;
        }
        return records;
    }

    /** The envelope's JSON up to its empty list of items, opened: {@code {…,"items":[}. */
    private static byte[] head(WorkItemBatch empty) {
        byte[] json = EventJson.write(empty);
        int n = json.length;
        if (n < 3 || json[n - 3] != '[' || json[n - 2] != ']' || json[n - 1] != '}') {
            throw new IllegalStateException(empty.getClass().getSimpleName() + " must end with its list of items");
        }
        byte[] head = new byte[n - 2];
        System.arraycopy(json, 0, head, 0, n - 2);
        return head;
    }

    private static byte[] join(byte[] head, List<Encoded> items, int size) {
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

    /** An event as an item to pack: its key and its JSON. */
    public static Encoded encode(Event item) {
        return new Encoded(item.key(), EventJson.write(item));
    }
}
