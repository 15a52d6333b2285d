package dev.snailbench.executor.service;

import dev.snailbench.executor.service.statement.CallCheck;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.guard.SqlGuard;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * A borrowed team session ({@link SqlExecutor#withSession}) for platform code that writes its own SQL: schema
 * samples, QATCH generation, synthetic seeds and candidates. Every statement text passes the {@link SqlGuard} first,
 * so a seed a tenant wrote ({@code pg_sleep}, {@code ts_stat}, ...) is refused exactly like a predicted query, and
 * then runs through the {@link QueryRunner} (one statement, the calls PostgreSQL resolved checked) in its own
 * read-only transaction with a statement timeout, rolled back.
 * The raw connection is never handed out: the catalog is read through a view that refuses statements. Blocking; not
 * for concurrent use.
 */
public final class TeamSession {

    private final Connection connection;
    private final SqlDialect dialect;
    private final SqlGuard guard;
    private final CallCheck calls;
    private final String registration;
    private final PoolManager pools;
    private String schema;

    TeamSession(Connection connection, Target target, SqlGuard guard, CallCheck calls, PoolManager pools) {
        this.connection = connection;
        this.dialect = target.dialect();
        this.guard = guard;
        this.calls = calls;
        this.registration = PoolManager.registration(target);
        this.pools = pools;
        useSchema(target.schema());
    }

    public SqlDialect dialect() {
        return dialect;
    }

    /**
     * Checks {@code sql} with the guard and runs it.
     *
     * @param maxRows rows the driver fetches at most (0: no cap)
     * @throws SQLException SQLSTATE 42501 {@code SQL refused: <reason>} when the guard refuses it, or the driver's
     */
    public <T> T query(String sql, Duration timeout, int maxRows, QueryRunner.RowsReader<T> reader)
            throws SQLException {
        SqlGuard.Verdict verdict = guard.check(sql, dialect);
        if (!verdict.allowed()) {
            throw new SQLException("SQL refused: " + verdict.reason(), CatalogConnection.REFUSED_STATE);
        }
        return QueryRunner.query(
                connection,
                calls,
                registration,
                dialect,
                sql,
                pools.transactionSettings(timeout).withSchema(schema),
                maxRows,
                reader);
    }

    /** The session's catalog (the driver's metadata): statements and session changes are refused on it. */
    public Connection catalog() {
        return CatalogConnection.of(connection);
    }

    /**
     * Makes {@code schema} the one unqualified names resolve in for the following queries (PostgreSQL, set in each
     * query's own transaction; generated and seed SQL name tables without a schema, like the gold SQL of the
     * built-in question sets). The session itself is left as it is.
     */
    public void useSchema(String schema) {
        this.schema = dialect == SqlDialect.POSTGRESQL ? schema : null;
    }
}
