package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.guard.SqlGuard;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Types;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The SQL Server side of execution that needs no server: types, timeouts, quoting. */
class TsqlHandlingTest {

    @Test
    void shouldMapSqlServerTypesToCanonicalFamilies() {
        assertThat(CanonicalValues.typeOf(Types.BIT, "bit", SqlDialect.SQLSERVER))
                .isEqualTo(ValueType.BOOLEAN);
        assertThat(CanonicalValues.typeOf(Types.BIT, "bit", SqlDialect.POSTGRESQL))
                .isEqualTo(ValueType.OTHER);
        assertThat(CanonicalValues.typeOf(-155, "datetimeoffset", SqlDialect.SQLSERVER))
                .isEqualTo(ValueType.TIMESTAMP);
        assertThat(CanonicalValues.typeOf(Types.NVARCHAR, "nvarchar", SqlDialect.SQLSERVER))
                .isEqualTo(ValueType.TEXT);
        assertThat(CanonicalValues.typeOf(Types.DECIMAL, "money", SqlDialect.SQLSERVER))
                .isEqualTo(ValueType.NUMBER);
        assertThat(CanonicalValues.typeOf(Types.TIMESTAMP, "datetime2", SqlDialect.SQLSERVER))
                .isEqualTo(ValueType.TIMESTAMP);
        assertThat(CanonicalValues.typeOf(Types.VARBINARY, "varbinary", SqlDialect.SQLSERVER))
                .isEqualTo(ValueType.BINARY);
    }

    @Test
    void shouldRoundTheSqlServerQueryTimeoutUpToWholeSeconds() {
        ExecutionLimits limits = new ExecutionLimits(Duration.ofMillis(1500), 10, 10, 10);

        assertThat(QueryRunner.queryTimeoutSeconds(SqlDialect.SQLSERVER, limits))
                .isEqualTo(2);
        assertThat(QueryRunner.queryTimeoutSeconds(SqlDialect.SQLSERVER, limits.withTimeout(Duration.ofMillis(10))))
                .isEqualTo(1);
        // PostgreSQL's server-side timeout fires first; the client one is only a backstop.
        assertThat(QueryRunner.queryTimeoutSeconds(SqlDialect.POSTGRESQL, limits))
                .isGreaterThan(2);
    }

    @Test
    void shouldClassifyTheDriversTimeoutAsATimeout() {
        assertThat(QueryRunner.failure(new SQLException("The query has timed out.", "HY008"), SqlDialect.SQLSERVER, 1)
                        .status())
                .isEqualTo(ExecutionStatus.TIMEOUT);
        assertThat(QueryRunner.failure(new SQLTimeoutException("timed out"), SqlDialect.SQLSERVER, 1)
                        .status())
                .isEqualTo(ExecutionStatus.TIMEOUT);
        assertThat(QueryRunner.failure(
                                new SQLException("Invalid column name 'x'.", "S0001", 207), SqlDialect.SQLSERVER, 1)
                        .status())
                .isEqualTo(ExecutionStatus.ERROR);
    }

    @Test
    void shouldQuoteIdentifiersForEachDialect() {
        assertThat(IdentifierQuoting.quote("Order]Details", SqlDialect.SQLSERVER))
                .isEqualTo("[Order]]Details]");
        assertThat(IdentifierQuoting.quote("a\"b", SqlDialect.POSTGRESQL)).isEqualTo("\"a\"\"b\"");
    }

    @Test
    void shouldFindDeniedCallsWhateverTheTsqlQuoting() {
        assertThat(SqlGuard.deniedCall("SELECT [dbo].[xp_cmdshell]('dir')", SqlDialect.SQLSERVER))
                .isEqualTo("xp_cmdshell");
        assertThat(SqlGuard.deniedCall("SELECT 'xp_cmdshell(1)' AS s, [name] FROM t", SqlDialect.SQLSERVER))
                .isNull();
        assertThat(SqlGuard.deniedCall(
                        "SELECT * FROM OPENROWSET(BULK 'c:\\x', SINGLE_CLOB) AS x", SqlDialect.SQLSERVER))
                .isEqualTo("openrowset");
    }
}
