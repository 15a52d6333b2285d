package dev.snailbench.executor.service;

import dev.snailbench.executor.service.statement.CallCheck;
import dev.snailbench.executor.service.statement.TransactionSettings;
import dev.snailbench.executor.service.targets.SessionGuard;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.target.ReadBudget;
import dev.snailbench.sql.PgText;
import dev.snailbench.sql.guard.SqlGuard;
import java.sql.Connection;
import java.sql.PreparedStatement;
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
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * The one place a team's SQL runs (gold, predicted, gold screening, schema samples, QATCH generation, synthetic seeds
 * and candidates), on a connection of the {@link PoolManager} (address rules, verified read-only session, per-tenant
 * permits, circuit breaker) after the {@link SqlGuard} passed it ({@link SqlExecutor}, {@link TeamSession}). On
 * PostgreSQL the text runs as one prepared statement over the extended protocol, joined after the platform's
 * statements in one round trip: the driver must read it as one statement without parameters ({@link PgText}), the
 * transaction's settings are made and checked on the server before it ({@link TransactionSettings}), and the
 * functions it calls are decided on what the server resolved ({@link CallCheck}). The rows are streamed (a cursor in
 * the transaction) up to the row cap and byte cap, each batch sized by the widest row so far, every byte read from
 * the socket counted against the query's read budget ({@link ReadBudget}). The pool's reset ends the transaction.
 * Blocking.
 */
public final class QueryRunner {

    /** Reads what the caller needs from a query's rows. */
    @FunctionalInterface
    public interface RowsReader<T> {
        T read(ResultSet rows) throws SQLException;
    }

    /** A statement refused before it ran: {@code SQL refused: <reason>}, SQLSTATE 42501. */
    public static final class Refused extends SQLException {
        Refused(String reason) {
            super("SQL refused: " + reason, CatalogConnection.REFUSED_STATE);
        }

        public String reason() {
            return getMessage().substring("SQL refused: ".length());
        }
    }

    /**
     * Bytes read at most for one query of platform code that reads the rows itself (samples, QATCH, synthetic
     * seeds and candidates, which read their whole result at once).
     */
    static final long SESSION_READ_BUDGET = 64L << 20;

    /** Rows fetched in a result's first batch at most ({@link #firstBatch}). */
    static final int FIRST_BATCH_ROWS = 100;

    /** PostgreSQL's query_canceled, raised when statement_timeout fires. */
    static final String PG_QUERY_CANCELED = "57014";

    private QueryRunner() {}

    /**
     * Runs a team's query and reads its result within {@code limits}; never throws. The transaction is left to the
     * pool's reset, which ends it in the round trip that gives the connection back.
     *
     * @param registration whose database this is ({@link PoolManager#registration}): decisions are remembered per
     *                     registration
     */
    public static ExecutionOutcome run(
            Connection c,
            CallCheck calls,
            String registration,
            SqlDialect dialect,
            String sql,
            ExecutionLimits limits,
            TransactionSettings settings) {
        long start = System.nanoTime();
        try (Prepared s = prepare(
                        c,
                        calls,
                        registration,
                        dialect,
                        sql,
                        settings,
                        queryTimeoutSeconds(dialect, limits),
                        firstBatch(limits),
                        limits.rowCap() + 1);
                ReadBudget.Scope budget = ReadBudget.open(limits.readBudget())) {
            start = System.nanoTime();
            ResultSet rs = s.execute();
            if (rs == null) {
                return ExecutionOutcome.failed(
                        ExecutionStatus.ERROR, "the statement returned no result set", null, seconds(start));
            }
            try (rs) {
                return read(rs, dialect, limits, start);
            }
        } catch (Refused e) {
            return ExecutionOutcome.failed(ExecutionStatus.REJECTED, e.reason(), null, 0);
        } catch (SQLException e) {
            if (ReadBudget.exhausted(e)) {
                // The first batch of rows alone is larger than what the executor reads for one query.
                return ExecutionOutcome.failed(
                        ExecutionStatus.ERROR,
                        "the result's first " + firstBatch(limits)
                                + " rows are larger than the " + limits.readBudget()
                                + " bytes the executor reads for one "
                                + "query",
                        "54000",
                        seconds(start));
            }
            return failure(e, dialect, seconds(start));
        }
    }

