package dev.snailbench.executor.service;

import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The one place a statement is created on a team's read-only session: every query (gold, predicted, gold screening,
 * schema samples, QATCH generation, synthetic seeds and candidates) runs here on a connection of the
 * {@link PoolManager} (address rules, verified read-only session, per-tenant permits, circuit breaker), after the
 * {@link SqlGuard} passed it ({@link SqlExecutor}, {@link TeamSession}): in a read-only transaction that is always
 * rolled back, with the server-side timeout, streaming the rows (fetch size; PostgreSQL needs autocommit off to use a
 * cursor) and stopping at the row cap. Blocking.
 */
public final class QueryRunner {

    /** Reads what the caller needs from a query's rows. */
    @FunctionalInterface
    public interface RowsReader<T> {
        T read(ResultSet rows) throws SQLException;
    }

    /** PostgreSQL's query_canceled, raised when statement_timeout fires. */
    static final String PG_QUERY_CANCELED = "57014";

    private QueryRunner() {
    }

    public static ExecutionOutcome run(Connection c, SqlDialect dialect, String sql, ExecutionLimits limits) {
        return run(c, dialect, sql, limits, false);
    }

    /**
     * @param sessionPrepared the PostgreSQL session already has this statement_timeout and is read-only by
     *                        default (a {@link PoolManager} pool made for the timeout): saves a round trip
     */
    public static ExecutionOutcome run(Connection c, SqlDialect dialect, String sql, ExecutionLimits limits,
            boolean sessionPrepared) {
        return run(c, dialect, sql, limits, sessionPrepared, List.of());
    }

    /**
     * @param transactionSettings the platform's own {@code SET LOCAL} statements for this transaction (the gold
     *                            screening's plan settings), ended with it by the rollback; never a tenant's text
     */
    public static ExecutionOutcome run(Connection c, SqlDialect dialect, String sql, ExecutionLimits limits,
            boolean sessionPrepared, List<String> transactionSettings) {
        return run(c, dialect, sql, limits, sessionPrepared, transactionSettings, null);
    }

