package dev.snailbench.executor.messaging;

import dev.snailbench.executor.service.DatabaseTasks;
import dev.snailbench.model.Channels;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * database-tasks → database-task-results: every task gets exactly one answer per delivery, with the reason when it
 * was refused or failed. The offset commits once the broker has the answer. Tasks are safe to run again on a
 * redelivery (reads, and views dropped and created again); the asker ignores answers it no longer waits for.
 */
@ApplicationScoped
public class DatabaseTaskConsumer {

    private final DatabaseTasks tasks;
    private final MutinyEmitter<Record<String, DatabaseTaskCompleted>> answers;

    public DatabaseTaskConsumer(DatabaseTasks tasks,
            @Channel(Channels.DATABASE_TASK_RESULTS_OUT) MutinyEmitter<Record<String, DatabaseTaskCompleted>> answers) {
        this.tasks = tasks;
        this.answers = answers;
    }

    @Incoming(Channels.DATABASE_TASKS)
    public Uni<Void> onTask(DatabaseTaskRequested request) {
        return tasks.handle(request).chain(answer -> answers.send(Record.of(answer.key(), answer)));
    }
}
