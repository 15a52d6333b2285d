package dev.snailbench.model.serde;

import dev.snailbench.model.event.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Several items of one job as Kafka records of one envelope event ({@code InferenceBatch}, {@code ItemsScored}): at
 * most {@code perRecord} items to a record, and each record within {@code maxBytes} of JSON (a record that would be
 * larger is split in halves until it fits). Serialized here, once, so the size is known before the producer refuses
 * a record.
 *
 * @param <T> the item type
 */
public final class EventRecords<T> {

    /** A record's key and its JSON value. */
    public record Encoded(String key, byte[] json) {
    }

    private final int perRecord;
    private final int maxBytes;
    private final Function<List<T>, ? extends Event> envelope;
    private final Function<T, String> name;

    /**
     * @param envelope the event holding a run of items (a new event id for each)
     * @param name     names an item in the error when it alone is larger than a record may be
     */
    public EventRecords(int perRecord, int maxBytes, Function<List<T>, ? extends Event> envelope,
            Function<T, String> name) {
        this.perRecord = Math.max(1, perRecord);
        this.maxBytes = maxBytes;
        this.envelope = envelope;
        this.name = name;
    }

    /**
     * The items' records, in the items' order.
     *
     * @throws IllegalStateException when one item alone is larger than {@code maxBytes}
     */
    public List<Encoded> encode(List<T> items) {
        List<Encoded> records = new ArrayList<>();
        for (int from = 0; from < items.size(); from += perRecord) {
            fit(items.subList(from, Math.min(items.size(), from + perRecord)), records);
        }
        return records;
    }

    private void fit(List<T> items, List<Encoded> records) {
        Event event = envelope.apply(items);
        byte[] json = EventJson.write(event);
        if (json.length <= maxBytes) {
            records.add(new Encoded(event.key(), json));
            return;
        }
        int n = items.size();
        if (n == 1) {
            throw new IllegalStateException(name.apply(items.get(0)) + " is " + json.length
                    + " bytes in its record, over the record limit of " + maxBytes);
        }
        fit(items.subList(0, n / 2), records);
        fit(items.subList(n / 2, n), records);
    }
}
