package dev.snailbench.executor.messaging;

import static dev.snailbench.testkit.TenantKeys.answers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.support.Requests;
import dev.snailbench.executor.support.Tasks;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import dev.snailbench.testkit.TopicClient;
import dev.snailbench.testkit.TopicClient.Carried;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * No tenant's slow work delays another tenant's beyond its own slots, over the real broker and PostgreSQL: tenant A's
 * 1-item job (and its schema description) is answered within its time alone + 2 s while tenant B's 40 items (or slow
 * database tasks) are being worked on. B's slow queries are legitimately read-only: they read a table of B's own
 * database that the test holds locked (as a team's DBA may), so they run, holding their slots and connections, until
 * the lock timeout (10 s) or the test lets them go, without costing the machine any CPU; B's slow tasks sample a view
 * of that table, each sample cut at its 5 s timeout (12 columns: tasks of a minute). After A's answer B's job is
 * cancelled (its queued items skipped, none run) and B's running queries cancelled, so the test leaves no load behind.
 * Prints A's times alone and beside B.
 * Beyond the in-memory tier: slow queries really running on PostgreSQL while another tenant's items pass.
 */
@QuarkusTest
@RealInfrastructure
class SlowTenantFairnessTest {

    private static final int B_ITEMS = 40;
    /** The slack the goal allows over A's time alone. */
    private static final long SLACK_MS = 2_000;
    /** Where A's items and tasks run: a FootballDB. */
    private static final String A_DATABASE = "footballdb_v1";
    /** B's own database: its held tables, one schema per test (no other test reads it). */
    private static final String B_DATABASE = "fair_slow";
    /** Columns of B's view: each sample of the prompt schema is cut at its 5 s timeout, 12 make a task of a minute. */
    private static final int SLOW_COLUMNS = 12;

    @Inject
    JobCancellationConsumer cancellations;

    @Inject
    MeterRegistry metrics;

    @BeforeAll
    static void databases() {
        LocalStack.targetsWithFootballDb();
        LocalStack.targets().createDatabase(B_DATABASE);
    }

    @Test
    void shouldAnswerATenantsItemWithinItsTimeAlonePlus2sBesideAnotherTenants40ItemsThatOutlastIt() throws Exception {
        String schema = heldSchema();
        try (Connection lock = hold(schema)) {
            assertItemFairness(schema);
        }
    }

    @Test
    void shouldAnswerATenantsTaskWithinItsTimeAlonePlus2sBesideAnotherTenantsTasksOfAMinute() throws Exception {
        String schema = heldSchema();
        try (Connection lock = hold(schema)) {
            assertTaskFairness(schema, lock, 6);
        }
    }

    private void assertItemFairness(String schema) throws Exception {
        String tenantA = "fair-a-" + UUID.randomUUID();
        String tenantB = "fair-b-" + UUID.randomUUID();
        DatabaseRef dbA = Requests.footballDb(tenantA, "v1");
        DatabaseRef dbB =
                Requests.inline(tenantB, LocalStack.targets().jdbcUrl(B_DATABASE), Postgres.USER, Postgres.PASSWORD);
        try (TopicClient topics = new TopicClient()) {
            // A's first item opens its pool; then its time alone, the median of three 1-item jobs.
            itemTime(topics, tenantA, dbA);
            long alone = median(
                    itemTime(topics, tenantA, dbA), itemTime(topics, tenantA, dbA), itemTime(topics, tenantA, dbA));

            UUID jobB = UUID.randomUUID();
            // Each gold differs (the per-job gold cache would run one for all), none screened (no second run).
            EvaluationOptions unscreened = new EvaluationOptions(null, EvaluationOptions.GoldScreening.OFF);
            List<ExecutionRequested> b = IntStream.range(0, B_ITEMS)
                    .mapToObj(i -> Requests.request(
                            jobB,
                            tenantB,
                            dbB,
                            "SELECT count(*) AS n FROM " + schema + ".t WHERE id <> -" + i,
                            Requests.predicted("SELECT 1"),
                            unscreened))
                    .toList();
            Set<String> bKeys = b.stream().map(ExecutionRequested::key).collect(Collectors.toSet());
            Requests.send(topics, b);
            int bRunning = awaitRunning(schema, 4);

            long beside = itemTime(topics, tenantA, dbA);
            int bAnswered =
                    Requests.results(bKeys, B_ITEMS, Duration.ofMillis(500)).size();
            System.out.printf(
                    Locale.ROOT,
                    "FAIRNESS [40 items held by a lock] tenant A's 1-item job: %d ms alone, %d ms beside tenant "
                            + "B's %d items (%d of them running, %d answered meanwhile)%n",
                    alone,
                    beside,
                    B_ITEMS,
                    bRunning,
                    bAnswered);
            assertThat(beside)
                    .as("A's item beside B's, ms (alone: %d ms)", alone)
                    .isLessThanOrEqualTo(alone + SLACK_MS);

            // B's job cancelled: its queued items are skipped, never run; its running ones end now.
            double skippedBefore =
                    metrics.counter(ExecutionRequestConsumer.SKIPPED_METRIC).count();
            JobCancelled cancelled = JobCancelled.of(jobB, tenantB, "test over");
            topics.send(Topics.JOBS_CANCELLED, cancelled.key(), EventJson.write(cancelled));
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> cancellations.contains(jobB));
            cancelRunning(schema);
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> {
                double skipped =
                        metrics.counter(ExecutionRequestConsumer.SKIPPED_METRIC).count() - skippedBefore;
                return skipped
                                + Requests.results(bKeys, B_ITEMS, Duration.ofMillis(500))
                                        .size()
                        >= B_ITEMS;
            });
            int answered =
                    Requests.results(bKeys, B_ITEMS, Duration.ofSeconds(1)).size();
            double skipped =
                    metrics.counter(ExecutionRequestConsumer.SKIPPED_METRIC).count() - skippedBefore;
            System.out.printf(
                    Locale.ROOT,
                    "FAIRNESS [40 items held by a lock] after the cancellation: %d of B's items answered, %.0f "
                            + "skipped%n",
                    answered,
                    skipped);
            assertThat(answered + skipped).isEqualTo(B_ITEMS);
            assertThat(skipped)
                    .as("B's items still queued when its job was cancelled")
                    .isGreaterThan(B_ITEMS / 2);
            assertThat(activeQueries(schema)).isZero();
        }
    }

    private void assertTaskFairness(String schema, Connection lock, int bTasks) throws Exception {
        TenantKeys.Tenant tenantA = TenantKeys.register("fair-tasks-a", answers("/databases", 200));
        TenantKeys.Tenant tenantB = TenantKeys.register("fair-tasks-b", answers("/databases", 200));
        UUID dbA = Tasks.register(tenantA, A_DATABASE, false);
        UUID dbB = Tasks.register(tenantB, B_DATABASE, false);

        taskTime(DatabaseTaskRequested.describe(tenantA.tenantId(), dbA, "exp_v1"));
        long alone = median(
                taskTime(DatabaseTaskRequested.describe(tenantA.tenantId(), dbA, "exp_v1")),
                taskTime(DatabaseTaskRequested.describe(tenantA.tenantId(), dbA, "exp_v1")),
                taskTime(DatabaseTaskRequested.describe(tenantA.tenantId(), dbA, "exp_v1")));

        List<DatabaseTaskRequested> slow = IntStream.range(0, bTasks)
                .mapToObj(i -> DatabaseTaskRequested.promptSchema(tenantB.tenantId(), dbB, schema, 1))
                .toList();
        slow.forEach(Tasks::send);
        int bRunning = awaitRunning(schema, 2);

        long beside = taskTime(DatabaseTaskRequested.describe(tenantA.tenantId(), dbA, "exp_v1"));
        System.out.printf(
                Locale.ROOT,
                "FAIRNESS [database tasks of a minute] tenant A's schema description: %d ms alone, %d ms "
                        + "beside tenant B's %d slow prompt schemas (%d of them running)%n",
                alone,
                beside,
                bTasks,
                bRunning);
        assertThat(beside).as("A's task beside B's, ms (alone: %d ms)", alone).isLessThanOrEqualTo(alone + SLACK_MS);

        // The lock let go: B's samples run at once, and every one of B's tasks is answered.
        lock.rollback();
        for (DatabaseTaskRequested task : slow) {
            assertThat(Tasks.answerTo(task).taskId()).isEqualTo(task.taskId());
        }
    }

    /**
     * A schema of B's database: table {@code t} of one row and view {@code v} of {@link #SLOW_COLUMNS} columns over
     * it (a schema is read for its base tables and views).
     */
    private static String heldSchema() throws SQLException {
        String schema = "slow_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection c = LocalStack.targets().connect(B_DATABASE);
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
            s.execute("CREATE TABLE " + schema + ".t (id integer PRIMARY KEY)");
            s.execute("INSERT INTO " + schema + ".t VALUES (1)");
            List<String> columns = new ArrayList<>();
            for (int i = 1; i <= SLOW_COLUMNS; i++) {
                columns.add("id AS c" + i);
            }
            s.execute(
                    "CREATE VIEW " + schema + ".v AS SELECT " + String.join(", ", columns) + " FROM " + schema + ".t");
        }
        return schema;
    }

    /**
     * The DBA's lock on the schema's table, held until the connection is closed or rolled back: B's reads of it
     * wait.
     */
    private static Connection hold(String schema) throws SQLException {
        Connection c = LocalStack.targets().connect(B_DATABASE);
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("LOCK TABLE " + schema + ".t IN ACCESS EXCLUSIVE MODE");
        }
        return c;
    }

    /** Sends a 1-item job of A and returns how long until its result was sent (the result record's timestamp). */
    private static long itemTime(TopicClient topics, String tenant, DatabaseRef db) {
        ExecutionRequested item = Requests.request(
                UUID.randomUUID(),
                tenant,
                db,
                "SELECT count(*) AS teams FROM national_team WHERE year > 2000",
                Requests.predicted("SELECT count(*) FROM national_team"));
        long sent = System.currentTimeMillis();
        Requests.send(topics, List.of(item));
        List<Carried<ExecutionCompleted>> answer = Requests.results(Set.of(item.key()), 1, Duration.ofSeconds(120));
        assertThat(answer).as("A's result").hasSize(1);
        assertThat(answer.get(0).event().gold().status()).isEqualTo(ExecutionStatus.OK);
        return answer.get(0).record().timestamp() - sent;
    }

    /** Sends A's task and returns how long until its answer was sent (the answer record's timestamp). */
    private static long taskTime(DatabaseTaskRequested task) {
        long sent = System.currentTimeMillis();
        Tasks.send(task);
        List<ConsumerRecord<String, byte[]>> answers = TopicClient.await(
                Topics.DATABASE_TASK_RESULTS,
                r -> task.taskId().toString().equals(r.key()),
                1,
                Duration.ofSeconds(120));
        assertThat(answers).as("answer to A's task").hasSize(1);
        DatabaseTaskCompleted answer = EventJson.read(answers.get(0).value(), DatabaseTaskCompleted.class);
        assertThat(answer.error()).isNull();
        assertThat(answer.schema().tables()).isNotEmpty();
        return answers.get(0).timestamp() - sent;
    }

    private static long median(long... times) {
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Waits until B's queries of the schema run (at least {@code atLeast} at once); returns how many run. */
    private static int awaitRunning(String schema, int atLeast) {
        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> activeQueries(schema) >= atLeast);
        return activeQueries(schema);
    }

    /** B's queries of the schema that run (waiting for its lock counts as running). */
    private static int activeQueries(String schema) {
        try (Connection c = LocalStack.targets().connect(B_DATABASE);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND "
                        + "pid <> pg_backend_pid() AND query LIKE '%" + schema + "%' AND query NOT LIKE "
                        + "'%pg_stat_activity%'")) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Cancels B's running queries until none is left. */
    private static void cancelRunning(String schema) {
        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    try (Connection c = LocalStack.targets().connect(B_DATABASE);
                            Statement s = c.createStatement()) {
                        s.execute(
                                "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND "
                                        + "query LIKE '%" + schema + "%' AND query NOT LIKE '%pg_stat_activity%'");
                    }
                    return activeQueries(schema) == 0;
                });
    }
}
