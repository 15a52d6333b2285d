package dev.snailbench.executor.messaging;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.service.tasks.DatabaseTasks;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.HeldRecords;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * database-tasks → database-task-results: every task gets exactly one answer per delivery, with the reason when it
 * was refused or failed. The channel is read continuously ({@link HeldRecords}): each task's database is looked up
 * as it arrives and the task queued in its tenant's lane; each tenant's tasks run {@code database-tasks-per-tenant}
 * at a time and different tenants' side by side, so one tenant's slow QATCH suites (each at most
 * {@code database-task-timeout}) never hold another's schema description. A task's record is acknowledged once the
 * broker has its answer; at most {@code database-tasks-held} tasks are held. On a rebalance the records of a lost
 * partition are given up, never acknowledged, for the new owner to answer (see {@link ExecutionRequestConsumer}).
 * Tasks are safe to run again on a redelivery (reads, and views dropped and created again); the asker ignores
 * answers it no longer waits for.
 */
@ApplicationScoped
public class DatabaseTaskConsumer {

    private final DatabaseTasks tasks;
    private final MutinyEmitter<Record<String, DatabaseTaskCompleted>> answers;
    private final HeldRecords<DatabaseTaskRequested, UUID> held;

    public DatabaseTaskConsumer(
            DatabaseTasks tasks,
            ExecutorConfig config,
            @Channel(Channels.DATABASE_TASK_RESULTS_OUT) MutinyEmitter<Record<String, DatabaseTaskCompleted>> answers) {
        this.tasks = tasks;
        this.answers = answers;
        int perTenant = Math.max(1, config.databaseTasksPerTenant());
        this.held = new HeldRecords<>(
                Channels.DATABASE_TASKS,
                perTenant,
                perTenant * Math.max(1, config.tenantsAtOnce()),
                () -> true,
                config.databaseTasksHeld());
    }

    @Incoming(Channels.DATABASE_TASKS)
    public Uni<Void> onTasks(Message<List<DatabaseTaskRequested>> batch) {
        return held.receive(
                batch,
                request -> request.taskId() == null
                        ? "DatabaseTaskRequested " + request.eventId() + " lacks taskId"
                        : null,
                this::prepare);
    }

    /** Gives up the held records of partitions this replica no longer owns. */
    void revoked(Collection<TopicPartition> partitions) {
        held.revoked(partitions);
    }

    /** Each task's lookup, one after the other on the batch's context; the work itself runs in its tenant's lane. */
    private Uni<List<HeldRecords.Work<DatabaseTaskRequested, UUID>>> prepare(List<DatabaseTaskRequested> requests) {
        return Multi.createFrom()
                .iterable(requests)
                .onItem()
                .transformToUniAndConcatenate(request -> tasks.prepare(request)
                        .map(work -> new HeldRecords.Work<DatabaseTaskRequested, UUID>(
                                request,
                                request.taskId(),
                                request.tenantId(),
                                () -> work.map(answer -> answers.send(Record.of(answer.key(), answer))))))
                .collect()
                .asList();
    }
}
