package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.service.PoolManager;
import dev.snailbench.executor.service.QueryRunner;
import dev.snailbench.executor.service.SqlExecutor;
import dev.snailbench.executor.service.statement.CallCheck;
import dev.snailbench.executor.service.statement.TransactionSettings;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.SqlGuard;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Attack suite, sessions given back to the pool (real PostgreSQL): whatever a borrower changed and committed in its
 * session (read-write by default, no statement timeout, another role, a session advisory lock), the next borrower of
 * the same connection gets it read-only with the executor's limits, as the executor's login, the lock released; a
 * query never runs on a session that is not as set; a session that cannot be reset is evicted.
 * Beyond the in-memory tier: real sessions changed by a borrower and reset in the pool.
 */
@RealInfrastructure
class SessionResetAttackTest {

    static final String DB = "wall_sessions";

    @BeforeAll
    static void createDatabase() throws SQLException {
        LocalStack.targets().createDatabase(DB);
        try (Connection c = LocalStack.targets().connect(DB);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS notes (id int PRIMARY KEY, body text)");
            s.execute("DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'wall_other') THEN "
                    + "CREATE ROLE wall_other; END IF; END$$");
        }
    }

    private static final String SESSION = "SELECT pg_backend_pid(), current_setting('default_transaction_read_only'), "
            + "current_setting('transaction_read_only'), current_setting('statement_timeout'), "
            + "current_setting('lock_timeout'), current_user = session_user, current_setting('role'), "
            + "(SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid())";

    @Test
    void shouldHandBackEverySessionAsTheExecutorSetItWhateverTheLastBorrowerCommitted() throws SQLException {
        Target target = Core.postgres(DB);
        try (PoolManager pools = onePool()) {
            int pid = pools.withConnection(target, Duration.ofSeconds(7), c -> {
                c.setAutoCommit(true);
                try (Statement s = c.createStatement()) {
                    // What a second statement after COMMIT did before one statement was the wall.
                    s.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE; SET statement_timeout = 0; "
                            + "SET lock_timeout = 0; SET ROLE wall_other; SELECT pg_advisory_lock(71)");
                }
                return pid(c);
            });

            List<String> next = pools.withConnection(target, Duration.ofSeconds(7), SessionResetAttackTest::session);

            assertThat(next.get(0)).as("the same connection").isEqualTo(Integer.toString(pid));
            assertThat(next.subList(1, next.size())).containsExactly("on", "on", "7s", "10s", "t", "none", "0");
        }
    }

    @Test
    void shouldRunAQueryOnlyOnASessionThatIsAsSet() throws SQLException {
        Target target = Core.postgres(DB);
        CallCheck calls = new CallCheck(100, Duration.ofMinutes(1));
        String write = "SELECT count(*) FROM notes";
        try (PoolManager pools = onePool()) {
            ExecutionOutcome outcome = pools.withConnection(target, Duration.ofSeconds(7), c -> {
                c.setAutoCommit(true);
                try (Statement s = c.createStatement()) {
                    s.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE");
                }
                return QueryRunner.run(
                        c,
                        calls,
                        PoolManager.registration(target),
                        target.dialect(),
                        write,
                        Core.DEFAULT_LIMITS,
                        pools.transactionSettings(Duration.ofSeconds(7)));
            });

            assertThat(outcome.status()).isEqualTo(ExecutionStatus.ERROR);
            assertThat(outcome.error()).contains("not as set").contains("default_transaction_read_only=off");
            assertThat(outcome.sqlState()).startsWith("08");
        }
    }

    @Test
    void shouldKeepAWriteTheCallCheckMissedOutOfTheDatabase() throws SQLException {
        Target target = Core.postgres(DB);
        try (Connection c = LocalStack.targets().connect(DB);
                Statement s = c.createStatement()) {
            s.execute("CREATE OR REPLACE FUNCTION scribble() RETURNS int VOLATILE LANGUAGE plpgsql AS "
                    + "$$BEGIN INSERT INTO notes VALUES (71, 'written'); RETURN 1; END$$");
        }
        CallCheck missed = new CallCheck(100, Duration.ofMinutes(1));
        String sql = "SELECT scribble()";
        TransactionSettings settings =
                TransactionSettings.of(Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(30));
        // As if the check had allowed it: the read-only transaction is the wall left.
        missed.remember(CallCheck.key(PoolManager.registration(target), settings, sql), CallCheck.Decision.ALLOWED);
        SqlExecutor executor =
                new SqlExecutor(new SqlGuard(new SqlParser(1, Duration.ofSeconds(5))), onePool(), missed);

        ExecutionOutcome outcome = executor.executeChecked(target, sql, Core.DEFAULT_LIMITS, 1);

        assertThat(outcome.status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(outcome.sqlState()).isEqualTo("25006");
        assertThat(count("SELECT count(*) FROM notes WHERE id = 71")).isZero();
    }

    @Test
    void shouldEvictASessionThatCannotBeResetAndConnectAgain() throws SQLException {
        Target target = Core.postgres(DB);
        try (PoolManager pools = onePool()) {
            int killed = pools.withConnection(target, Duration.ofSeconds(7), c -> {
                int pid = pid(c);
                try (Connection admin = LocalStack.targets().connect(DB);
                        Statement s = admin.createStatement()) {
                    s.execute("SELECT pg_terminate_backend(" + pid + ")");
                }
                return pid;
            });

            List<String> next = pools.withConnection(target, Duration.ofSeconds(7), SessionResetAttackTest::session);

            assertThat(next.get(0)).isNotEqualTo(Integer.toString(killed));
            assertThat(next.get(1)).isEqualTo("on");
        }
    }

    private static PoolManager onePool() {
        return new PoolManager(
                new PoolManager.Settings(1, 1, Duration.ofMinutes(1), Duration.ofSeconds(10)), Core.connector());
    }

    private static int pid(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static List<String> session(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(SESSION)) {
            rs.next();
            return List.of(
                    rs.getString(1),
                    rs.getString(2),
                    rs.getString(3),
                    rs.getString(4),
                    rs.getString(5),
                    rs.getString(6),
                    rs.getString(7),
                    rs.getString(8));
        }
    }

    private static long count(String sql) throws SQLException {
        try (Connection c = LocalStack.targets().connect(DB);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
