package dev.snailbench.executor.messaging;

import static dev.snailbench.testkit.TenantKeys.answers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.support.Requests;
import dev.snailbench.executor.support.Tasks;
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
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * No tenant's slow work delays another tenant's beyond its own slots, over the real broker and PostgreSQL: tenant A's
 * 1-item job (and its schema description) is answered within its time alone + 2 s while tenant B's 40 items (or
 * slow database tasks) of 2 s, or of 60 s, are being worked on. B's slow queries are legitimately read-only: counts
 * over a cross join of generate_series whose cost is calibrated on this machine first (2 s), or which would run for
 * hours and end at the gold timeout (60 s); its slow tasks sample a view computed by such a count. After A's answer
 * B's job is cancelled (its queued items skipped, none run) and B's running queries cancelled, so the test leaves no
 * load behind. Prints A's times alone and beside B.
 * Beyond the in-memory tier: slow queries really running on PostgreSQL while another tenant's items pass.
 */
@QuarkusTest
@RealInfrastructure
class SlowTenantFairnessTest {

    private static final int B_ITEMS = 40;
    /** The slack the goal allows over A's time alone. */
    private static final long SLACK_MS = 2_000;
    /** Where B's items run: the FootballDB its items name. */
    private static final String ITEMS_DATABASE = "footballdb_v1";
    /** The database of B's slow tasks' views (its own: no other test reads it). */
    private static final String TASKS_DATABASE = "fair_tasks";
    /** Columns of the 60 s view: each sample of the prompt schema is cut at its 5 s timeout. */
    private static final int SLOW_COLUMNS = 12;

    /** Rows of the third generate_series for a count of about 2 s on this machine, now. */
    private static long twoSecondRows;

    @Inject
    JobCancellationConsumer cancellations;

    @Inject
    MeterRegistry metrics;

    @BeforeAll
    static void calibrate() throws SQLException {
        LocalStack.targetsWithFootballDb();
        LocalStack.targets().createDatabase(TASKS_DATABASE);
        try (Connection c = LocalStack.targets().connect("footballdb_v1");
                Statement s = c.createStatement()) {
            s.executeQuery(count(5, "warm_up")).close();
            long started = System.nanoTime();
            s.executeQuery(count(20, "calibration")).close();
            double ms = (System.nanoTime() - started) / 1e6;
            twoSecondRows = Math.max(1, Math.round(20 * 2_000 / Math.max(1, ms)));
            System.out.printf(
                    Locale.ROOT,
                    "FAIRNESS calibration: a million rows x 20 counted in %.0f ms, so x %d " + "for about 2 s%n",
                    ms,
                    twoSecondRows);
        }
    }

    @Test
    void shouldAnswerATenantsItemWithinItsTimeAlonePlus2sBesideAnotherTenants40ItemsOf2s() throws Exception {
        assertItemFairness("40 items of 2 s", marker -> i -> count(twoSecondRows, marker, i));
    }

    @Test
    void shouldAnswerATenantsItemWithinItsTimeAlonePlus2sBesideAnotherTenants40ItemsOf60s() throws Exception {
        // Hours of counting, ended by the gold's 60 s statement timeout: items of 60 s.
        assertItemFairness("40 items of 60 s", marker -> i -> count(100_000_000L, marker, i));
    }

    @Test
    void shouldAnswerATenantsTaskWithinItsTimeAlonePlus2sBesideAnotherTenantsTasksOf2s() throws Exception {
        // One column: its one sample counts for about 2 s.
        assertTaskFairness("tasks of 2 s", 1, twoSecondRows, 10);
    }

    @Test
    void shouldAnswerATenantsTaskWithinItsTimeAlonePlus2sBesideAnotherTenantsTasksOf60s() throws Exception {
        // Twelve columns, each sample cut at its 5 s timeout: tasks of 60 s.
        assertTaskFairness("tasks of 60 s", SLOW_COLUMNS, 100_000_000L, 6);
    }

