package dev.snailbench.scorer;

import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.TopicClient;
import dev.snailbench.testkit.WorkItems;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Builds the events other services would send, and sends them over the real broker. */
public final class TestEvents {

    private TestEvents() {}

    public static ExecutionOutcome ok(List<ResultColumn> columns, List<List<String>> rows) {
        return new ExecutionOutcome(ExecutionStatus.OK, columns, rows, false, null, null, 0.01);
    }

    public static List<ResultColumn> columns(String... nameTypePairs) {
        List<ResultColumn> out = new ArrayList<>();
        for (int i = 0; i < nameTypePairs.length; i += 2) {
            out.add(new ResultColumn(nameTypePairs[i], ValueType.valueOf(nameTypePairs[i + 1]), "x"));
        }
        return out;
    }

    public static ExecutionCompleted completed(
            UUID jobId,
            String tenantId,
            String questionId,
            String goldSql,
            String predictedSql,
            ExecutionOutcome gold,
            ExecutionOutcome predicted) {
        UUID workItemId = UUID.randomUUID();
        WorkItem item = new WorkItem(
                workItemId,
                questionId,
                "question " + questionId,
                goldSql,
                SqlDialect.POSTGRESQL,
                new DatabaseRef(SqlDialect.POSTGRESQL, "jdbc:postgresql://db/x", "u", "sealed", null),
                ModelRef.replay("gpt-test"),
                NaturalnessLevel.NATIVE,
                null,
                null,
                predictedSql,
                "FootballDB v1 <nightly>");
        Inference inference = predictedSql == null
                ? Inference.failed("model timed out")
                : new Inference(predictedSql, predictedSql, null, 5);
        return new ExecutionCompleted(
                UUID.randomUUID(), jobId, tenantId, workItemId, Instant.now(), 1, item, inference, gold, predicted);
    }

    /**
     * The same event with the question's hardness label as the dataset gives it, asked of another model (the
     * work-item id stays the event's own).
     */
    public static ExecutionCompleted labelled(ExecutionCompleted e, String labelledHardness, String model) {
        WorkItem i = e.item();
        WorkItem item = new WorkItem(
                i.workItemId(),
                i.questionId(),
                i.question(),
                i.goldSql(),
                i.dialect(),
                i.database(),
                ModelRef.replay(model),
                i.level(),
                i.promptOptions(),
                i.schemaId(),
                i.recordedPrediction(),
                i.jobName(),
                i.schemaVariant(),
                labelledHardness);
        return new ExecutionCompleted(
                e.eventId(),
                e.jobId(),
                e.tenantId(),
                e.workItemId(),
                e.occurredAt(),
                e.schemaVersion(),
                item,
                e.inference(),
                e.gold(),
                e.predicted());
    }

    /** The same event from a job with these evaluation options, carrying the executor's screening verdict. */
    public static ExecutionCompleted judged(
            ExecutionCompleted e, EvaluationOptions evaluation, String goldNondeterministic) {
        WorkItem item = WorkItems.withEvaluation(e.item(), evaluation);
        return new ExecutionCompleted(
                e.eventId(),
                e.jobId(),
                e.tenantId(),
                e.workItemId(),
                e.occurredAt(),
                e.schemaVersion(),
                item,
                e.inference(),
                e.gold(),
                e.predicted(),
                goldNondeterministic);
    }

    /**
     * A job's two items: {@code q1} answered with gold's columns in another order (a relaxed match, not a strict one:
     * one for review), {@code q2} failed by its gold (relation {@code match_fact} does not exist).
     */
    public static List<ExecutionCompleted> permutedAndGoldFailed(UUID job, String tenant) {
        return List.of(
                completed(
                        job,
                        tenant,
                        "q1",
                        "SELECT name, goals FROM p",
                        "SELECT goals, name FROM p",
                        ok(columns("name", "TEXT", "goals", "NUMBER"), List.of(List.of("Pelé", "12"))),
                        ok(columns("goals", "NUMBER", "name", "TEXT"), List.of(List.of("12", "Pelé")))),
                completed(
                        job,
                        tenant,
                        "q2",
                        "SELECT * FROM match_fact",
                        "SELECT 1",
                        ExecutionOutcome.failed(
                                ExecutionStatus.ERROR, "relation \"match_fact\" does not exist", "42P01", 0.001),
                        ok(columns("x", "NUMBER"), List.of(List.of("1")))));
    }

