package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.RealInfrastructure;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Runs against a real SQL Server when {@code SNAILBENCH_MSSQL_URL} (a {@code jdbc:sqlserver://} URL) and
 * {@code SNAILBENCH_MSSQL_USER} / {@code SNAILBENCH_MSSQL_PASSWORD} are set; reported as skipped otherwise (no
 * SQL Server can run on the build machines). Needs only read access: it creates nothing.
 * Beyond the in-memory tier: a real SQL Server's T-SQL, query timeout, row cap and error states.
 */
@EnabledIfEnvironmentVariable(named = "SNAILBENCH_MSSQL_URL", matches = "jdbc:sqlserver:.+")
@RealInfrastructure
class SqlServerIntegrationTest {

    private static Target target() {
        return new Target(
                "mssql-it",
                SqlDialect.SQLSERVER,
                System.getenv("SNAILBENCH_MSSQL_URL"),
                System.getenv("SNAILBENCH_MSSQL_USER"),
                System.getenv("SNAILBENCH_MSSQL_PASSWORD"),
                Map.of());
    }

    private static ExecutionOutcome run(String sql, ExecutionLimits limits) {
        return Core.executor().execute(target(), sql, limits, 1);
    }

    @Test
    void shouldRenderSqlServerValuesCanonically() {
        ExecutionOutcome outcome = run("""
                SELECT CAST(1.50 AS decimal(5,2)) AS money, CAST(0.1 AS float) AS f, CAST(NULL AS int) AS nothing,
                       CAST(1 AS bit) AS yes, CAST('2018-06-14' AS date) AS d,
                       CAST('2018-06-14T18:00:00' AS datetime2(0)) AS ts,
                       CAST('2018-06-14T18:00:00+03:00' AS datetimeoffset(0)) AS tz, CAST('18:00' AS time(0)) AS t,
                       0xDEAD AS raw, N'text' AS word, ISNULL(CAST(NULL AS int), 7) AS seven
                """, Core.DEFAULT_LIMITS);

        assertThat(outcome.status()).as(outcome.error()).isEqualTo(ExecutionStatus.OK);
        assertThat(outcome.columns())
                .extracting(ResultColumn::type)
                .containsExactly(
                        ValueType.NUMBER,
                        ValueType.NUMBER,
                        ValueType.NUMBER,
                        ValueType.BOOLEAN,
                        ValueType.DATE,
                        ValueType.TIMESTAMP,
                        ValueType.TIMESTAMP,
                        ValueType.TIME,
                        ValueType.BINARY,
                        ValueType.TEXT,
                        ValueType.NUMBER);
        assertThat(outcome.rows())
                .containsExactly(Arrays.asList(
                        "1.50",
                        "0.1",
                        null,
                        "true",
                        "2018-06-14",
                        "2018-06-14T18:00:00",
                        "2018-06-14T18:00:00+03:00",
                        "18:00:00",
                        "dead",
                        "text",
                        "7"));
    }

    @Test
    void shouldRunTsqlWithTopAndBrackets() {
        ExecutionOutcome outcome =
                run("SELECT TOP 3 [name] AS [object name] FROM [sys].[objects] ORDER BY [name]", Core.DEFAULT_LIMITS);

        assertThat(outcome.status()).as(outcome.error()).isEqualTo(ExecutionStatus.OK);
        assertThat(outcome.columns().get(0).name()).isEqualTo("object name");
        assertThat(outcome.rows()).hasSize(3);
    }

    @Test
    void shouldStopAQueryAtTheQueryTimeout() {
        ExecutionOutcome outcome = run(
                "SELECT COUNT_BIG(*) AS n FROM sys.all_objects a CROSS JOIN sys.all_objects b "
                        + "CROSS JOIN sys.all_objects c",
                Core.DEFAULT_LIMITS.withTimeout(Duration.ofSeconds(1)));

        assertThat(outcome.status()).isEqualTo(ExecutionStatus.TIMEOUT);
        assertThat(outcome.elapsedSeconds()).isLessThan(10);
    }

    @Test
    void shouldCapRowsAndSaySo() {
        ExecutionOutcome outcome = run(
                "SELECT a.object_id FROM sys.all_objects a CROSS JOIN sys.all_objects b",
                new ExecutionLimits(Duration.ofSeconds(30), 100, 1L << 20, 50));

        assertThat(outcome.rows()).hasSize(100);
        assertThat(outcome.truncated()).isTrue();
    }

    @Test
    void shouldRefuseWritesBeforeReachingTheServer() {
        assertThat(run("SELECT * INTO #copy FROM sys.objects", Core.DEFAULT_LIMITS)
                        .status())
                .isEqualTo(ExecutionStatus.REJECTED);
        assertThat(run("EXEC xp_cmdshell 'dir'", Core.DEFAULT_LIMITS).status()).isEqualTo(ExecutionStatus.REJECTED);
        assertThat(run("SELECT 1; WAITFOR DELAY '00:00:10'", Core.DEFAULT_LIMITS)
                        .status())
                .isEqualTo(ExecutionStatus.REJECTED);
    }

    @Test
    void shouldReportServerErrorsWithTheirState() {
        ExecutionOutcome outcome = run("SELECT [no_such_column] FROM [sys].[objects]", Core.DEFAULT_LIMITS);

        assertThat(outcome.status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(outcome.error()).contains("no_such_column");
        assertThat(outcome.sqlState()).isNotNull();
    }
}
