package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.service.statement.CallCheck;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.executor.support.HostileDb;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.SqlGuard;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Timeouts, caps and read-only each proven on the real PostgreSQL.
 * Beyond the in-memory tier: PostgreSQL's own timeouts, caps and read-only refusals.
 */
// A @QuarkusTest only to share the module's PostgreSQL (and loaded FootballDB) with the other Quarkus tests:
// local-stack keeps one server per class loader, and plain tests run in another one.
@QuarkusTest
@RealInfrastructure
class SafetyLimitsTest {

    /** Up to a second of CPU, less on a fast machine: a nested loop over 9 million pairs. */
    static final String SLOW = "SELECT count(*) AS n FROM generate_series(1, 3000) a, generate_series(1, 3000) b";

    /**
     * Hours of CPU on any machine (10^10 pairs): only a timeout ends it, so a test that expects one cannot see the
     * query finish first on a fast machine.
     */
    static final String ENDLESS =
            "SELECT count(*) AS n FROM generate_series(1, 100000) a, generate_series(1, 100000) b";

    @BeforeAll
    static void createDatabase() {
        HostileDb.create();
    }

    @Test
    void shouldStopAQueryAtTheServerSideTimeout() {
        long start = System.nanoTime();
        ExecutionOutcome outcome = run(ENDLESS, Core.DEFAULT_LIMITS.withTimeout(Duration.ofMillis(200)));
        double wall = (System.nanoTime() - start) / 1e9;

        assertThat(outcome.status()).isEqualTo(ExecutionStatus.TIMEOUT);
        assertThat(outcome.sqlState()).isEqualTo("57014");
        assertThat(outcome.error()).contains("statement timeout");
        assertThat(wall).isLessThan(3.0);
    }

    @Test
    void shouldLetASlowQueryFinishUnderALongerTimeout() {
        ExecutionOutcome outcome = run(SLOW, Core.DEFAULT_LIMITS.withTimeout(Duration.ofSeconds(60)));

        assertThat(outcome.status()).isEqualTo(ExecutionStatus.OK);
        assertThat(outcome.rows()).containsExactly(List.of("9000000"));
    }

    @Test
    void shouldKeepNoMoreRowsThanTheCapAndSaySo() {
        var limits = new ExecutionLimits(Duration.ofSeconds(30), 1000, 1L << 30, 100);

        ExecutionOutcome capped = run("SELECT g FROM generate_series(1, 100000) g ORDER BY g", limits);
        ExecutionOutcome exact = run("SELECT g FROM generate_series(1, 1000) g", limits);

        assertThat(capped.rows()).hasSize(1000);
        assertThat(capped.rows().get(999)).containsExactly("1000");
        assertThat(capped.truncated()).isTrue();
        assertThat(exact.rows()).hasSize(1000);
        assertThat(exact.truncated()).isFalse();
    }

    @Test
    void shouldKeepNoMoreBytesThanTheCapAndSaySo() {
        var limits = new ExecutionLimits(Duration.ofSeconds(30), 10_000, 10_000, 100);

        ExecutionOutcome outcome = run("SELECT repeat('x', 1000) AS s FROM generate_series(1, 100)", limits);

        // The cap counts what the cells take in the result event's JSON: 1,000 bytes of text + quotes and comma.
        assertThat(outcome.rows()).hasSize(9);
        assertThat(outcome.truncated()).isTrue();
    }

    @Test
    void shouldStreamAHugeResultInsteadOfLoadingIt() {
        // About 1 GB of text if fetched whole, more than the test JVM's heap.
        var limits = new ExecutionLimits(Duration.ofSeconds(30), 50, 1L << 30, 10);

        ExecutionOutcome outcome = run("SELECT generate_series(1, 5000000) AS g, repeat('y', 200) AS pad", limits);

        assertThat(outcome.status()).isEqualTo(ExecutionStatus.OK);
        assertThat(outcome.rows()).hasSize(50);
        assertThat(outcome.truncated()).isTrue();
        assertThat(outcome.elapsedSeconds()).isLessThan(10);
    }

    @Test
    void shouldRefuseWritesAtTheServerWhenTheGuardCannotSeeThem() {
        String before = HostileDb.fingerprint();

        ExecutionOutcome outcome = run("SELECT evil_insert()", Core.DEFAULT_LIMITS);

        // Refused on what PostgreSQL resolved: a volatile function (the read-only transaction stops a write the
        // check would miss: SessionResetAttackTest).
        assertThat(outcome.status()).isEqualTo(ExecutionStatus.REJECTED);
        assertThat(outcome.error()).contains("evil_insert()", "volatile");
        assertThat(HostileDb.fingerprint()).isEqualTo(before);
    }

    @Test
    void shouldRefuseWritesAtTheServerEvenWithoutTheGuard() throws Exception {
        String before = HostileDb.fingerprint();
        PoolManager pools = new PoolManager(
                new PoolManager.Settings(1, 1, Duration.ofMinutes(1), Duration.ofSeconds(10)), Core.connector());
        try (pools) {
            // The runner alone, as if the guard had let a DELETE through: the server's reading refuses it.
            Target target = Core.postgres(HostileDb.NAME);
            ExecutionOutcome outcome = pools.withConnection(
                    target,
                    c -> QueryRunner.run(
                            c,
                            new CallCheck(0, Duration.ZERO),
                            PoolManager.registration(target),
                            target.dialect(),
                            "DELETE FROM accounts RETURNING id",
                            Core.DEFAULT_LIMITS,
                            pools.transactionSettings(Duration.ofSeconds(30))));

            assertThat(outcome.status()).isEqualTo(ExecutionStatus.REJECTED);
            assertThat(outcome.error()).contains("only queries may run");
        }
        assertThat(HostileDb.fingerprint()).isEqualTo(before);
    }

    @Test
    void shouldKeepTheTimeoutOfOneQueryOutOfTheNextOnTheSameConnection() {
        var oneConnection = new SqlExecutor(
                new SqlGuard(new SqlParser(1, Duration.ofSeconds(5))),
                new PoolManager(
                        new PoolManager.Settings(1, 1, Duration.ofMinutes(1), Duration.ofSeconds(10)),
                        Core.connector()));

        ExecutionOutcome shortRun = oneConnection.execute(
                Core.postgres(HostileDb.NAME), ENDLESS, Core.DEFAULT_LIMITS.withTimeout(Duration.ofMillis(100)), 1);
        ExecutionOutcome setting = oneConnection.execute(
                Core.postgres(HostileDb.NAME),
                "SELECT current_setting('statement_timeout') AS t, current_setting('transaction_read_only') AS ro",
                Core.DEFAULT_LIMITS.withTimeout(Duration.ofSeconds(7)),
                1);

        assertThat(shortRun.status()).isEqualTo(ExecutionStatus.TIMEOUT);
        assertThat(setting.rows()).containsExactly(List.of("7s", "on"));
    }

    @Test
    void shouldReportAMissingDatabaseAsAnErrorWithItsSqlState() {
        ExecutionOutcome outcome =
                Core.executor().execute(Core.postgres("no_such_database"), "SELECT 1", Core.DEFAULT_LIMITS, 1);

        assertThat(outcome.status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(outcome.error()).contains("no_such_database");
        assertThat(outcome.sqlState()).isNotNull();
    }

    private static ExecutionOutcome run(String sql, ExecutionLimits limits) {
        return Core.executor().execute(Core.postgres(HostileDb.NAME), sql, limits, 1);
    }
}
