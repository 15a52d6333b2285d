package dev.snailbench.generator.testing;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.testkit.MemoryChannels;
import io.smallrye.reactive.messaging.kafka.Record;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * {@link PlayedExecutor} and {@link InlineDatabaseChecks} on the in-memory tier: the tasks a call sends on
 * database-tasks are answered on database-task-results, as the test's executor says (the SCHEMAS task as
 * {@link PlayedExecutor} does) or, for inline databases' checks, as {@link InlineDatabaseChecks} does.
 */
public final class MemoryExecutor {

    private MemoryExecutor() {}

    /** Runs {@code call} while answering the tasks it sends for {@code databaseId}; returns what the call returned. */
    public static <T> T answering(
            MemoryChannels channels,
            UUID databaseId,
            Function<DatabaseTaskRequested, DatabaseTaskCompleted> executor,
            Supplier<T> call) {
        return answering(
                channels,
                task -> databaseId.equals(task.databaseId()),
                task -> task.kind() == DatabaseTaskRequested.Kind.SCHEMAS
                        ? PlayedExecutor.schemas(task, executor)
                        : executor.apply(task),
                call);
    }

    /** Runs {@code call} while answering the checks of inline databases it sends; returns what the call returned. */
    public static <T> T answeringInlineChecks(MemoryChannels channels, Supplier<T> call) {
        return answering(
                channels,
                task -> task.kind() == DatabaseTaskRequested.Kind.CHECK_INLINE && task.inline() != null,
                InlineDatabaseChecks::answerTo,
                call);
    }

    private static <T> T answering(
            MemoryChannels channels,
            Predicate<DatabaseTaskRequested> which,
            Function<DatabaseTaskRequested, DatabaseTaskCompleted> executor,
            Supplier<T> call) {
        CompletableFuture<T> result = CompletableFuture.supplyAsync(call);
        Set<UUID> answered = new HashSet<>();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        try {
            while (!result.isDone() && Instant.now().isBefore(deadline)) {
                for (Message<Record<String, DatabaseTaskRequested>> sent :
                        channels.<Record<String, DatabaseTaskRequested>>sent(Channels.DATABASE_TASKS_OUT)) {
                    DatabaseTaskRequested task = sent.getPayload().value();
                    if (which.test(task) && answered.add(task.taskId())) {
                        DatabaseTaskCompleted answer = executor.apply(task);
                        if (answer != null) {
                            channels.send(Channels.DATABASE_TASK_RESULTS, answer);
                        }
                    }
                }
                Thread.sleep(10);
            }
            return result.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the call did not complete while the executor was played", e);
        }
    }
}
