package dev.snailbench.model.event;

import java.util.List;

/**
 * An event holding several work items of one job, one record for many ({@link InferenceBatch}, {@link ItemsScored}):
 * each item is still judged, traced and deduplicated on its own.
 */
public interface WorkItemBatch extends Event {

    /** The work items' own events (null only in a malformed record, which its consumer refuses). */
    List<? extends WorkItemEvent> items();
}