    private void assertItemFairness(String what, Function<String, IntFunction<String>> slowGold) throws Exception {
        String tenantA = "fair-a-" + UUID.randomUUID();
        String tenantB = "fair-b-" + UUID.randomUUID();
        DatabaseRef dbA = Requests.footballDb(tenantA, "v1");
        DatabaseRef dbB = Requests.footballDb(tenantB, "v1");
        String marker = "slow_" + UUID.randomUUID().toString().replace("-", "");
        IntFunction<String> gold = slowGold.apply(marker);
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
                            jobB, tenantB, dbB, gold.apply(i), Requests.predicted("SELECT 1"), unscreened))
                    .toList();
            Set<String> bKeys = b.stream().map(ExecutionRequested::key).collect(Collectors.toSet());
            Requests.send(topics, b);
            int bRunning = awaitRunning(marker, 4);

            long beside = itemTime(topics, tenantA, dbA);
            int bAnswered =
                    Requests.results(bKeys, B_ITEMS, Duration.ofMillis(500)).size();
            System.out.printf(
                    Locale.ROOT,
                    "FAIRNESS [%s] tenant A's 1-item job: %d ms alone, %d ms beside tenant "
                            + "B's %d items (%d of them running, %d answered meanwhile)%n",
                    what,
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
            cancelRunning(ITEMS_DATABASE, marker);
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
                    "FAIRNESS [%s] after the cancellation: %d of B's items answered, %.0f " + "skipped%n",
                    what,
                    answered,
                    skipped);
            assertThat(answered + skipped).isEqualTo(B_ITEMS);
            assertThat(skipped)
                    .as("B's items still queued when its job was cancelled")
                    .isGreaterThan(B_ITEMS / 2);
            assertThat(activeQueries(ITEMS_DATABASE, marker)).isZero();
        }
    }

    private void assertTaskFairness(String what, int columns, long rows, int bTasks) throws Exception {
        TenantKeys.Tenant tenantA = TenantKeys.register("fair-tasks-a", answers("/databases", 200));
        TenantKeys.Tenant tenantB = TenantKeys.register("fair-tasks-b", answers("/databases", 200));
        UUID dbA = Tasks.register(tenantA, "footballdb_v1", false);
        UUID dbB = Tasks.register(tenantB, TASKS_DATABASE, false);
        String schema = "slow_" + UUID.randomUUID().toString().replace("-", "");
        createView(schema, columns, "SELECT " + count(rows)).close();

        taskTime(DatabaseTaskRequested.describe(tenantA.tenantId(), dbA, "exp_v1"));
        long alone = median(
                taskTime(DatabaseTaskRequested.describe(tenantA.tenantId(), dbA, "exp_v1")),
                taskTime(DatabaseTaskRequested.describe(tenantA.tenantId(), dbA, "exp_v1")),
                taskTime(DatabaseTaskRequested.describe(tenantA.tenantId(), dbA, "exp_v1")));

        List<DatabaseTaskRequested> slow = IntStream.range(0, bTasks)
                .mapToObj(i -> DatabaseTaskRequested.promptSchema(tenantB.tenantId(), dbB, schema, 1))
                .toList();
        slow.forEach(Tasks::send);
        int bRunning = awaitRunning(TASKS_DATABASE, schema, 2);

        long beside = taskTime(DatabaseTaskRequested.describe(tenantA.tenantId(), dbA, "exp_v1"));
        System.out.printf(
                Locale.ROOT,
                "FAIRNESS [database %s] tenant A's schema description: %d ms alone, %d ms "
                        + "beside tenant B's %d slow prompt schemas (%d of them running)%n",
                what,
                alone,
                beside,
                bTasks,
                bRunning);
        assertThat(beside).as("A's task beside B's, ms (alone: %d ms)", alone).isLessThanOrEqualTo(alone + SLACK_MS);

        // The view made cheap (B's running samples cancelled so that it can be replaced): B's other tasks end fast,
        // and every one of B's tasks is answered.
        try (Connection replaced = replaceView(schema, columns)) {
            for (DatabaseTaskRequested task : slow) {
                assertThat(Tasks.answerTo(task).taskId()).isEqualTo(task.taskId());
            }
        }
    }

    /** The count of a cross join of a million rows by {@code rows}, as one query of B (differing by {@code i}). */
    private static String count(long rows, String marker, int i) {
        return "SELECT count(*) AS " + marker + " FROM generate_series(1, 1000) a, generate_series(1, 1000) b, "
                + "generate_series(1, " + rows + ") c WHERE c.c <> -" + i;
    }

    private static String count(long rows, String marker) {
        return count(rows, marker, 0);
    }

    private static String count(long rows) {
        return "count(*) AS n FROM generate_series(1, 1000) a, generate_series(1, 1000) b, generate_series(1, " + rows
                + ") c";
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

    /** Waits until B's slow queries run (at least {@code atLeast} at once); returns how many run. */
    private static int awaitRunning(String marker, int atLeast) {
        return awaitRunning(ITEMS_DATABASE, marker, atLeast);
    }

    private static int awaitRunning(String database, String marker, int atLeast) {
        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> activeQueries(database, marker) >= atLeast);
        return activeQueries(database, marker);
    }

    private static int activeQueries(String database, String marker) {
        try (Connection c = LocalStack.targets().connect(database);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND "
                        + "pid <> pg_backend_pid() AND query LIKE '%" + marker + "%' AND query NOT LIKE "
                        + "'%pg_stat_activity%'")) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Cancels B's running queries until none is left. */
    private static void cancelRunning(String database, String marker) {
        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    try (Connection c = LocalStack.targets().connect(database);
                            Statement s = c.createStatement()) {
                        s.execute(
                                "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND "
                                        + "query LIKE '%" + marker + "%' AND query NOT LIKE '%pg_stat_activity%'");
                    }
                    return activeQueries(database, marker) == 0;
                });
    }

    /**
     * Creates {@code schema.v} with {@code columns} columns, each the one value {@code select} computes, beside a
     * table of one row.
     */
    private static Connection createView(String schema, int columns, String select) throws SQLException {
        Connection c = LocalStack.targets().connect(TASKS_DATABASE);
        try (Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
            // A schema is read for its base tables: one small table beside the view.
            s.execute("CREATE TABLE " + schema + ".t (id integer PRIMARY KEY)");
            s.execute("INSERT INTO " + schema + ".t VALUES (1)");
            s.execute("CREATE VIEW " + schema + ".v AS SELECT " + columnsOf(columns) + " FROM (" + select + ") t");
        }
        return c;
    }

    /** Makes {@code schema.v} cheap, cancelling the samples that hold it meanwhile. */
    private static Connection replaceView(String schema, int columns) throws SQLException {
        Connection c = LocalStack.targets().connect(TASKS_DATABASE);
        try (Statement s = c.createStatement()) {
            s.execute("SET lock_timeout = '500ms'");
            // PostgreSQL's lock timeout is a PSQLException: ignored as any SQLException (ignoreException takes the
            // exact class only), the replacement is tried again.
            Awaitility.await()
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .ignoreExceptionsInstanceOf(SQLException.class)
                    .until(() -> {
                        try (Statement cancel = c.createStatement()) {
                            cancel.execute("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE pid <> "
                                    + "pg_backend_pid() AND query LIKE '%" + schema + "%'");
                        }
                        s.execute("CREATE OR REPLACE VIEW " + schema + ".v AS SELECT " + columnsOf(columns)
                                + " FROM (SELECT 1::bigint AS n) t");
                        return true;
                    });
        }
        return c;
    }

    private static String columnsOf(int columns) {
        List<String> list = new ArrayList<>();
        for (int i = 1; i <= columns; i++) {
            list.add("n AS c" + i);
        }
        return String.join(", ", list);
    }
}
