package dev.snailbench.executor.messaging;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.service.DatabaseTasks;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Batches;
import dev.snailbench.model.delivery.PerTenant;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * database-tasks → database-task-results: every task gets exactly one answer per delivery, with the reason when it
 * was refused or failed. Tasks come in small batches: each tenant's run {@code database-tasks-per-tenant} at a time
 * and different tenants' side by side, so one tenant's slow QATCH suite (at most {@code database-task-timeout})
 * does not hold another's schema description. The offsets commit once the broker has every answer of the batch.
 * Tasks are safe to run again on a redelivery (reads, and views dropped and created again); the asker ignores
 * answers it no longer waits for.
 */
@ApplicationScoped
public class DatabaseTaskConsumer {

    private final DatabaseTasks tasks;
    private final MutinyEmitter<Record<String, DatabaseTaskCompleted>> answers;
    private final int perTenant;

    public DatabaseTaskConsumer(DatabaseTasks tasks, ExecutorConfig config,
            @Channel(Channels.DATABASE_TASK_RESULTS_OUT) MutinyEmitter<Record<String, DatabaseTaskCompleted>> answers) {
        this.tasks = tasks;
        this.answers = answers;
        this.perTenant = Math.max(1, config.databaseTasksPerTenant());
    }

    @Incoming(Channels.DATABASE_TASKS)
    public Uni<Void> onTasks(Message<List<DatabaseTaskRequested>> batch) {
        return Batches.consume(batch, request -> request.taskId() == null
                ? "DatabaseTaskRequested " + request.eventId() + " lacks taskId" : null, this::answerAll);
    }

    private Uni<Void> answerAll(List<DatabaseTaskRequested> requests) {
        // The lookups one after the other on the batch's context; the work itself per tenant, tenants side by side.
        return Multi.createFrom().iterable(requests)
                .onItem().transformToUniAndConcatenate(request -> tasks.prepare(request)
                        .map(work -> new Prepared(request, work)))
                .collect().asList()
                .chain(prepared -> PerTenant.merge(prepared, p -> p.request().tenantId(),
                        p -> p.work().chain(answer -> answers.send(Record.of(answer.key(), answer))), perTenant,
                        prepared.size()).collect().last())
                .replaceWithVoid();
    }

    private record Prepared(DatabaseTaskRequested request, Uni<DatabaseTaskCompleted> work) {
    }
}