    /**
     * Runs one team or generated query for platform code that reads the rows itself (schema samples, QATCH and
     * synthetic generation) in its own transaction, at most {@code maxRows} rows (0: no cap), and rolls the
     * transaction back, so neither a failed query nor anything a query changed reaches the next one on this session.
     *
     * @throws Refused      what the driver or the server resolved is not allowed
     * @throws SQLException the driver's error (SQLSTATE 57014 on a PostgreSQL timeout)
     */
    public static <T> T query(
            Connection c,
            CallCheck calls,
            String registration,
            SqlDialect dialect,
            String sql,
            TransactionSettings settings,
            int maxRows,
            RowsReader<T> reader)
            throws SQLException {
        try (Prepared s = prepare(
                        c,
                        calls,
                        registration,
                        dialect,
                        sql,
                        settings,
                        queryTimeoutSeconds(dialect, settings.statementTimeout()),
                        0,
                        maxRows);
                ReadBudget.Scope budget = ReadBudget.open(SESSION_READ_BUDGET)) {
            ResultSet rs = s.execute();
            if (rs == null) {
                throw new SQLException("the statement returned no result set", "0A000");
            }
            try (rs) {
                return reader.read(rs);
            }
        } catch (SQLException e) {
            if (ReadBudget.exhausted(e)) {
                throw new SQLException(
                        "the result is larger than the " + SESSION_READ_BUDGET + " bytes the "
                                + "executor reads for one generated query",
                        "54000",
                        e);
            }
            throw e;
        } finally {
            if (!c.isClosed()) {
                c.rollback();
            }
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
     * A team's statement ready to run: on PostgreSQL joined after the platform's statements ({@code platform} results
     * to pass over), the call check's decision remembered once it ran.
     */
    private record Prepared(
            PreparedStatement statement, int platform, CallCheck calls, String key, TransactionSettings settings)
            implements AutoCloseable {

        /** Runs it; the team statement's result set, or null when it returned none. */
        ResultSet execute() throws SQLException {
            try {
                boolean result = statement.execute();
                for (int i = 0; i < platform; i++) {
                    result = statement.getMoreResults();
                }
                if (key != null) {
                    calls.remember(key, CallCheck.Decision.ALLOWED);
                }
                return result ? statement.getResultSet() : null;
            } catch (SQLException e) {
                if (key != null && CallCheck.isGateRefusal(e)) {
                    String reason = CallCheck.gateRefusal(e);
                    calls.remember(key, CallCheck.Decision.refused(reason));
                    throw new Refused(reason);
                }
                throw sessionChecked(statement.getConnection(), settings, e);
            }
        }

        /** Closes it; on a connection a read broke (the read budget, the network) there is nothing left to close. */
        @Override
        public void close() throws SQLException {
            try {
                statement.close();
            } catch (SQLException e) {
                if (!statement.getConnection().isClosed()) {
                    throw e;
                }
            }
        }
    }

    /**
     * The statement that runs {@code sql}: on PostgreSQL joined after the transaction's settings (and, the first time
     * the text is seen on this registration, the call check's gate), in a transaction of its own.
     */
    private static Prepared prepare(
            Connection c,
            CallCheck calls,
            String registration,
            SqlDialect dialect,
            String sql,
            TransactionSettings settings,
            int queryTimeoutSeconds,
            int fetchSize,
            int maxRows)
            throws SQLException {
        c.setAutoCommit(false);
        if (dialect != SqlDialect.POSTGRESQL) {
            SearchPath.checkDefaultSchema(c, settings.searchPath());
            PreparedStatement s = c.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            configure(s, queryTimeoutSeconds, fetchSize, maxRows);
            return new Prepared(s, 0, calls, null, settings);
        }
        BaseConnection pg = c.unwrap(BaseConnection.class);
        if (pg.getTransactionState() != TransactionState.IDLE) {
            c.rollback();
        }
        String refusal = PgText.refusal(sql);
        if (refusal != null) {
            throw new Refused(refusal);
        }
        String key = CallCheck.key(registration, settings, sql);
        CallCheck.Decision known = calls.known(key);
        if (known != null && !known.allowed()) {
            throw new Refused(known.reason());
        }
        List<String> platform = new ArrayList<>();
        List<String> parameters = new ArrayList<>();
        if (known == null) {
            CallCheck.Resolved resolved;
            try {
                resolved = CallCheck.resolve(c, sql, settings);
            } catch (CallCheck.Refused e) {
                calls.remember(key, CallCheck.Decision.refused(e.getMessage()));
                throw new Refused(e.getMessage());
            } catch (SQLException e) {
                throw sessionChecked(c, settings, e);
            }
            platform.addAll(CallCheck.gateStatements());
            parameters.addAll(CallCheck.gateParameters(resolved));
        }
        platform.add(settings.sql());
        parameters.addAll(settings.parameters());
        String text = PgText.joined(platform, sql, pg.getStandardConformingStrings());
        PreparedStatement s = c.prepareStatement(text, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        try {
            for (int i = 0; i < parameters.size(); i++) {
                s.setString(i + 1, parameters.get(i));
            }
            configure(s, queryTimeoutSeconds, fetchSize, maxRows);
        } catch (SQLException | RuntimeException e) {
            s.close();
            throw e;
        }
        return new Prepared(s, platform.size(), calls, known == null ? key : null, settings);
    }

    private static void configure(PreparedStatement s, int queryTimeoutSeconds, int fetchSize, int maxRows)
            throws SQLException {
        // Client-side timeout as a backstop; on SQL Server it is the query timeout itself (the driver sends an
        // attention signal and the server aborts the batch).
        s.setQueryTimeout(queryTimeoutSeconds);
        if (fetchSize > 0) {
            s.setFetchSize(fetchSize);
        }
        if (maxRows > 0) {
            s.setMaxRows(maxRows);
        }
    }

    /**
     * The transaction's settings check failed: the schema named is not usable by the login (SQLSTATE 3F000, saying
     * why), or the session is not as the pool left it.
     */
    private static SQLException sessionChecked(Connection c, TransactionSettings settings, SQLException e)
            throws SQLException {
        if (TransactionSettings.isPathFailure(e) && !settings.searchPath().isEmpty()) {
            c.rollback();
            return SearchPath.notUsable(c, settings.searchPath().get(0));
        }
        return TransactionSettings.isCheckFailure(e)
                ? new SessionGuard.UnsafeSession("the session is not as set: " + TransactionSettings.checkFailure(e))
                : e;
    }

    /**
     * Rows of the first batch, before any row's size is known: the fetch size, at most {@link #FIRST_BATCH_ROWS}, so
     * that only rows wider than a hundredth of the read budget on average can spend it before the first is read.
     */
    static int firstBatch(ExecutionLimits limits) {
        return Math.min(limits.fetchSize(), FIRST_BATCH_ROWS);
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

    static ExecutionOutcome read(ResultSet rs, SqlDialect dialect, ExecutionLimits limits, long start)
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
        long widest = 0;
        int fetchSize = firstBatch(limits);
        boolean truncated = false;
        while (true) {
            try {
                if (!rs.next()) {
                    break;
                }
            } catch (SQLException e) {
                if (ReadBudget.exhausted(e)) {
                    // Rows past the read budget: the result is larger than what is kept anyway.
                    truncated = true;
                    break;
                }
                throw e;
            }
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
            if (rowBytes > widest) {
                // The next batch holds about the byte cap at most, judged by the widest row so far.
                widest = rowBytes;
                int next = (int) Math.max(1, Math.min(limits.fetchSize(), limits.byteCap() / (2 * widest)));
                if (next != fetchSize) {
                    fetchSize = next;
                    rs.setFetchSize(next);
                }
            }
        }
        return new ExecutionOutcome(ExecutionStatus.OK, columns, rows, truncated, null, null, seconds(start));
    }

    static ExecutionOutcome failure(SQLException e, SqlDialect dialect, double elapsed) {
        String state = e.getSQLState();
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        boolean timeout = e instanceof SQLTimeoutException
                || PG_QUERY_CANCELED.equals(state)
                || "HY008".equals(state)
                || (dialect == SqlDialect.SQLSERVER
                        && message.toLowerCase(Locale.ROOT).contains("timed out"));
        return ExecutionOutcome.failed(
                timeout ? ExecutionStatus.TIMEOUT : ExecutionStatus.ERROR, message, state, elapsed);
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
