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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Runs one already-checked query on one connection: in a read-only transaction that is always rolled back,
 * with the server-side timeout, streaming the rows (fetch size; PostgreSQL needs autocommit off to use a
 * cursor) and stopping at the row and byte caps. Blocking.
 */
public final class QueryRunner {

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
        long start = System.nanoTime();
        try {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
                if (!sessionPrepared) {
                    prepareTransaction(s, dialect, limits);
                }
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

    private static void prepareTransaction(Statement s, SqlDialect dialect, ExecutionLimits limits)
            throws SQLException {
        if (dialect == SqlDialect.POSTGRESQL) {
            // One round trip; SET LOCAL ends with the transaction, so gold and predicted timeouts never leak.
            s.execute("SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = " + limits.timeout().toMillis());
        }
    }

    static int queryTimeoutSeconds(SqlDialect dialect, ExecutionLimits limits) {
        long ms = limits.timeout().toMillis();
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
