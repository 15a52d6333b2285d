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
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Builds requests the way the inference service sends them. */
public final class Requests {

    /** The public dev/test key of application.properties. */
    public static final String TEST_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

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
        return TopicClient.awaitItems(
                Topics.RESULTS_TO_SCORE,
                ExecutionsCompleted.class,
                (ExecutionCompleted c) -> keys.contains(c.key()),
                count,
                timeout);
    }

    /** The one result of the request's work item on the real topic (within 60 s). */
    public static ExecutionCompleted resultOf(ExecutionRequested request) {
        List<Carried<ExecutionCompleted>> results = TopicClient.awaitItems(
                Topics.RESULTS_TO_SCORE,
                ExecutionsCompleted.class,
                (ExecutionCompleted c) -> request.workItemId().equals(c.workItemId()),
                1,
                Duration.ofSeconds(60));
        assertThat(results).as("ExecutionCompleted for " + request.workItemId()).hasSize(1);
        return results.get(0).event();
    }
}
