package dev.snailbench.executor.service.targets;

import dev.snailbench.model.domain.SqlDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes every new team-database session read-only with the executor's limits, then reads the settings back and
 * refuses the connection when they are not as set. Read-only and limits live in the session, where no URL, option or
 * role default a tenant controls can reach them after this ran; each query also runs in {@code BEGIN READ ONLY} and is
 * rolled back (QueryRunner).
 *
 * <p>PostgreSQL: {@code SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY}, {@code statement_timeout},
 * {@code idle_in_transaction_session_timeout}, {@code lock_timeout}, pg_catalog first on the search path; verified in
 * {@code pg_settings}.
 * SQL Server has no read-only session: {@code SET LOCK_TIMEOUT} (verified with {@code @@LOCK_TIMEOUT}), every
 * statement in a transaction that is rolled back (autocommit off) and the query timeout per statement. A login that
 * can do more than read is refused on both ({@link LoginPrivileges}).
 */
public final class SessionGuard {

    /** A session that is not as the executor set it: the connection is closed and never pooled. */
    public static final class UnsafeSession extends SQLException {
        public UnsafeSession(String message) {
            super(message, "08004");
        }
    }

    /** The limits a session starts with. */
    public record Limits(Duration statementTimeout, Duration idleInTransactionTimeout, Duration lockTimeout) {}

    private SessionGuard() {}

