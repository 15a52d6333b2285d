package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.SqlGuard;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Attack suite, one statement on SQL Server (no server here: the guard's reading of the text the driver sends). T-SQL
 * needs no semicolon between statements, nests block comments, has no backslash escape in strings, doubles {@code ]}
 * inside brackets, and mssql-jdbc turns {@code {call ...}} into {@code EXEC}: every batch the server would run as more
 * than one statement is refused.
 */
class SqlServerBatchAttackTest {

    private final SqlGuard guard = new SqlGuard(new SqlParser(1, Duration.ofSeconds(5)));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 1 SELECT 2",
                "SELECT name FROM sys.tables WAITFOR DELAY '00:00:10'",
                "SELECT 1 AS a EXEC xp_cmdshell 'dir'",
                "SELECT 1 AS a EXEC('SHUTDOWN')",
                "SELECT 1 AS a EXECUTE sp_configure 'show advanced options', 1",
                "SELECT 1 AS a DECLARE @x int",
                "SELECT 1 AS a GO SELECT 2",
                "SELECT 1 AS a; UPDATE t SET x = 1",
                "SELECT 'a\\' ; EXEC xp_cmdshell 'dir' --'",
                "SELECT 'a\\' AS b; DELETE FROM t --'",
                "SELECT 1 AS [a]; DELETE FROM t; SELECT 1 AS [b]",
                "SELECT 1 AS [a]]; DELETE FROM t; SELECT 1 AS [b]",
                "SELECT 1 AS a /* /* */ */ DELETE FROM t",
                "SELECT 1 AS a -- c\r DELETE FROM t",
                "{call xp_cmdshell('dir')}",
                "SELECT 1 AS a {call sp_who}",
                "SELECT x FROM t WHERE x IN (SELECT 1) SHUTDOWN",
                "SELECT 1 AS a BEGIN TRAN UPDATE t SET x = 1 COMMIT",
                "SELECT 1 AS a IF 1 = 1 DELETE FROM t",
                "WITH c AS (SELECT 1 AS x) SELECT x FROM c REVERT",
                "SELECT 1 AS a SET NOCOUNT ON",
                "SELECT x FROM t SHUTDOWN",
                "SELECT x FROM t AS a CHECKPOINT",
                "SELECT x FROM t REVERT",
                "SELECT 1 reconfigure",
                "SELECT x FROM t /* a /* nested */ comment */ Kill 53",
                // Statements that begin with a word SQL Server does not reserve: JSqlParser cannot read one query.
                "SELECT x FROM t a DISABLE TRIGGER ALL ON t",
                "SELECT 1 AS a RECEIVE TOP (1) * FROM q",
                "SELECT x FROM t a END CONVERSATION h",
                "SELECT x FROM t a MOVE CONVERSATION h TO g",
                "SELECT x FROM t a SEND ON CONVERSATION h"
            })
    void shouldRefuseEveryBatchOfMoreThanOneStatement(String sql) {
        SqlGuard.Verdict verdict = guard.check(sql, SqlDialect.SQLSERVER);

        assertThat(verdict.allowed()).as(sql).isFalse();
        assertThat(verdict.reason()).isNotBlank();
    }

    @Test
    void shouldStillAllowOneQueryWithEveryQuotingForm() {
        for (String sql : new String[] {
            "SELECT TOP 5 [name] AS [open], [shutdown] FROM sys.tables AS [update] ORDER BY [name]",
            "SELECT p.[close] AS closing FROM prices AS p ORDER BY 1 OFFSET 0 ROWS FETCH NEXT 5 ROWS ONLY",
            "SELECT N'it''s; DELETE FROM t' AS a",
            "SELECT 'a\\' AS b",
            "SELECT 1 AS a /* one; /* nested; */ still a comment; */",
            "SELECT 1 AS a -- trailing; comment",
            "WITH c AS (SELECT 1 AS x) SELECT x FROM c"
        }) {
            SqlGuard.Verdict verdict = guard.check(sql, SqlDialect.SQLSERVER);
            assertThat(verdict.allowed()).as(sql + " -> " + verdict.reason()).isTrue();
        }
    }
}
