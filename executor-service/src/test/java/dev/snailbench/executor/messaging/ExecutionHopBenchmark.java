package dev.snailbench.executor.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.executor.support.Requests;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.DatabaseRef;
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
 * The gold cache is off, so both run exactly the same statements. Run on request:
 * {@code mvn -B -pl executor-service test -Dtest=ExecutionHopBenchmark -Dsurefire.failIfNoSpecifiedTests=false}
 * ({@code -Dbench.n=1000,5000}; {@code -Dbench.distinct=true} makes every item's text one the executor has not seen).
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
    }

    @Test
    void executorHopAgainstTheJdbcLoop() throws Exception {
        LocalStack.targetsWithFootballDb();
        List<String> statements = statements();
        List<String> lines = new ArrayList<>();
        try (TopicClient topics = new TopicClient()) {
            hop(topics, statements, 200); // warm-up: JIT, pools, partitions
            for (String n : System.getProperty("bench.n", "1000").split(",")) {
                int items = Integer.parseInt(n.trim());
                double jdbc = jdbcLoop(statements, items);
                double hop = hop(topics, statements, items);
                lines.add(String.format(Locale.ROOT, "ExecutionHopBenchmark N=%,d: executor hop %.2f s (%.0f items/s), "
                        + "JDBC loop %.2f s (%.0f items/s), ratio %.2fx", items, hop, items / hop, jdbc, items / jdbc,
                        hop / jdbc));
                System.out.println(lines.get(lines.size() - 1));
            }
        }
        System.out.println();
        lines.forEach(System.out::println);
    }

    private static double hop(TopicClient topics, List<String> statements, int n) {
        UUID jobId = UUID.randomUUID();
        List<ExecutionRequested> requests = new ArrayList<>(n);
        DatabaseRef database = Requests.footballDb("t-bench", "v1"); // the job's one database, as the generator sends it
        for (int i = 0; i < n; i++) {
            String sql = statements.get(i % statements.size());
            if (Boolean.getBoolean("bench.distinct")) {
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
        String job = jobId.toString();
        TopicClient.awaitUntil(Topics.RESULTS_TO_SCORE, r -> {
            // Cheap filter first: the job id is in the payload; parse only this job's records.
            if (!new String(r.value(), 0, Math.min(r.value().length, 400)).contains(job)) {
                return false;
            }
            EventJson.read(r.value(), ExecutionsCompleted.class).results()
                    .forEach(result -> done.add(result.workItemId()));
            return true;
        }, found -> done.size() >= n, Duration.ofMinutes(10));
        double seconds = (System.nanoTime() - start) / 1e9;
        if (done.size() < n) {
            throw new AssertionError("only " + done.size() + " of " + n + " results arrived");
        }
        return seconds;
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
            for (JsonNode q : json.readTree(DataDir.resolve().resolve("footballdb/v1/" + split + ".json").toFile())) {
                all.add(q.get("query").asText());
            }
        }
        return all;
    }
}