    /**
     * @param schema where unqualified names resolve first ({@link SearchPath}: the job's schema), or null for the
     *               login's own path
     */
    public static ExecutionOutcome run(Connection c, SqlDialect dialect, String sql, ExecutionLimits limits,
            boolean sessionPrepared, List<String> transactionSettings, String schema) {
        long start = System.nanoTime();
        try {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
                prepareTransaction(c, s, dialect, sessionPrepared ? null : limits.timeout(), transactionSettings,
                        schema);
                // Client-side timeout as a backstop; on SQL Server it is the query timeout itself (the driver
                // sends an attention signal and the server aborts the batch).
                s.setQueryTimeout(queryTimeoutSeconds(dialect, limits));
                s.setFetchSize(limits.fetchSize());
                s.setMaxRows(limits.rowCap() + 1);
                start = System.nanoTime();
                if (!s.execute(sql)) {
                    return ExecutionOutcome.failed(ExecutionStatus.ERROR, "the statement returned no result set",
                            null, seconds(start));
                }
                try (ResultSet rs = s.getResultSet()) {
                    return read(rs, dialect, limits, start);
                }
            } finally {
                // Nothing a query did survives it, even if the guard and the read-only transaction missed it.
                c.rollback();
            }
        } catch (SQLException e) {
            return failure(e, dialect, seconds(start));
        }
    }

    /**
     * Runs one already-checked query for platform code that reads the rows itself (schema samples, QATCH and
     * synthetic generation): in its own read-only transaction with {@code timeout} as the statement timeout (server
     * side on PostgreSQL), at most {@code maxRows} rows (0: no cap), always rolled back, so neither a failed query
     * nor anything a query changed in the session (a function's {@code set_config}) reaches the next one.
     *
     * @param schema where unqualified names resolve first for this query ({@link SearchPath}), or null for the
     *               login's own path
     * @throws SQLException the driver's error (SQLSTATE 57014 on a PostgreSQL timeout; 3F000 when the schema is not
     *                      usable by the login)
     */
    public static <T> T query(Connection c, SqlDialect dialect, String schema, String sql, Duration timeout,
            int maxRows, RowsReader<T> reader) throws SQLException {
        c.setAutoCommit(false);
        try (Statement s = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
            prepareTransaction(c, s, dialect, timeout, List.of(), schema);
            s.setQueryTimeout(queryTimeoutSeconds(dialect, timeout));
            if (maxRows > 0) {
                s.setMaxRows(maxRows);
            }
            try (ResultSet rs = s.executeQuery(sql)) {
                return reader.read(rs);
            }
        } finally {
            c.rollback();
        }
    }

    /**
     * Runs the platform's view DDL ({@code ViewDdl}-checked shapes only) on an admin session in one transaction:
     * committed when every statement ran, rolled back otherwise. The one write the executor makes on a team's
     * database.
     */
    public static void applyDdl(Connection admin, List<String> checkedDdl, Duration timeout) throws SQLException {
        admin.setAutoCommit(false);
        try (Statement s = admin.createStatement()) {
            s.setQueryTimeout((int) Math.max(1, timeout.toSeconds()));
            for (String statement : checkedDdl) {
                s.execute(statement);
            }
            admin.commit();
        } catch (SQLException e) {
            admin.rollback();
            throw e;
        }
    }

    /**
     * On PostgreSQL, one round trip: read-only, the statement timeout (null: the pool's session already has it), the
     * platform's settings and the schema first on the path, read back ({@link SearchPath}); SET LOCAL ends with the
     * transaction, so no timeout or setting leaks. On SQL Server, the login's default schema read back when a schema
     * is named.
     */
    private static void prepareTransaction(Connection c, Statement s, SqlDialect dialect, Duration timeout,
            List<String> transactionSettings, String schema) throws SQLException {
        List<String> statements = new ArrayList<>();
        if (dialect == SqlDialect.POSTGRESQL) {
            if (timeout != null) {
                statements.add("SET TRANSACTION READ ONLY");
                statements.add("SET LOCAL statement_timeout = " + timeout.toMillis());
            }
            statements.addAll(transactionSettings);
        }
        statements.addAll(SearchPath.statements(dialect, schema));
        if (!statements.isEmpty()) {
            boolean resultSet = s.execute(String.join("; ", statements));
            SearchPath.verify(s, resultSet, c, dialect, schema);
        }
    }

    static int queryTimeoutSeconds(SqlDialect dialect, ExecutionLimits limits) {
        return queryTimeoutSeconds(dialect, limits.timeout());
    }

    static int queryTimeoutSeconds(SqlDialect dialect, Duration timeout) {
        long ms = timeout.toMillis();
        // PostgreSQL's own timeout fires first; the client one only catches a server that does not answer.
        long seconds = dialect == SqlDialect.POSTGRESQL ? ms / 1000 + 5 : (ms + 999) / 1000;
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, seconds));
    }

    private static ExecutionOutcome read(ResultSet rs, SqlDialect dialect, ExecutionLimits limits, long start)
            throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        int[] jdbcTypes = new int[n];
        String[] typeNames = new String[n];
        ValueType[] types = new ValueType[n];
        List<ResultColumn> columns = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            jdbcTypes[i] = md.getColumnType(i + 1);
            typeNames[i] = md.getColumnTypeName(i + 1);
            types[i] = CanonicalValues.typeOf(jdbcTypes[i], typeNames[i], dialect);
            columns.add(new ResultColumn(md.getColumnLabel(i + 1), types[i], typeNames[i]));
        }
        List<List<String>> rows = new ArrayList<>();
        long bytes = 0;
        boolean truncated = false;
        while (rs.next()) {
            if (rows.size() >= limits.rowCap()) {
                truncated = true;
                break;
            }
            String[] row = new String[n];
            long rowBytes = 0;
            for (int i = 0; i < n; i++) {
                row[i] = CanonicalValues.read(rs, i + 1, jdbcTypes[i], typeNames[i], types[i]);
                rowBytes += jsonLength(row[i]);
            }
            if (bytes + rowBytes > limits.byteCap()) {
                truncated = true;
                break;
            }
            bytes += rowBytes;
            rows.add(Collections.unmodifiableList(Arrays.asList(row)));
        }
        return new ExecutionOutcome(ExecutionStatus.OK, columns, rows, truncated, null, null, seconds(start));
    }

    static ExecutionOutcome failure(SQLException e, SqlDialect dialect, double elapsed) {
        String state = e.getSQLState();
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        boolean timeout = e instanceof SQLTimeoutException || PG_QUERY_CANCELED.equals(state)
                || "HY008".equals(state)
                || (dialect == SqlDialect.SQLSERVER && message.toLowerCase(Locale.ROOT).contains("timed out"));
        return ExecutionOutcome.failed(timeout ? ExecutionStatus.TIMEOUT : ExecutionStatus.ERROR, message, state,
                elapsed);
    }

    /** Bytes the cell takes in the event's JSON: its UTF-8 text, quotes and separator ({@code null,} if null). */
    static long jsonLength(String s) {
        return s == null ? 5 : utf8Length(s) + 3;
    }

    static long utf8Length(String s) {
        if (s == null) {
            return 0;
        }
        long bytes = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch < 0x80) {
                bytes++;
            } else if (ch < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(ch)) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
