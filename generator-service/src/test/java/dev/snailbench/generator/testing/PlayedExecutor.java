package dev.snailbench.generator.testing;

import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.TopicClient;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The test plays the executor's part over the real broker: while a call to the generator waits for the
 * executor, the tasks it sent for {@code databaseId} are read from database.tasks and answered on
 * database.task-results by {@code executor}. (The executor's own handling of tasks is tested in the executor
 * module, and the whole route on the packaged services.)
 */
public final class PlayedExecutor {

    private PlayedExecutor() {}

    /** The schemas a played database has unless the test answers the submission's SCHEMAS task itself. */
    public static final List<String> SCHEMAS = List.of("amb_rest", "exp_v1", "exp_v3", "log_samples", "public");

    /** The registered name of a played database. */
    public static final String NAME = "played-database";

    /**
     * A job submission first asks which schemas the database has: a test's refusal (or its own list) is the answer,
     * any other answer (one written for the schema reading that follows) stands for {@link #SCHEMAS}.
     */
    static DatabaseTaskCompleted schemas(
            DatabaseTaskRequested task, Function<DatabaseTaskRequested, DatabaseTaskCompleted> executor) {
        DatabaseTaskCompleted answer;
        try {
            answer = executor.apply(task);
        } catch (RuntimeException e) {
            answer = null;
        }
        return answer != null && (answer.error() != null || answer.schemas() != null)
                ? answer
                : DatabaseTaskCompleted.schemas(task, SqlDialect.POSTGRESQL, false, SCHEMAS, NAME);
    }

    /** Plays the executor's {@code APPLY_DDL}: the task's statements in one transaction on the connection. */
    public static DatabaseTaskCompleted applyDdl(Connection c, DatabaseTaskRequested task) throws SQLException {
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            for (String sql : task.ddl()) {
                s.execute(sql);
            }
        }
        c.commit();
        return DatabaseTaskCompleted.ok(
                task, SqlDialect.POSTGRESQL, true, null, null, task.ddl().size());
    }

    /** Runs {@code call} while answering the tasks it sends for {@code databaseId}; returns what the call returned. */
    public static <T> T answering(
            UUID databaseId, Function<DatabaseTaskRequested, DatabaseTaskCompleted> executor, Supplier<T> call) {
        CompletableFuture<T> result = CompletableFuture.supplyAsync(call);
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, LocalStack.kafka().bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "played-executor-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        Set<UUID> answered = new HashSet<>();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        try (TopicClient topics = new TopicClient();
                KafkaConsumer<String, byte[]> tasks = TopicClient.withOwnClassLoader(
                        () -> new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer()))) {
            tasks.subscribe(List.of(Topics.DATABASE_TASKS));
            while (!result.isDone() && Instant.now().isBefore(deadline)) {
                for (ConsumerRecord<String, byte[]> r : tasks.poll(Duration.ofMillis(100))) {
                    DatabaseTaskRequested task = EventJson.read(r.value(), DatabaseTaskRequested.class);
                    if (databaseId.equals(task.databaseId()) && answered.add(task.taskId())) {
                        DatabaseTaskCompleted answer = task.kind() == DatabaseTaskRequested.Kind.SCHEMAS
                                ? schemas(task, executor)
                                : executor.apply(task);
                        if (answer == null) {
                            continue; // not this test's task to answer (e.g. an earlier call's, read again)
                        }
                        topics.send(Topics.DATABASE_TASK_RESULTS, answer.key(), EventJson.write(answer));
                    }
                }
            }
            return result.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the call did not complete while the executor was played", e);
        }
    }
}
