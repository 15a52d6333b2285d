package dev.snailbench.executor.service;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.target.ReadBudget;
import dev.snailbench.sql.SqlParser;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * For benchmarks only (enabled by a test profile's alternatives): the service's {@link SqlExecutor} whose work items
 * run either through {@link QueryRunner#run} (the walls: one prepared statement joined after the transaction's
 * settings, read back on the server, and the call check over the query tree) or, with {@link #walls} off, as plain
 * text on the same pooled, guarded connection with the same limits and reading of the rows and no walls.
 */
@Alternative
public class WallSwitch {

    /** Whether work items run through the walls; set between measured runs, never during one. */
    public static volatile boolean walls = true;

    @Produces
    @Singleton
    SqlExecutor sqlExecutor(PoolManager pools, ExecutorConfig config, SqlParser parser) {
        return SqlExecutor.configured(
                pools,
                config,
                parser,
                (c, calls, registration, dialect, sql, limits, settings) -> walls
                        ? QueryRunner.run(c, calls, registration, dialect, sql, limits, settings)
                        : withoutWalls(c, dialect, sql, limits));
    }

    /** The text as one {@code Statement.execute} in a transaction the pool's reset ends. */
    static ExecutionOutcome withoutWalls(Connection c, SqlDialect dialect, String sql, ExecutionLimits limits) {
        long start = System.nanoTime();
        try (ReadBudget.Scope budget = ReadBudget.open(limits.readBudget())) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
                s.setQueryTimeout(QueryRunner.queryTimeoutSeconds(dialect, limits));
                s.setFetchSize(QueryRunner.firstBatch(limits));
                s.setMaxRows(limits.rowCap() + 1);
                start = System.nanoTime();
                if (!s.execute(sql)) {
                    return ExecutionOutcome.failed(
                            ExecutionStatus.ERROR,
                            "the statement returned no result set",
                            null,
                            QueryRunner.seconds(start));
                }
                try (ResultSet rs = s.getResultSet()) {
                    return QueryRunner.read(rs, dialect, limits, start);
                }
            }
        } catch (SQLException e) {
            return QueryRunner.failure(e, dialect, QueryRunner.seconds(start));
        }
    }
}
