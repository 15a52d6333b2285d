package dev.snailbench.executor.service;

import static dev.snailbench.model.domain.ResultColumn.ValueType.BINARY;
import static dev.snailbench.model.domain.ResultColumn.ValueType.BOOLEAN;
import static dev.snailbench.model.domain.ResultColumn.ValueType.DATE;
import static dev.snailbench.model.domain.ResultColumn.ValueType.NUMBER;
import static dev.snailbench.model.domain.ResultColumn.ValueType.OTHER;
import static dev.snailbench.model.domain.ResultColumn.ValueType.TEXT;
import static dev.snailbench.model.domain.ResultColumn.ValueType.TIME;
import static dev.snailbench.model.domain.ResultColumn.ValueType.TIMESTAMP;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.support.Core;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Results come back in the canonical typed form the scorer compares exactly.
 * Beyond the in-memory tier: PostgreSQL's own types rendered canonically, its error messages and SQLSTATEs kept.
 */
// A @QuarkusTest only to share the module's PostgreSQL (and loaded FootballDB) with the other Quarkus tests:
// local-stack keeps one server per class loader, and plain tests run in another one.
@QuarkusTest
@RealInfrastructure
class CanonicalValuesTest {

    @Test
    void shouldRenderPostgresValuesCanonically() {
        ExecutionOutcome outcome = Core.executor().execute(Core.postgres("postgres"), """
                SELECT 1.50::numeric(5,2) AS money, 0.1::float8 + 0.2::float8 AS sum, 0.1::float4 AS real,
                       1e-5::float8 AS tiny, 12345678901234567890::numeric AS big, NULL::int AS nothing,
                       true AS yes, DATE '2018-06-14' AS day, TIMESTAMP '2018-06-14 18:00:00' AS at,
                       TIMESTAMPTZ '2018-06-14 18:00:00+03' AS atz, TIME '18:00' AS clock, '\\xdead'::bytea AS raw,
                       'text'::text AS word, 42::int8 AS answer, 'NaN'::numeric AS nan, 'infinity'::date AS forever,
                       interval '1 day' AS span, ARRAY[1, 2] AS list, 100::float8 AS hundred
                """, Core.DEFAULT_LIMITS, 1);

        assertThat(outcome.status()).as(outcome.error()).isEqualTo(ExecutionStatus.OK);
        assertThat(outcome.columns())
                .extracting(ResultColumn::type)
                .containsExactly(
                        NUMBER, NUMBER, NUMBER, NUMBER, NUMBER, NUMBER, BOOLEAN, DATE, TIMESTAMP, TIMESTAMP, TIME,
                        BINARY, TEXT, NUMBER, NUMBER, DATE, OTHER, OTHER, NUMBER);
        assertThat(outcome.columns()).extracting(ResultColumn::name).startsWith("money", "sum", "real");
        assertThat(outcome.rows())
                .containsExactly(Arrays.asList(
                        "1.50",
                        "0.30000000000000004",
                        "0.1",
                        "0.00001",
                        "12345678901234567890",
                        null,
                        "true",
                        "2018-06-14",
                        "2018-06-14T18:00:00",
                        "2018-06-14T15:00:00Z",
                        "18:00:00",
                        "dead",
                        "text",
                        "42",
                        "NaN",
                        "infinity",
                        "1 day",
                        "{1,2}",
                        "100"));
        assertThat(outcome.elapsedSeconds()).isGreaterThan(0);
    }

    @Test
    void shouldKeepTheDatabaseMessageAndSqlStateOfAnError() {
        ExecutionOutcome outcome = Core.executor()
                .execute(Core.postgres("postgres"), "SELECT no_such_column FROM pg_class", Core.DEFAULT_LIMITS, 1);

        assertThat(outcome.status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(outcome.sqlState()).isEqualTo("42703");
        assertThat(outcome.error()).contains("no_such_column");
    }

    @Test
    void shouldReportTheMedianTimeOfRepeatedRuns() {
        assertThat(SqlExecutor.median(List.of(0.3, 0.1, 0.2))).isEqualTo(0.2);
        assertThat(SqlExecutor.median(List.of(0.4, 0.1, 0.2, 0.3))).isEqualTo(0.25);
    }
}
