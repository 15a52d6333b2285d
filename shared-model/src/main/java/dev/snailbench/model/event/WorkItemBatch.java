package dev.snailbench.model.event;

import dev.snailbench.model.domain.JobContext;
import dev.snailbench.model.domain.WorkItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * An event holding several work items of one job, one record for many ({@link InferenceBatch},
 * {@link ExecutionsRequested}, {@link ExecutionsCompleted}, {@link ItemsScored}): the hop's per-record costs (produce,
 * fetch, tracing, acknowledgement) are paid once for them all, and each item is still judged, answered and
 * deduplicated on its own. The list of items is the record's last field ({@code EventRecords} writes it so).
 */
public interface WorkItemBatch extends Event {

    /** The work items' own events (null only in a malformed record, which its consumer refuses). */
    List<? extends WorkItemEvent> items();

    /**
     * The job's fields every item of the record shares, written once for them all (its items are written without
     * them), or null when each item carries its own (records of schema version 1, a record of one item).
     */
    default JobContext job() {
        return null;
    }

    /**
     * The items as a record holds them: each with the record's job fields when it has them ({@code job}), unchanged
     * otherwise. For the records' constructors: an item read from a record lacks the fields the record carries.
     */
    static <T extends WorkItemEvent> List<T> withJob(
            List<T> items, JobContext job, BiFunction<T, WorkItem, T> withItem) {
        if (items == null || job == null) {
            return items == null ? null : List.copyOf(items);
        }
        List<T> each = new ArrayList<>(items.size());
        for (T item : items) {
            each.add(
                    item == null || item.item() == null
                            ? item
                            : withItem.apply(item, item.item().withContext(job)));
        }
        return List.copyOf(each);
    }

    /**
     * Keyed by its first item, as that item alone would be: a job's records spread over the topic's partitions, so a
     * large job still keeps every consumer busy, and the record continues that item's trace.
     */
    @Override
    default String key() {
        List<? extends WorkItemEvent> items = items();
        return items == null || items.isEmpty() || items.get(0).workItemId() == null
                ? String.valueOf(jobId())
                : items.get(0).key();
    }

    /**
     * Why the record cannot be handled as a whole, or null when it can: it holds no item, an item lacks its ids, or an
     * item is of another job or tenant than the record (a producer's bug: handling the rest would hide it).
     */
    default String refusal() {
        String record = getClass().getSimpleName() + " " + eventId();
        List<? extends WorkItemEvent> items = items();
        if (items == null || items.isEmpty()) {
            return record + " holds no work item";
        }
        for (WorkItemEvent item : items) {
            String name = item.getClass().getSimpleName() + " " + item.eventId();
            if (item.workItemId() == null || item.jobId() == null) {
                return record + ": " + name + " lacks workItemId or jobId";
            }
            if (!item.jobId().equals(jobId()) || !Objects.equals(item.tenantId(), tenantId())) {
                return record + " (job " + jobId() + "): " + name + " (work item " + item.workItemId() + ") is of job "
                        + item.jobId() + " and tenant " + item.tenantId() + ", not the record's";
            }
        }
        return null;
    }
}
