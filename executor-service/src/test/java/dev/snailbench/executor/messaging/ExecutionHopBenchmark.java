package dev.snailbench.executor.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.executor.service.WallSwitch;
import dev.snailbench.executor.support.Requests;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.JdbcLoop;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The executor hop alone against the database's own work, side by side in one run: N requests whose prediction is
 * the gold query (FootballDB v1's train + dev questions, cycled) sent to sql.to-execute, timed until the N-th
 * ExecutionCompleted is on results.to-score; then the same 2N statements back to back over one JDBC connection.
 * The gold cache is off, so both run exactly the same statements. The hop runs {@code bench.rounds} times each way,
 * alternating, with the walls (one prepared statement after the transaction's settings read back, the call check)
 * and without them ({@link WallSwitch}: the same text as plain {@code Statement.execute}, in this benchmark only).
 * Run on request:
 * {@code mvn -B -pl executor-service test -Dtest=ExecutionHopBenchmark -Dsurefire.failIfNoSpecifiedTests=false}
 * ({@code -Dbench.n=1000,5000}; {@code -Dbench.rounds=3}; {@code -Dbench.distinct=true} makes every item's text one
 * the executor has not seen, so that every item's call check asks the server; {@code false,true} runs both).
 * Beyond the in-memory tier: the hop's throughput over the real broker against the same SQL on PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
@TestProfile(ExecutionHopBenchmark.NoGoldCache.class)
class ExecutionHopBenchmark {

    public static class NoGoldCache implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("snailbench.executor.gold-cache", "false", "snailbench.executor.predicted-timeout", "30s");
        }

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(WallSwitch.class);
        }
    }

    /** Items of a hop of N that did not run to their rows, the same both ways. */
    private static final Map<String, Integer> FAILURES = new HashMap<>();

    @Test
    void executorHopAgainstTheJdbcLoop() throws Exception {
        LocalStack.targetsWithFootballDb();
        List<String> statements = statements();
        List<String> lines = new ArrayList<>();
        int rounds = Integer.getInteger("bench.rounds", 3);
        try (TopicClient topics = new TopicClient()) {
            hop(topics, statements, 200, true, false); // warm-up: JIT, pools, partitions
            hop(topics, statements, 200, false, false);
            for (String d : System.getProperty("bench.distinct", "false").split(",")) {
                for (String n : System.getProperty("bench.n", "1000").split(",")) {
                    lines.add(sideBySide(
                            topics, statements, Integer.parseInt(n.trim()), rounds, Boolean.parseBoolean(d.trim())));
                    System.out.println(lines.get(lines.size() - 1));
                }
            }
        } finally {
            WallSwitch.walls = true;
        }
        System.out.println();
        lines.forEach(System.out::println);
    }

    /** The hop with and without the walls, alternating; the database's own time for the same statements. */
    private static String sideBySide(
            TopicClient topics, List<String> statements, int items, int rounds, boolean distinct) throws SQLException {
        double jdbc = jdbcLoop(statements, items);
        List<Double> walled = new ArrayList<>();
        List<Double> bare = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            // ABBA order, so that a drift in the machine's load weighs on both alike.
            boolean wallsFirst = round % 2 == 0;
            (wallsFirst ? walled : bare).add(hop(topics, statements, items, wallsFirst, distinct));
            (wallsFirst ? bare : walled).add(hop(topics, statements, items, !wallsFirst, distinct));
            System.out.printf(
                    Locale.ROOT,
                    "ExecutionHopBenchmark N=%,d distinct=%s round %d: with walls %.2f s, " + "without %.2f s%n",
                    items,
                    distinct,
                    round + 1,
                    last(walled),
                    last(bare));
        }
        double with = median(walled);
        double without = median(bare);
        return String.format(
                Locale.ROOT,
                "ExecutionHopBenchmark N=%,d (median of %d, distinct=%s): with walls %.2f s "
                        + "(%.0f items/s, %.3f ms/item), without walls %.2f s (%.0f items/s, %.3f ms/item), walls cost %.3f "
                        + "ms/item (%+.0f %%); JDBC loop %.2f s (%.0f items/s), hop with walls %.2fx of it",
                items,
                rounds,
                distinct,
                with,
                items / with,
                1000 * with / items,
                without,
                items / without,
                1000 * without / items,
                1000 * (with - without) / items,
                100 * (with / without - 1),
                jdbc,
                items / jdbc,
                with / jdbc);
    }

    private static double last(List<Double> values) {
        return values.get(values.size() - 1);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int mid = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(mid) : (sorted.get(mid - 1) + sorted.get(mid)) / 2;
    }

    private static double hop(TopicClient topics, List<String> statements, int n, boolean walls, boolean distinct) {
        WallSwitch.walls = walls;
        UUID jobId = UUID.randomUUID();
        List<ExecutionRequested> requests = new ArrayList<>(n);
        DatabaseRef database =
                Requests.footballDb("t-bench", "v1"); // the job's one database, as the generator sends it
        for (int i = 0; i < n; i++) {
            String sql = statements.get(i % statements.size());
            if (distinct) {
                // Every item's text new to the executor (as a model's predictions are): nothing known about it.
                sql = sql + " /* " + jobId + " " + i + " */";
            }
            requests.add(Requests.request(jobId, "t-bench", database, sql, Requests.predicted(sql)));
        }
        // As the inference service sends them: up to 16 of a job to a record.
        List<ExecutionsRequested> records = new ArrayList<>();
        for (int from = 0; from < n; from += 16) {
            records.add(ExecutionsRequested.of(requests.subList(from, Math.min(n, from + 16))));
        }
        List<byte[]> payloads = records.stream().map(EventJson::write).toList();
        long start = System.nanoTime();
        for (int i = 0; i < records.size(); i++) {
            topics.send(Topics.SQL_TO_EXECUTE, records.get(i).key(), payloads.get(i));
        }
        Set<UUID> done = new HashSet<>();
        List<String> failed = new ArrayList<>();
        String job = jobId.toString();
        TopicClient.awaitUntil(
                Topics.RESULTS_TO_SCORE,
                r -> {
                    // Cheap filter first: the job id is in the payload; parse only this job's records.
                    if (!new String(r.value(), 0, Math.min(r.value().length, 400)).contains(job)) {
                        return false;
                    }
                    for (ExecutionCompleted result :
                            EventJson.read(r.value(), ExecutionsCompleted.class).results()) {
                        if (done.add(result.workItemId()) && !(ran(result.gold()) && ran(result.predicted()))) {
                            failed.add(result.workItemId() + ": "
                                    + (result.predicted() == null
                                            ? "no outcome"
                                            : result.predicted().error()));
                        }
                    }
                    return true;
                },
                found -> done.size() >= n,
                Duration.ofMinutes(10));
        double seconds = (System.nanoTime() - start) / 1e9;
        if (done.size() < n) {
            throw new AssertionError("only " + done.size() + " of " + n + " results arrived");
        }
        // Both ways must run the same statements to their rows: a way that failed more would look faster.
        Integer before = FAILURES.putIfAbsent(n + (distinct ? "distinct" : ""), failed.size());
        if (before != null && before != failed.size()) {
            throw new AssertionError(failed.size() + " of " + n + " items failed " + (walls ? "with" : "without")
                    + " the walls, " + before + " the other way" + (failed.isEmpty() ? "" : ", e.g. " + failed.get(0)));
        }
        return seconds;
    }

    private static boolean ran(ExecutionOutcome outcome) {
        return outcome != null && outcome.ok();
    }

    private static double jdbcLoop(List<String> statements, int n) throws SQLException {
        try (Connection c = LocalStack.targets().connect("footballdb_v1")) {
            return JdbcLoop.seconds(c, statements, n);
        }
    }

    private static List<String> statements() throws Exception {
        List<String> all = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (String split : List.of("train", "dev")) {
            for (JsonNode q : json.readTree(DataDir.resolve()
                    .resolve("footballdb/v1/" + split + ".json")
                    .toFile())) {
                all.add(q.get("query").asText());
            }
        }
        return all;
    }
}
