package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.service.SqlExecutor;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Attack suite, one statement by the server's rules (real PostgreSQL): every text the driver would split, whatever
 * the quoting, comment or literal form that hides the split from a lexer, is refused before anything runs, through
 * the guard and without it; the server itself refuses a second command in the one Parse message the driver sends.
 * Nothing any attempt tried changed the database.
 * Beyond the in-memory tier: how PostgreSQL's driver and server split and refuse statements.
 */
@RealInfrastructure
class StatementWallAttackTest {

    static final String DB = "wall_statements";

    @BeforeAll
    static void createDatabase() throws SQLException {
        LocalStack.targets().createDatabase(DB);
        try (Connection c = LocalStack.targets().connect(DB);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS accounts (id int PRIMARY KEY, name text)");
            s.execute("INSERT INTO accounts VALUES (1, 'alice'), (2, 'bob') ON CONFLICT DO NOTHING");
        }
    }

    /** Texts pgjdbc reads as more than one statement under one reading of backslashes or the other. */
    static final List<String> SECOND_STATEMENTS = List.of(
            "SELECT 1; DELETE FROM accounts",
            "SELECT 1;COMMIT;SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE;DELETE FROM accounts",
            "SELECT E'\\''; COMMIT; DELETE FROM accounts; SELECT ''",
            "SELECT 'a\\'';COMMIT;DELETE FROM accounts;--'",
            "SELECT 'x\\'' AS a, ';SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE;--' AS b",
            "SELECT 'x\\''; COMMIT; DELETE FROM accounts; SELECT '''",
            "SELECT $$a$$; DELETE FROM accounts",
            "SELECT $t$ $$ $t$; SET ROLE postgres; DELETE FROM accounts",
            "SELECT 1 /* a /* nested */ comment */; RESET ALL; DELETE FROM accounts",
            "SELECT U&'\\0041'; SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE",
            "SELECT 1 -- comment\r; DELETE FROM accounts",
            "SELECT 1 -- comment\n; DELETE FROM accounts",
            "VALUES (1); DELETE FROM accounts; TABLE accounts",
            "SELECT 1 AS \"a;b\";DELETE FROM accounts");

    @Test
    void shouldRefuseEveryTextTheDriverSplitsBeforeAnythingRuns() {
        String before = fingerprint();
        SqlExecutor executor = Core.executor();
        Target target = Core.postgres(DB);
        for (String sql : SECOND_STATEMENTS) {
            ExecutionOutcome guarded = executor.execute(target, sql, Core.DEFAULT_LIMITS, 1);
            ExecutionOutcome unguarded = executor.executeChecked(target, sql, Core.DEFAULT_LIMITS, 1);
            assertThat(guarded.status()).as(sql).isEqualTo(ExecutionStatus.REJECTED);
            assertThat(unguarded.status()).as(sql).isEqualTo(ExecutionStatus.REJECTED);
            assertThat(unguarded.error()).as(sql).containsAnyOf("one statement", "the driver cannot read it");
        }
        assertThat(fingerprint()).isEqualTo(before);
    }

    @Test
    void shouldHaveTheServerRefuseASecondCommandTheDriverDoesNotSplit() {
        String before = fingerprint();
        // pgjdbc does not split after BEGIN ATOMIC: the two commands reach the server in one Parse message.
        String sql = "SELECT 1 AS begin, 2 AS atomic; DELETE FROM accounts";

        ExecutionOutcome outcome = Core.executor().executeChecked(Core.postgres(DB), sql, Core.DEFAULT_LIMITS, 1);

        assertThat(outcome.status()).isIn(ExecutionStatus.ERROR, ExecutionStatus.REJECTED);
        if (outcome.status() == ExecutionStatus.ERROR) {
            assertThat(outcome.error()).contains("multiple commands");
        }
        assertThat(fingerprint()).isEqualTo(before);
    }

    @Test
    void shouldStillRunOrdinaryQueriesWithEveryLiteralAndCommentForm() {
        SqlExecutor executor = Core.executor();
        Target target = Core.postgres(DB);
        List<String> ordinary = List.of(
                "SELECT name FROM accounts WHERE name <> E'semi;colon\\'s' ORDER BY id",
                "SELECT $$;$$ AS a, $tag$ ; $$ $tag$ AS b",
                "SELECT 1 /* one; /* nested; */ still a comment; */ AS a",
                "SELECT U&'d\\0061t\\+000061' AS word",
                "SELECT 'it''s' AS a -- trailing; comment",
                "SELECT id FROM accounts WHERE name = 'alice';");
        for (String sql : ordinary) {
            // The wall itself (the guard's parser refuses some of these forms: stricter, never the only check).
            ExecutionOutcome outcome = executor.executeChecked(target, sql, Core.DEFAULT_LIMITS, 1);
            assertThat(outcome.status()).as(sql + " -> " + outcome.error()).isEqualTo(ExecutionStatus.OK);
        }
    }

    @Test
    void shouldRefuseAJdbcParameterMarkerWithItsReason() {
        ExecutionOutcome outcome = Core.executor()
                .executeChecked(Core.postgres(DB), "SELECT id FROM accounts WHERE id = ?", Core.DEFAULT_LIMITS, 1);

        assertThat(outcome.status()).isEqualTo(ExecutionStatus.REJECTED);
        assertThat(outcome.error()).contains("parameter marker");
    }

    static String fingerprint() {
        try (Connection c = LocalStack.targets().connect(DB);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT string_agg(id || ':' || name, ',' ORDER BY id) FROM accounts")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
