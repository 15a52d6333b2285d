package dev.snailbench.workbench.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Consumes the executor's answers (topic database.task-results) in a consumer group of this replica alone, so
 * every replica sees every answer; nothing is stored, the waiting request carries on.
 */
@ApplicationScoped
public class DatabaseTaskAnswerConsumer {

    private final DatabaseTaskClient client;

    public DatabaseTaskAnswerConsumer(DatabaseTaskClient client) {
        this.client = client;
    }

    @Incoming(Channels.DATABASE_TASK_RESULTS)
    public void consume(DatabaseTaskCompleted answer) {
        client.complete(answer);
    }
}
