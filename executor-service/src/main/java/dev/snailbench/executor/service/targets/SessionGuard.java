package dev.snailbench.executor.service.targets;

import dev.snailbench.model.domain.SqlDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Makes every new team-database session read-only with the executor's limits, then reads the settings back and
 * refuses the connection when they are not as set. Read-only and limits live in the session, where no URL, option or
 * role default a tenant controls can reach them after this ran; each query also runs in {@code BEGIN READ ONLY} and is
 * rolled back (QueryRunner).
 *
 * <p>PostgreSQL: {@code SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY}, {@code statement_timeout},
 * {@code idle_in_transaction_session_timeout}, {@code lock_timeout}; verified in {@code pg_settings}.
 * SQL Server has no read-only session: {@code SET LOCK_TIMEOUT} (verified with {@code @@LOCK_TIMEOUT}), every
 * statement in a transaction that is rolled back (autocommit off) and the query timeout per statement. A login that
 * can do more than read is refused on both ({@link LoginPrivileges}).
 */
public final class SessionGuard {

    /** A session that is not as the executor set it: the connection is closed and never pooled. */
    public static final class UnsafeSession extends SQLException {
        UnsafeSession(String message) {
            super(message, "08004");
        }
    }

    /** The limits a session starts with. */
    public record Limits(Duration statementTimeout, Duration idleInTransactionTimeout, Duration lockTimeout) {
    }

    private SessionGuard() {
    }

    /** Sets read-only and the limits on a fresh session, and verifies them. Blocking. */
    public static void prepare(Connection c, SqlDialect dialect, Limits limits) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            if (dialect == SqlDialect.POSTGRESQL) {
                s.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY; "
                        + "SET statement_timeout = " + limits.statementTimeout().toMillis() + "; "
                        + "SET idle_in_transaction_session_timeout = " + limits.idleInTransactionTimeout().toMillis()
                        + "; SET lock_timeout = " + limits.lockTimeout().toMillis());
            } else {
                s.execute("SET LOCK_TIMEOUT " + limits.lockTimeout().toMillis());
            }
        }
        verify(c, dialect, limits);
        c.setAutoCommit(autoCommit);
    }

    /**
     * Sets the limits on a fresh admin session (the team's login for the platform's view DDL): a statement and lock
     * timeout, not read-only. Blocking.
     */
    public static void prepareAdmin(Connection c, SqlDialect dialect, Duration statementTimeout, Duration lockTimeout)
            throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(dialect == SqlDialect.POSTGRESQL
                    ? "SET statement_timeout = " + statementTimeout.toMillis() + "; SET lock_timeout = "
                            + lockTimeout.toMillis()
                    : "SET LOCK_TIMEOUT " + lockTimeout.toMillis());
        }
    }

    /** Reads the session's settings back; throws {@link UnsafeSession} naming the first that is not as set. */
    public static void verify(Connection c, SqlDialect dialect, Limits limits) throws SQLException {
        if (dialect == SqlDialect.POSTGRESQL) {
            Map<String, String> settings = new HashMap<>();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT name, setting FROM "
                    + "pg_catalog.pg_settings WHERE name IN ('default_transaction_read_only', 'transaction_read_only', "
                    + "'statement_timeout', 'idle_in_transaction_session_timeout', 'lock_timeout')")) {
                while (rs.next()) {
                    settings.put(rs.getString(1), rs.getString(2));
                }
            }
            expect(settings, "default_transaction_read_only", "on");
            expect(settings, "transaction_read_only", "on");
            expect(settings, "statement_timeout", Long.toString(limits.statementTimeout().toMillis()));
            expect(settings, "idle_in_transaction_session_timeout",
                    Long.toString(limits.idleInTransactionTimeout().toMillis()));
            expect(settings, "lock_timeout", Long.toString(limits.lockTimeout().toMillis()));
            return;
        }
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT @@LOCK_TIMEOUT")) {
            rs.next();
            if (rs.getLong(1) != limits.lockTimeout().toMillis()) {
                throw new UnsafeSession("LOCK_TIMEOUT is " + rs.getLong(1) + ", not " + limits.lockTimeout().toMillis());
            }
        }
    }

    private static void expect(Map<String, String> settings, String name, String wanted) throws UnsafeSession {
        String actual = settings.get(name);
        if (!wanted.equals(actual)) {
            throw new UnsafeSession(name + " is " + actual + " in the session, not " + wanted);
        }
    }
}
