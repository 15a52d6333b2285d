package dev.snailbench.executor.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.TopicClient;
import dev.snailbench.testkit.TopicClient.Carried;
import dev.snailbench.testkit.WorkItems;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Builds requests the way the inference service sends them. */
public final class Requests {

    /** The public dev/test key of application.properties. */
    public static final String TEST_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    /** The results of each record of the topic, read once. */
    private static final Map<ConsumerRecord<String, byte[]>, List<ExecutionCompleted>> READ =
            Collections.synchronizedMap(new IdentityHashMap<>());

    private Requests() {}

    /**
     * Inline reference to FootballDB {@code version} on the module's PostgreSQL, password sealed for {@code tenantId}
     * as the generator seals it.
     */
    public static DatabaseRef footballDb(String tenantId, String version) {
        Postgres pg = LocalStack.targetsWithFootballDb();
        return new DatabaseRef(
                SqlDialect.POSTGRESQL,
                pg.jdbcUrl(FootballDb.databaseName(version)),
                Postgres.USER,
                new SecretCipher(TEST_KEY).seal(Postgres.PASSWORD, SecretCipher.inlineBinding(tenantId)),
                null);
    }

    /** Inline reference to a PostgreSQL database of {@code tenantId} at {@code jdbcUrl}, password sealed. */
    public static DatabaseRef inline(String tenantId, String jdbcUrl, String user, String password) {
        return new DatabaseRef(
                SqlDialect.POSTGRESQL,
                jdbcUrl,
                user,
                new SecretCipher(TEST_KEY).seal(password, SecretCipher.inlineBinding(tenantId)),
                null);
    }

    public static DatabaseRef registered(String databaseId) {
        return new DatabaseRef(SqlDialect.POSTGRESQL, null, null, null, databaseId);
    }

    public static ExecutionRequested request(
            UUID jobId, String tenantId, DatabaseRef db, String goldSql, Inference inference) {
        UUID workItemId = UUID.randomUUID();
        WorkItem item = new WorkItem(
                workItemId,
                "q-" + workItemId,
                "a question",
                goldSql,
                SqlDialect.POSTGRESQL,
                db,
                ModelRef.replay("replay"),
                NaturalnessLevel.NATIVE,
                null,
                null,
                null);
        return new ExecutionRequested(
                UUID.randomUUID(), jobId, tenantId, workItemId, Instant.now(), Event.SCHEMA_VERSION, item, inference);
    }

    /** A request of a job with these evaluation options (gold screening, linking). */
    public static ExecutionRequested request(
            UUID jobId,
            String tenantId,
            DatabaseRef db,
            String goldSql,
            Inference inference,
            EvaluationOptions evaluation) {
        ExecutionRequested r = request(jobId, tenantId, db, goldSql, inference);
        WorkItem item = WorkItems.withEvaluation(r.item(), evaluation);
        return new ExecutionRequested(
                r.eventId(), jobId, tenantId, r.workItemId(), r.occurredAt(), r.schemaVersion(), item, inference);
    }

    public static Inference predicted(String sql) {
        return new Inference(sql, sql, null, 5);
    }

    /** Sends the requests as the inference service does: several of a job to a record, on the real topic. */
    public static void send(TopicClient topics, List<ExecutionRequested> requests) {
        for (int from = 0; from < requests.size(); from += 16) {
            ExecutionsRequested record =
                    ExecutionsRequested.of(requests.subList(from, Math.min(requests.size(), from + 16)));
            topics.send(Topics.SQL_TO_EXECUTE, record.key(), EventJson.write(record));
        }
    }

    /** The results of the items of {@code keys} on the real topic, once {@code count} came or the timeout passed. */
    public static List<Carried<ExecutionCompleted>> results(Set<String> keys, int count, Duration timeout) {
        return results(c -> keys.contains(c.key()), count, timeout);
    }

    /** The one result of the request's work item on the real topic (within 60 s). */
    public static ExecutionCompleted resultOf(ExecutionRequested request) {
        List<Carried<ExecutionCompleted>> results =
                results(c -> request.workItemId().equals(c.workItemId()), 1, Duration.ofSeconds(60));
        assertThat(results).as("ExecutionCompleted for " + request.workItemId()).hasSize(1);
        return results.get(0).event();
    }

    /**
     * The results {@code wanted} accepts, each with the record that carried it, from the topic's start ({@link
     * Answers}), once {@code count} came or the timeout passed (more if a record brought the count past it).
     */
    public static List<Carried<ExecutionCompleted>> results(
            Predicate<ExecutionCompleted> wanted, int count, Duration timeout) {
        Function<ConsumerRecord<String, byte[]>, List<Carried<ExecutionCompleted>>> carried =
                record -> resultsIn(record).stream()
                        .filter(wanted)
                        .map(result -> new Carried<>(result, record))
                        .toList();
        return Answers.get()
                .await(
                        Topics.RESULTS_TO_SCORE,
                        record -> !carried.apply(record).isEmpty(),
                        found -> found.stream()
                                        .mapToInt(
                                                record -> carried.apply(record).size())
                                        .sum()
                                >= count,
                        timeout)
                .stream()
                .flatMap(record -> carried.apply(record).stream())
                .toList();
    }

    /** The results a record of the topic holds, read once; none for a record that holds none (a poison record). */
    private static List<ExecutionCompleted> resultsIn(ConsumerRecord<String, byte[]> record) {
        return READ.computeIfAbsent(record, r -> {
            try {
                List<ExecutionCompleted> results =
                        EventJson.read(r.value(), ExecutionsCompleted.class).results();
                return results == null ? List.of() : results;
            } catch (IllegalArgumentException e) {
                return List.of();
            }
        });
    }
}
