package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.executor.service.ExecutionLimits;
import dev.snailbench.executor.service.PoolManager;
import dev.snailbench.executor.service.QueryRunner;
import dev.snailbench.executor.service.statement.CallCheck;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.target.ReadBudget;
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
 * Attack suite, results larger than the executor keeps (real PostgreSQL): memory per query is bounded by bytes at
 * the driver's socket, not by a row count the driver reads ahead before the byte cap applies: the first batch is
 * small, later batches are sized by the widest row seen, and rows that grow past the read budget end the read with a
 * truncated result.
 * Beyond the in-memory tier: bytes read at a real PostgreSQL driver's socket.
 */
@RealInfrastructure
class ResultBudgetAttackTest {

    static final String DB = "wall_budget";
    static final ExecutionLimits ONE_MEBIBYTE = new ExecutionLimits(Duration.ofSeconds(30), 10_000, 1L << 20, 500);

    @BeforeAll
    static void createDatabase() throws SQLException {
        LocalStack.targets().createDatabase(DB);
        try (Connection c = LocalStack.targets().connect(DB);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS wide AS SELECT id, repeat(md5(id::text), 625) AS body "
                    + "FROM generate_series(1, 600) AS id");
        }
    }

    @Test
    void shouldReadOnlyAFirstBatchOfWideRowsNotTheWholeFetchSize() throws SQLException {
        Target target = Core.postgres(DB);
        // 20 kB rows, 1 MiB kept: a full fetch of 500 would read 10 MB before the cap applies. The server
        // counts the rows it produced in a transaction-local setting, read before the transaction ends.
        String sql = "SELECT id, body, set_config('wall.produced', (coalesce(nullif(current_setting('wall.produced', "
                + "true), ''), '0')::int + 1)::text, true) FROM wide ORDER BY id";
        CallCheck allowed = new CallCheck(10, Duration.ofMinutes(1));
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(1, 1, Duration.ofMinutes(1), Duration.ofSeconds(10)), Core.connector())) {
            allowed.remember(
                    CallCheck.key(
                            PoolManager.registration(target), pools.transactionSettings(ONE_MEBIBYTE.timeout()), sql),
                    CallCheck.Decision.ALLOWED);
            List<Object> seen = pools.withConnection(target, ONE_MEBIBYTE.timeout(), c -> {
                ExecutionOutcome outcome = QueryRunner.run(
                        c,
                        allowed,
                        PoolManager.registration(target),
                        target.dialect(),
                        sql,
                        ONE_MEBIBYTE,
                        pools.transactionSettings(ONE_MEBIBYTE.timeout()));
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT current_setting('wall.produced')")) {
                    rs.next();
                    return List.of(outcome, rs.getInt(1));
                }
            });
            ExecutionOutcome outcome = (ExecutionOutcome) seen.get(0);
            int produced = (Integer) seen.get(1);

            assertThat(outcome.status()).isEqualTo(ExecutionStatus.OK);
            assertThat(outcome.truncated()).isTrue();
            assertThat(outcome.rows()).hasSizeLessThan(60);
            assertThat((long) produced * 20_000).isLessThanOrEqualTo(ONE_MEBIBYTE.readBudget());
        }
    }

    @Test
    void shouldEndTheReadWhenRowsGrowPastTheReadBudget() {
        // 100 small rows make the next batch 500 rows; those are 2 MB each (1 GB): the budget ends the read.
        String sql = "SELECT id, CASE WHEN id <= 100 THEN 'x' ELSE repeat('y', 2000000) END AS body "
                + "FROM generate_series(1, 600) AS id";

        ExecutionOutcome outcome = Core.executor().execute(Core.postgres(DB), sql, ONE_MEBIBYTE, 1);

        assertThat(outcome.status()).isEqualTo(ExecutionStatus.OK);
        assertThat(outcome.truncated()).isTrue();
        assertThat(outcome.rows()).hasSize(100);
        // The broken connection was evicted: the next query runs.
        assertThat(Core.executor()
                        .execute(Core.postgres(DB), "SELECT 1", ONE_MEBIBYTE, 1)
                        .status())
                .isEqualTo(ExecutionStatus.OK);
    }

    @Test
    void shouldFailAReadPastTheBudgetAtTheSocket() throws SQLException {
        try (Connection c = Core.connector().readOnly(Core.postgres(DB), 0).getConnection();
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT repeat('z', 100000)")) {
                rs.next();
                assertThat(rs.getString(1)).hasSize(100_000);
            }
            try (ReadBudget.Scope budget = ReadBudget.open(50_000)) {
                assertThatThrownBy(() -> s.executeQuery("SELECT repeat('z', 100000)"))
                        .isInstanceOf(SQLException.class)
                        .satisfies(e -> assertThat(ReadBudget.exhausted(e)).isTrue());
            }
        }
    }
}
