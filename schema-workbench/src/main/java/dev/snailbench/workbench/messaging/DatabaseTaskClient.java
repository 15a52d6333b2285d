package dev.snailbench.workbench.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.problem.Unavailable;
import dev.snailbench.model.problem.UpstreamTimeout;
import dev.snailbench.workbench.config.DatabaseTasksConfig;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Asks the executor (topic database.tasks) for work on a team's registered database and waits for its answer
 * ({@link DatabaseTaskAnswerConsumer}). Every replica reads every answer and completes only the tasks it asked, so
 * any number of generator replicas can ask at once.
 */
@ApplicationScoped
public class DatabaseTaskClient {

    private final MutinyEmitter<Record<String, DatabaseTaskRequested>> emitter;
    private final DatabaseTasksConfig config;
    private final Map<UUID, CompletableFuture<DatabaseTaskCompleted>> waiting = new ConcurrentHashMap<>();

    public DatabaseTaskClient(
            @Channel(Channels.DATABASE_TASKS_OUT) MutinyEmitter<Record<String, DatabaseTaskRequested>> emitter,
            DatabaseTasksConfig config) {
        this.emitter = emitter;
        this.config = config;
    }

    /**
     * The executor's answer, on the caller's Vert.x context (so the caller's database session goes on there).
     * Fails with {@link UpstreamTimeout} (504) when no answer comes within the configured timeout.
     */
    public Uni<DatabaseTaskCompleted> ask(DatabaseTaskRequested request) {
        return ask(request, config.timeout(), false);
    }

    /**
     * The answer within {@code timeout}, else a failure: {@link Unavailable} (503) when {@code tryAgain}, where a
     * caller waits (a job submission: the executor is not there now, try again), else {@link UpstreamTimeout} (504).
     */
    public Uni<DatabaseTaskCompleted> ask(DatabaseTaskRequested request, Duration timeout, boolean tryAgain) {
        CompletableFuture<DatabaseTaskCompleted> answer = new CompletableFuture<>();
        waiting.put(request.taskId(), answer);
        Context caller = Vertx.currentContext();
        Uni<DatabaseTaskCompleted> answered = emitter.send(Record.of(request.key(), request))
                .chain(() -> Uni.createFrom().completionStage(answer))
                .ifNoItem()
                .after(timeout)
                .failWith(() -> timedOut(request, timeout, tryAgain))
                .onTermination()
                .invoke(() -> waiting.remove(request.taskId()));
        return caller == null ? answered : answered.emitOn(task -> caller.runOnContext(ignored -> task.run()));
    }

    private static RuntimeException timedOut(DatabaseTaskRequested request, Duration timeout, boolean tryAgain) {
        String message = "the executor did not answer the "
                + request.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " task on "
                + (request.databaseId() == null ? "the job's inline database" : "database " + request.databaseId())
                + " within " + timeout.toSeconds() + " s";
        return tryAgain
                ? new Unavailable(message + ": it may not be running; try again when it is")
                : new UpstreamTimeout(message);
    }

    /** Completes the task this replica waits for; answers to other replicas' tasks are ignored. */
    void complete(DatabaseTaskCompleted answer) {
        CompletableFuture<DatabaseTaskCompleted> waiter = answer.taskId() == null ? null : waiting.get(answer.taskId());
        if (waiter != null) {
            waiter.complete(answer);
        }
    }
}
