package dev.snailbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.localstack.Postgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks' CPU figures for PostgreSQL count every backend that worked, also one that ended meanwhile.
 * Beyond the in-memory tier: a real PostgreSQL server's backend processes and their CPU times.
 */
@RealInfrastructure
class CpuTimesTest {

    @Test
    void shouldKeepTheCpuOfABackendThatEndedDuringTheMeasurement() throws Exception {
        Postgres pg = LocalStack.postgres();
        Connection connection = DriverManager.getConnection(
                pg.jdbcUrl(pg.platformDatabase()), Postgres.PLATFORM_USER, Postgres.PLATFORM_PASSWORD);
        long backend = backendPid(connection);
        burn(connection);

        double before = CpuTimes.serverCpu(pg);
        double backendBefore = cpu(backend);
        burn(connection);
        double backendAtClose = cpu(backend);
        connection.close();
        awaitGone(backend);
        double used = CpuTimes.serverCpu(pg) - before;

        // The backend's CPU from before the measurement must not be taken out of it when the backend ends.
        assertThat(backendAtClose - backendBefore).isGreaterThan(0.05);
        assertThat(used).isGreaterThanOrEqualTo(backendAtClose - backendBefore - 0.02);
    }

    private static long backendPid(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A few hundred milliseconds of the backend's CPU. */
    private static void burn(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT sum(g) FROM generate_series(1, 3000000) g")) {
            rs.next();
        }
    }

    private static double cpu(long pid) {
        return ProcessHandle.of(pid)
                        .orElseThrow()
                        .info()
                        .totalCpuDuration()
                        .orElseThrow()
                        .toNanos()
                / 1e9;
    }

    /** Until the postmaster has reaped the backend (its /proc entry is gone). */
    private static void awaitGone(long pid) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (ProcessHandle.of(pid).isPresent()) {
            assertThat(Instant.now()).as("backend %d still running", pid).isBefore(deadline);
            Thread.sleep(20);
        }
    }
}
