package dev.snailbench.model.event;

import dev.snailbench.model.domain.WorkItem;
import java.util.UUID;

/** An event about one work item (one question × model × level × database of a job). */
public interface WorkItemEvent extends Event {

    UUID workItemId();

    /** The work item the event is about, where it carries it (null otherwise). */
    default WorkItem item() {
        return null;
    }

    @Override
    default String key() {
        return workItemId().toString();
    }
}
