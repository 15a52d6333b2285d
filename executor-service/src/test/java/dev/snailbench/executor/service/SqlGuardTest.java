package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.SqlGuard;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What the guard lets through and what it refuses, for both dialects (no database needed). */
class SqlGuardTest {

    private final SqlGuard guard = new SqlGuard(new SqlParser(1, Duration.ofSeconds(5)));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 1",
                "SELECT 1;",
                "SELECT t.teamname, count(*) OVER (PARTITION BY t.year) FROM national_team t ORDER BY 1",
                "WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT * FROM r",
                "SELECT DISTINCT ON (year) year, teamname FROM national_team ORDER BY year, teamname",
                "SELECT * FROM club c, LATERAL (SELECT 1 AS x) l",
                "SELECT 'DELETE FROM accounts; DROP TABLE x' AS harmless",
                "SELECT \"update\", \"delete\" FROM \"select\"",
                "SELECT data->>'name' FROM docs WHERE data @> '{\"a\":1}'",
                "SELECT count(*) FILTER (WHERE x > 1) FROM t",
                "SELECT lower(name), sleep_minutes FROM t -- pg_sleep(1) in a comment",
                "SELECT 'pg_sleep(10)' AS text_not_a_call",
                "(SELECT 1) UNION (SELECT 2) EXCEPT SELECT 3"
            })
    void shouldAllowReadOnlyPostgresQueries(String sql) {
        SqlGuard.Verdict verdict = guard.check(sql, SqlDialect.POSTGRESQL);

        assertThat(verdict.allowed()).as(verdict.reason()).isTrue();
        assertThat(verdict.normalizedSql()).isNotBlank();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT TOP 5 [Order ID], ISNULL([Freight], 0) AS f FROM [dbo].[Orders] WITH (NOLOCK) ORDER BY 1",
                "SELECT TOP (10) PERCENT * FROM [Sales].[Order Details]",
                "SELECT TOP (3) WITH TIES name FROM t ORDER BY score DESC",
                "SELECT name FROM t ORDER BY name OFFSET 10 ROWS FETCH NEXT 5 ROWS ONLY",
                "SELECT c.name, o.total FROM customers c CROSS APPLY (SELECT TOP 1 total FROM orders o2 "
                        + "WHERE o2.cid = c.id ORDER BY total DESC) o",
                "SELECT [a;b], [Order Details].[x] FROM [Order Details]",
                "SELECT LEN(name), GETDATE(), CONVERT(varchar(10), created, 120) FROM [t]",
                "WITH cte AS (SELECT TOP 10 * FROM [dbo].[t]) SELECT * FROM cte"
            })
    void shouldAllowReadOnlyTsqlQueries(String sql) {
        SqlGuard.Verdict verdict = guard.check(sql, SqlDialect.SQLSERVER);

        assertThat(verdict.allowed()).as(verdict.reason()).isTrue();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT * INTO #tmp FROM [dbo].[Orders]                       | INTO",
                "EXEC xp_cmdshell 'dir'                                       | only SELECT",
                "EXECUTE sp_executesql N'DELETE FROM t'                       | only SELECT",
                "SELECT * FROM OPENROWSET('SQLNCLI', 'Server=x;', 'SELECT 1') | openrowset",
                "SELECT * FROM OPENQUERY(linked, 'DELETE FROM t')             | openquery",
                "WAITFOR DELAY '00:00:10'                                     | ",
                "SELECT 1; DROP TABLE [Orders]                                | one statement",
                "SELECT [a;b] FROM t; DELETE FROM [t]                         | one statement",
                "UPDATE TOP (10) [t] SET x = 1                                | ",
                "DELETE FROM [dbo].[Orders]                                   | ",
                "TRUNCATE TABLE [dbo].[Orders]                                | ",
                "SELECT [xp_cmdshell]('dir')                                  | xp_cmdshell",
                "MERGE [t] AS target USING [s] ON target.id = s.id WHEN MATCHED THEN DELETE; | "
            })
    void shouldRefuseTsqlThatIsNotASingleReadOnlyQuery(String sql, String reasonPart) {
        SqlGuard.Verdict verdict = guard.check(sql, SqlDialect.SQLSERVER);

        assertThat(verdict.allowed()).isFalse();
        assertThat(verdict.reason()).isNotBlank();
        if (reasonPart != null) {
            assertThat(verdict.reason()).containsIgnoringCase(reasonPart.trim());
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "DELETE FROM t                                           | only SELECT",
                "WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d   | data-modifying",
                "SELECT * INTO copy FROM t                               | INTO",
                "SELECT 1; SELECT 2                                      | one statement",
                "SELECT pg_sleep(1)                                      | pg_sleep",
                "SELECT \"pg_sleep\"(1)                                  | pg_sleep",
                "SELECT * FROM t FOR UPDATE                              | FOR UPDATE",
                "SELEC 1 FROM                                            | parseable",
                "   \\n                                                     | empty"
            })
    void shouldExplainWhyPostgresSqlIsRefused(String sql, String reasonPart) {
        SqlGuard.Verdict verdict = guard.check(sql.replace("\\n", "\n"), SqlDialect.POSTGRESQL);

        assertThat(verdict.allowed()).isFalse();
        assertThat(verdict.reason()).containsIgnoringCase(reasonPart.trim());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT family, max(number) FROM INVERTEBRATES WHERE number IS NOT NULL GROUP BY family | sqlserver",
                "SELECT T0.Returns, Settings FROM OITM T0 WHERE window = 1                           | sqlserver",
                "SELECT returns, statement FROM t WHERE use = 1 AND number > 2                       | postgresql"
            })
    void shouldAllowColumnsNamedLikeWordsJsqlparserReserves(String sql, String dialect) {
        // SNAILS' CratersWildlifeObservations gold queries use a bare column "number", SBODemoUS "Returns".
        SqlGuard.Verdict verdict = guard.check(sql.trim(), SqlDialect.fromId(dialect.trim()));

        assertThat(verdict.allowed()).as(verdict.reason()).isTrue();
        assertThat(guard.check("SELECT number FROM t; DROP TABLE t", SqlDialect.SQLSERVER)
                        .reason())
                .contains("one statement");
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT a FROM t WHERE x = 1", "select   a\nfrom t where x=1"})
    void shouldNormalizeFormattingForTheGoldCache(String sql) {
        assertThat(guard.check(sql, SqlDialect.POSTGRESQL).normalizedSql()).isEqualTo("SELECT a FROM t WHERE x = 1");
    }

    @Test
    void shouldHandItsTreeOnlyToTheCheckThatParsedTheText() {
        SqlGuard remembering = new SqlGuard(new SqlParser(1, Duration.ofSeconds(5)), 10);
        String sql = "SELECT a, count(*) FROM t GROUP BY a ORDER BY a";

        SqlGuard.Checked first = remembering.checked(sql, SqlDialect.POSTGRESQL);
        SqlGuard.Checked again = remembering.checked(sql, SqlDialect.POSTGRESQL);

        assertThat(first.tree()).hasToString(first.verdict().normalizedSql());
        assertThat(again.verdict()).isEqualTo(first.verdict());
        assertThat(again.tree()).as("a remembered verdict keeps no tree").isNull();
        assertThat(remembering.checked("DELETE FROM t", SqlDialect.POSTGRESQL).tree())
                .isNull();
        assertThat(guard.checked(sql, SqlDialect.POSTGRESQL).tree())
                .as("without a cache, every check parses")
                .isNotNull();
    }
}