    /**
     * Two of a three-item job's items scored ({@code gpt-test}, Native): {@code s1} correct, {@code s2} failed by its
     * gold (relation {@code match_fact} does not exist).
     */
    public static List<ExecutionCompleted> twoOfThreeScored(UUID job, String tenant) {
        ExecutionOutcome rows = ok(columns("name", "TEXT"), List.of(List.of("Pelé")));
        return List.of(
                sized(
                        completed(job, tenant, "s1", "SELECT name FROM p", "SELECT name FROM p", rows, rows),
                        3,
                        "gpt-test",
                        NaturalnessLevel.NATIVE),
                sized(
                        completed(
                                job,
                                tenant,
                                "s2",
                                "SELECT * FROM match_fact",
                                "SELECT name FROM p",
                                ExecutionOutcome.failed(
                                        ExecutionStatus.ERROR,
                                        "ERROR: relation \"match_fact\" does not exist\n  Position: 15",
                                        "42P01",
                                        0.001),
                                rows),
                        3,
                        "gpt-test",
                        NaturalnessLevel.NATIVE));
    }

    /** The same event as an item of a job of {@code jobItems} items, asked at {@code level} of model {@code model}. */
    public static ExecutionCompleted sized(ExecutionCompleted e, int jobItems, String model, NaturalnessLevel level) {
        WorkItem i = e.item();
        WorkItem item = new WorkItem(
                i.workItemId(),
                i.questionId(),
                i.question(),
                i.goldSql(),
                i.dialect(),
                i.database(),
                ModelRef.replay(model),
                level,
                i.promptOptions(),
                i.schemaId(),
                i.recordedPrediction(),
                i.jobName(),
                i.schemaVariant(),
                i.labelledHardness(),
                i.evaluation(),
                jobItems);
        return new ExecutionCompleted(
                e.eventId(),
                e.jobId(),
                e.tenantId(),
                e.workItemId(),
                e.occurredAt(),
                e.schemaVersion(),
                item,
                e.inference(),
                e.gold(),
                e.predicted());
    }

    /** The same work item delivered again (a new event id, as a producer retry would have). */
    public static ExecutionCompleted redelivery(ExecutionCompleted e) {
        return new ExecutionCompleted(
                UUID.randomUUID(),
                e.jobId(),
                e.tenantId(),
                e.workItemId(),
                Instant.now(),
                e.schemaVersion(),
                e.item(),
                e.inference(),
                e.gold(),
                e.predicted());
    }

    /** Sends the event alone in its record, as the executor sends a result that finished alone. */
    public static void send(ExecutionCompleted event) {
        send(Topics.RESULTS_TO_SCORE, event.key(), EventJson.write(ExecutionsCompleted.of(List.of(event))));
    }

    /** Sends the events with one producer, as fast as it goes: they arrive together, in batches. */
    public static void sendAll(List<ExecutionCompleted> events) {
        withKafkaClassLoader(() -> {
            try (TopicClient client = new TopicClient()) {
                events.forEach(event -> client.send(
                        Topics.RESULTS_TO_SCORE,
                        event.workItemId() == null ? "no-work-item-" + event.eventId() : event.key(),
                        EventJson.write(ExecutionsCompleted.of(List.of(event)))));
            }
            return null;
        });
    }

    public static void send(String topic, String key, byte[] value) {
        send(topic, key, value, Map.of());
    }

    public static void send(String topic, String key, byte[] value, Map<String, String> headers) {
        withKafkaClassLoader(() -> {
            try (TopicClient client = new TopicClient()) {
                client.send(topic, key, value, headers);
            }
            return null;
        });
    }

    public static List<ConsumerRecord<String, byte[]>> await(
            String topic, Predicate<ConsumerRecord<String, byte[]>> wanted, int count, Duration timeout) {
        return withKafkaClassLoader(() -> TopicClient.await(topic, wanted, count, timeout));
    }

    /** As {@link TopicClient#awaitUntil}: collects wanted records until {@code done} holds for them. */
    public static List<ConsumerRecord<String, byte[]>> awaitUntil(
            String topic,
            Predicate<ConsumerRecord<String, byte[]>> wanted,
            Predicate<List<ConsumerRecord<String, byte[]>>> done,
            Duration timeout) {
        return withKafkaClassLoader(() -> TopicClient.awaitUntil(topic, wanted, done, timeout));
    }

    private static <T> T withKafkaClassLoader(Supplier<T> action) {
        return TopicClient.withOwnClassLoader(action);
    }
}
