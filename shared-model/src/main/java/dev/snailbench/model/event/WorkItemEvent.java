package dev.snailbench.model.event;

import java.util.UUID;

/** An event about one work item (one question × model × level × database of a job). */
public interface WorkItemEvent extends Event {

    UUID workItemId();

    @Override
    default String key() {
        return workItemId().toString();
    }
}
