package dev.snailbench.executor.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.datasets.FootballDbFiles;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.SqlGuard;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Throughput of the FootballDB v1–v3 dev gold queries (those not needing match_fact) through the executor
 * (guard + pools + read-only transaction + timeout + streaming + canonical values) versus plain JDBC on the same
 * databases (one kept connection per thread and database, autocommit, getString per cell), and executor throughput
 * versus pool size. Each figure is the best of {@code bench.trials} alternating trials (the machine is shared).
 * Run: {@code mvn -B -q test -Dtest=ExecutorBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 * Beyond the in-memory tier: throughput of real queries on PostgreSQL, executor against plain JDBC.
 */
@RealInfrastructure
class ExecutorBenchmark {

    record Query(String database, String sql) {}

    interface QueryRun {
        void run(Query q) throws Exception;
    }

    private static final int ROUNDS = Integer.getInteger("bench.rounds", 3);
    private static final int TRIALS = Integer.getInteger("bench.trials", 3);

    @Test
    void printThroughput() throws Exception {
        LocalStack.targetsWithFootballDb();
        List<Query> queries = new ArrayList<>();
        for (String version : FootballDbFiles.VERSIONS) {
            for (JsonNode q : FootballDbGoldTest.devQuestions(version)) {
                String sql = q.get("query").asText();
                if (!sql.toLowerCase().contains("match_fact")) {
                    queries.add(new Query(FootballDb.databaseName(version), sql));
                }
            }
        }
        System.out.printf(
                "%nExecutorBenchmark: %d gold queries x %d rounds, best of %d trials, %d cores%n",
                queries.size(), ROUNDS, TRIALS, Runtime.getRuntime().availableProcessors());

        SqlGuard parsing = new SqlGuard(new SqlParser(1, Duration.ofSeconds(5)));
        double guardOnly = best(() -> run(queries, 1, q -> parsing.check(q.sql(), SqlDialect.POSTGRESQL)));
        System.out.printf("guard alone (JSqlParser parse + checks, no cache): %.0f q/s on 1 thread%n", guardOnly);

        double[] executorByPool = new double[5];
        for (int size : new int[] {1, 2, 4}) {
            PoolManager pools = new PoolManager(
                    new PoolManager.Settings(size, size, Duration.ofMinutes(5), Duration.ofSeconds(30)),
                    Core.connector());
            try (pools) {
                SqlExecutor cold = new SqlExecutor(new SqlGuard(new SqlParser(1, Duration.ofSeconds(5))), pools);
                SqlExecutor cached =
                        new SqlExecutor(new SqlGuard(new SqlParser(1, Duration.ofSeconds(5)), 10_000), pools);
                PlainJdbc plain = new PlainJdbc();
                try (plain) {
                    // warm-up: JIT, connections, server caches
                    run(queries, size, plain::run);
                    run(queries, size, q -> cold.execute(target(q), q.sql(), Core.DEFAULT_LIMITS, 1));
                    double[] best = new double[4];
                    for (int t = 0; t < TRIALS; t++) {
                        best[0] = Math.max(best[0], run(queries, size, plain::run));
                        best[1] = Math.max(
                                best[1],
                                run(
                                        queries,
                                        size,
                                        q -> cold.executeChecked(target(q), q.sql(), Core.DEFAULT_LIMITS, 1)));
                        best[2] = Math.max(
                                best[2],
                                run(queries, size, q -> cold.execute(target(q), q.sql(), Core.DEFAULT_LIMITS, 1)));
                        best[3] = Math.max(
                                best[3],
                                run(queries, size, q -> cached.execute(target(q), q.sql(), Core.DEFAULT_LIMITS, 1)));
                    }
                    executorByPool[size] = best[3];
                    System.out.printf(
                            "pool size %d, %d threads: plain JDBC %.0f q/s | executor without guard %.0f q/s "
                                    + "(%.2fx) | executor, guard parsing every query %.0f q/s (%.2fx) | executor, guard "
                                    + "verdict cache (service default) %.0f q/s (%.2fx)%n",
                            size,
                            size,
                            best[0],
                            best[1],
                            best[0] / best[1],
                            best[2],
                            best[0] / best[2],
                            best[3],
                            best[0] / best[3]);
                }
            }
        }
        System.out.printf(
                "executor scaling with pool size (service default): 1 -> %.0f q/s, 2 -> %.0f q/s (%.2fx), "
                        + "4 -> %.0f q/s (%.2fx)%n",
                executorByPool[1],
                executorByPool[2],
                executorByPool[2] / executorByPool[1],
                executorByPool[4],
                executorByPool[4] / executorByPool[1]);
    }

    private static Target target(Query q) {
        return Core.postgres(q.database());
    }

    interface Trial {
        double run() throws Exception;
    }

    private static double best(Trial trial) throws Exception {
        trial.run();
        double best = 0;
        for (int t = 0; t < TRIALS; t++) {
            best = Math.max(best, trial.run());
        }
        return best;
    }

    /** Plain JDBC: a kept connection per thread and database, as a hand-written harness would do. */
    private static final class PlainJdbc implements AutoCloseable {
        private final ThreadLocal<Map<String, Connection>> connections = ThreadLocal.withInitial(HashMap::new);
        private final List<Connection> all = new CopyOnWriteArrayList<>();

        void run(Query q) throws SQLException {
            Connection c = connections.get().get(q.database());
            if (c == null) {
                c = LocalStack.targets().connect(q.database());
                connections.get().put(q.database(), c);
                all.add(c);
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(q.sql())) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int i = 1; i <= n; i++) {
                        rs.getString(i);
                    }
                }
            } catch (SQLException e) {
                // the broken gold (377) fails on both paths
            }
        }

        @Override
        public void close() throws SQLException {
            for (Connection c : all) {
                c.close();
            }
        }
    }

    /** Queries per second of {@code rounds} passes over {@code queries} shared by {@code threads} threads. */
    private static double run(List<Query> queries, int threads, QueryRun work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger next = new AtomicInteger();
        int total = queries.size() * ROUNDS;
        try {
            long start = System.nanoTime();
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < total; i = next.getAndIncrement()) {
                        work.run(queries.get(i % queries.size()));
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
            return total / ((System.nanoTime() - start) / 1e9);
        } finally {
            pool.shutdownNow();
        }
    }
}
