package dev.snailbench.executor.service;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.service.statement.CallCheck;
import dev.snailbench.executor.service.statement.TransactionSettings;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.SqlGuard;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Guard, pool and runner together: the one blocking entry point that turns SQL into an
 * {@link ExecutionOutcome}. Never throws: every failure is an outcome with a reason. Plain Java so that
 * benchmarks and corpus tests use exactly what the service uses.
 */
public final class SqlExecutor {

    private final SqlGuard guard;
    private final PoolManager pools;
    private final CallCheck calls;
    private final ItemRunner runner;

    /** Runs a work item's checked SQL on a borrowed connection: {@link QueryRunner#run}. */
    @FunctionalInterface
    interface ItemRunner {
        ExecutionOutcome run(
                Connection c,
                CallCheck calls,
                String registration,
                SqlDialect dialect,
                String sql,
                ExecutionLimits limits,
                TransactionSettings settings);
    }

    /** With a call check trusting 10,000 decisions for a minute. */
    public SqlExecutor(SqlGuard guard, PoolManager pools) {
        this(guard, pools, new CallCheck(10_000, Duration.ofMinutes(1)));
    }

    public SqlExecutor(SqlGuard guard, PoolManager pools, CallCheck calls) {
        this(guard, pools, calls, QueryRunner::run);
    }

    SqlExecutor(SqlGuard guard, PoolManager pools, CallCheck calls, ItemRunner runner) {
        this.guard = guard;
        this.pools = pools;
        this.calls = calls;
        this.runner = runner;
    }

    /** The service's: the guard's cache and the call check sized by its configuration. */
    public static SqlExecutor configured(PoolManager pools, ExecutorConfig config, SqlParser parser) {
        return configured(pools, config, parser, QueryRunner::run);
    }

    static SqlExecutor configured(PoolManager pools, ExecutorConfig config, SqlParser parser, ItemRunner runner) {
        return new SqlExecutor(
                new SqlGuard(parser, config.guardCacheEntries()),
                pools,
                new CallCheck(config.callCheckEntries(), config.callCheckTtl()),
                runner);
    }

    /** Work on a borrowed team session. */
    @FunctionalInterface
    public interface SessionWork<T> {
        T apply(TeamSession session) throws SQLException;
    }

    /**
     * Borrows a pooled read-only session of {@code target} (permits, circuit breaker, verified session) on which
     * every statement passes the guard and the runner ({@link TeamSession}): the one way schema samples, QATCH
     * generation and synthetic seeds and candidates reach a team database. Blocking.
     */
    public <T> T withSession(Target target, SessionWork<T> work) throws SQLException {
        // The pool's reset ends the transaction the catalog reads opened.
        return pools.withConnection(target, c -> work.apply(new TeamSession(c, target, guard, calls, pools)));
    }

    public SqlGuard.Verdict check(Target target, String sql) {
        return guard.check(sql, target.dialect());
    }

    /** {@link #check}, with the tree when this call parsed the text ({@link SqlGuard#checked}). */
    public SqlGuard.Checked checked(Target target, String sql) {
        return guard.checked(sql, target.dialect());
    }

    /**
     * Runs gold SQL that already passed {@link #check} once more with the platform's {@code SET LOCAL} settings for
     * its transaction (the gold screening's plan variants).
     */
    public ExecutionOutcome executeCheckedWith(
            Target target, String sql, ExecutionLimits limits, List<TransactionSettings.Setting> planner) {
        try {
            return pools.withConnection(
                    target,
                    limits.timeout(),
                    c -> QueryRunner.run(
                            c,
                            calls,
                            PoolManager.registration(target),
                            target.dialect(),
                            sql,
                            limits,
                            pools.transactionSettings(limits.timeout())
                                    .withSchema(target.schema())
                                    .withPlanner(planner)));
        } catch (SQLException e) {
            return ExecutionOutcome.failed(
                    ExecutionStatus.ERROR, "screening run: " + e.getMessage(), e.getSQLState(), 0);
        }
    }

    /** Checks and runs {@code sql}; with {@code runs > 1} re-runs it and reports the median elapsed time. */
    public ExecutionOutcome execute(Target target, String sql, ExecutionLimits limits, int runs) {
        SqlGuard.Verdict verdict = guard.check(sql, target.dialect());
        if (!verdict.allowed()) {
            return ExecutionOutcome.failed(ExecutionStatus.REJECTED, verdict.reason(), null, 0);
        }
        return executeChecked(target, sql, limits, runs);
    }

    /** Runs SQL that already passed {@link #check}. */
    public ExecutionOutcome executeChecked(Target target, String sql, ExecutionLimits limits, int runs) {
        ExecutionOutcome first = runOnce(target, sql, limits);
        if (runs <= 1 || !first.ok()) {
            return first;
        }
        List<Double> times = new ArrayList<>(List.of(first.elapsedSeconds()));
        for (int i = 1; i < runs; i++) {
            ExecutionOutcome again = runOnce(target, sql, limits);
            if (!again.ok()) {
                break;
            }
            times.add(again.elapsedSeconds());
        }
        return new ExecutionOutcome(
                first.status(), first.columns(), first.rows(), first.truncated(), null, null, median(times));
    }

    private ExecutionOutcome runOnce(Target target, String sql, ExecutionLimits limits) {
        try {
            return pools.withConnection(
                    target,
                    limits.timeout(),
                    c -> runner.run(
                            c,
                            calls,
                            PoolManager.registration(target),
                            target.dialect(),
                            sql,
                            limits,
                            pools.transactionSettings(limits.timeout()).withSchema(target.schema())));
        } catch (SQLException e) {
            // The pool's message is a category (ConnectionErrors), never the driver's text.
            return ExecutionOutcome.failed(
                    ExecutionStatus.ERROR,
                    "cannot get a connection to " + target.jdbcUrl() + ": " + e.getMessage(),
                    e.getSQLState() == null ? "08000" : e.getSQLState(),
                    0);
        } catch (RuntimeException e) {
            return ExecutionOutcome.failed(ExecutionStatus.ERROR, "executor error: " + e, null, 0);
        }
    }

    /** Failures that say nothing about the query (no connection): worth retrying, never worth caching. */
    public static boolean transientFailure(ExecutionOutcome outcome) {
        return outcome.status() == ExecutionStatus.ERROR
                && (outcome.sqlState() == null
                        || outcome.sqlState().startsWith("08")
                        || outcome.sqlState().startsWith("53")
                        || outcome.sqlState().startsWith("57P"));
    }

    static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