    /** Sets read-only and the limits on a fresh session, and verifies them. Blocking. */
    public static void prepare(Connection c, SqlDialect dialect, Limits limits) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            s.execute(String.join("; ", sessionSettings(dialect, limits)));
        }
        verify(c, dialect, limits);
        c.setAutoCommit(autoCommit);
    }

    /**
     * Ends whatever transaction a borrower left and returns the session to the state {@link #prepare} made, in one
     * round trip: on PostgreSQL {@code ROLLBACK}, then what {@code DISCARD ALL} does but can inside that round trip
     * (session authorization and role back to the login, every setting reset, cursors closed, notifications
     * unlistened, advisory locks released, temporary tables and sequence state dropped; the driver's prepared
     * statements are kept: no team statement can prepare one), then the read-only session and its limits set again
     * and read back. Throws {@link UnsafeSession} when the session is not as set afterwards: the caller evicts it.
     */
    public static void reset(Connection c, SqlDialect dialect, Limits limits) throws SQLException {
        if (dialect != SqlDialect.POSTGRESQL) {
            if (!c.getAutoCommit()) {
                c.rollback();
            }
            return;
        }
        List<String> statements = new ArrayList<>(List.of(
                "ROLLBACK",
                "SET SESSION AUTHORIZATION DEFAULT",
                "RESET ROLE",
                "RESET ALL",
                "CLOSE ALL",
                "UNLISTEN *",
                "SELECT pg_catalog.pg_advisory_unlock_all()",
                "DISCARD TEMP",
                "DISCARD SEQUENCES"));
        statements.addAll(sessionSettings(dialect, limits));
        statements.add(SETTINGS_QUERY);
        boolean autoCommit = c.getAutoCommit();
        if (autoCommit) {
            c.setAutoCommit(false);
        }
        Map<String, String> settings = new HashMap<>();
        try (Statement s = c.createStatement()) {
            // The driver sends the statements in one round trip; after ROLLBACK they run, and are committed, as one
            // implicit transaction.
            boolean result = s.execute(String.join(";", statements));
            while (!result && s.getUpdateCount() != -1 || result && !isSettings(s)) {
                result = s.getMoreResults();
            }
            if (!result) {
                throw new UnsafeSession("the session's settings could not be read back after its reset");
            }
            try (ResultSet rs = s.getResultSet()) {
                while (rs.next()) {
                    settings.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        if (autoCommit) {
            c.setAutoCommit(true);
        }
        check(settings, limits, false);
    }

    private static boolean isSettings(Statement s) throws SQLException {
        ResultSet rs = s.getResultSet();
        return rs != null
                && rs.getMetaData().getColumnCount() == 2
                && "name".equals(rs.getMetaData().getColumnLabel(1));
    }

    /** The statements that make a session read-only with {@code limits}. */
    static List<String> sessionSettings(SqlDialect dialect, Limits limits) {
        if (dialect != SqlDialect.POSTGRESQL) {
            return List.of("SET LOCK_TIMEOUT " + limits.lockTimeout().toMillis());
        }
        return List.of(
                "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY",
                "SET statement_timeout = " + limits.statementTimeout().toMillis(),
                "SET idle_in_transaction_session_timeout = "
                        + limits.idleInTransactionTimeout().toMillis(),
                "SET lock_timeout = " + limits.lockTimeout().toMillis(),
                CATALOG_FIRST);
    }

    /**
     * Puts pg_catalog first on the session's search path, before the path the login or database sets (which a team
     * controls): every built-in name the platform's own SQL uses (functions, operators, types) then resolves to the
     * built-in one, as PostgreSQL does when pg_catalog is not listed, never to a team's object of the same name.
     * Written so that its own names cannot be a team's either.
     */
    static final String CATALOG_FIRST = "SELECT pg_catalog.set_config('search_path', CASE WHEN s.reset_val "
            + "OPERATOR(pg_catalog.=) '' THEN 'pg_catalog' ELSE pg_catalog.concat('pg_catalog, ', s.reset_val) END, "
            + "false) FROM pg_catalog.pg_settings AS s WHERE s.name OPERATOR(pg_catalog.=) 'search_path'";

    /**
     * Sets the limits on a fresh admin session (the team's login for the platform's view DDL): a statement and lock
     * timeout, not read-only. Blocking.
     */
    public static void prepareAdmin(Connection c, SqlDialect dialect, Duration statementTimeout, Duration lockTimeout)
            throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(
                    dialect == SqlDialect.POSTGRESQL
                            ? "SET statement_timeout = " + statementTimeout.toMillis() + "; SET lock_timeout = "
                                    + lockTimeout.toMillis()
                            : "SET LOCK_TIMEOUT " + lockTimeout.toMillis());
        }
    }

    /** Reads the session's settings back; throws {@link UnsafeSession} naming the first that is not as set. */
    public static void verify(Connection c, SqlDialect dialect, Limits limits) throws SQLException {
        if (dialect == SqlDialect.POSTGRESQL) {
            Map<String, String> settings = new HashMap<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(SETTINGS_QUERY)) {
                while (rs.next()) {
                    settings.put(rs.getString(1), rs.getString(2));
                }
            }
            check(settings, limits, true);
            return;
        }
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT @@LOCK_TIMEOUT")) {
            rs.next();
            if (rs.getLong(1) != limits.lockTimeout().toMillis()) {
                throw new UnsafeSession("LOCK_TIMEOUT is " + rs.getLong(1) + ", not "
                        + limits.lockTimeout().toMillis());
            }
        }
    }

    /** The PostgreSQL settings a session is checked by, and who it runs as (role taken: not the login). */
    private static final String SETTINGS_QUERY = "SELECT name, setting FROM pg_catalog.pg_settings WHERE name "
            + "OPERATOR(pg_catalog.=) ANY (ARRAY['default_transaction_read_only', 'transaction_read_only', "
            + "'statement_timeout', 'idle_in_transaction_session_timeout', 'lock_timeout']) UNION ALL SELECT 'role', "
            + "pg_catalog.current_setting('role') UNION ALL SELECT 'runs as the login', CASE WHEN current_user "
            + "OPERATOR(pg_catalog.=) session_user THEN 'true' ELSE 'false' END UNION ALL SELECT "
            + "'pg_catalog first on the search path', CASE WHEN pg_catalog.current_setting('search_path') "
            + "OPERATOR(pg_catalog.=) 'pg_catalog' OR pg_catalog.starts_with(pg_catalog.current_setting("
            + "'search_path'), 'pg_catalog,') THEN 'true' ELSE 'false' END";

    /**
     * @param inNewTransaction whether the settings were read in a transaction begun after they were made (its
     *                         transaction_read_only then shows the session's default)
     */
    private static void check(Map<String, String> settings, Limits limits, boolean inNewTransaction)
            throws UnsafeSession {
        expect(settings, "default_transaction_read_only", "on");
        if (inNewTransaction) {
            expect(settings, "transaction_read_only", "on");
        }
        expect(
                settings,
                "statement_timeout",
                Long.toString(limits.statementTimeout().toMillis()));
        expect(
                settings,
                "idle_in_transaction_session_timeout",
                Long.toString(limits.idleInTransactionTimeout().toMillis()));
        expect(settings, "lock_timeout", Long.toString(limits.lockTimeout().toMillis()));
        expect(settings, "role", "none");
        expect(settings, "runs as the login", "true");
        expect(settings, "pg_catalog first on the search path", "true");
    }

    private static void expect(Map<String, String> settings, String name, String wanted) throws UnsafeSession {
        String actual = settings.get(name);
        if (!wanted.equals(actual)) {
            throw new UnsafeSession(name + " is " + actual + " in the session, not " + wanted);
        }
    }
}
