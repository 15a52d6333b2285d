package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.executor.service.PoolManager;
import dev.snailbench.executor.service.targets.ConnectionErrors;
import dev.snailbench.executor.service.targets.SessionGuard;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.executor.support.Core;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Attack suite, sessions (real PostgreSQL): a session whose read-only or limits are not as the executor set them is
 * refused; pooled sessions are read-only with the timeouts whatever the tenant's URL asked; the socket check refuses an
 * address the rules refuse even when a pool was somehow made for it; connection failures are categories.
 * Beyond the in-memory tier: real PostgreSQL sessions' settings and connection failures.
 */
@RealInfrastructure
class SessionAttackTest {

    private static final SessionGuard.Limits LIMITS =
            new SessionGuard.Limits(Duration.ofSeconds(7), Duration.ofSeconds(30), Duration.ofSeconds(10));

    @Test
    void shouldRefuseASessionWhoseReadOnlyIsOff() throws SQLException {
        Postgres pg = LocalStack.targets();
        pg.createDatabase("session_attack");
        try (Connection c = pg.connect("session_attack")) {
            SessionGuard.prepare(c, SqlDialect.POSTGRESQL, LIMITS);
            try (Statement s = c.createStatement()) {
                // What ?options=-c default_transaction_read_only=off would give a tenant.
                s.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE");
            }
            assertThatThrownBy(() -> SessionGuard.verify(c, SqlDialect.POSTGRESQL, LIMITS))
                    .isInstanceOf(SessionGuard.UnsafeSession.class)
                    .hasMessageContaining("default_transaction_read_only is off");
            try (Statement s = c.createStatement()) {
                s.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY; SET statement_timeout = 0");
            }
            assertThatThrownBy(() -> SessionGuard.verify(c, SqlDialect.POSTGRESQL, LIMITS))
                    .isInstanceOf(SessionGuard.UnsafeSession.class)
                    .hasMessageContaining("statement_timeout is 0");
        }
    }

    @Test
    void shouldHandOutOnlyReadOnlySessionsWithTheExecutorsTimeouts() throws SQLException {
        Target target = Core.postgres("session_attack");
        LocalStack.targets().createDatabase("session_attack");
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(1, 1, Duration.ofMinutes(1), Duration.ofSeconds(10)), Core.connector())) {
            Map<String, String> settings = pools.withConnection(target, Duration.ofSeconds(3), c -> {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT "
                                + "current_setting('default_transaction_read_only'), current_setting('statement_timeout'), "
                                + "current_setting('idle_in_transaction_session_timeout'), current_setting('lock_timeout'), "
                                + "current_setting('application_name')")) {
                    rs.next();
                    return Map.of(
                            "ro",
                            rs.getString(1),
                            "st",
                            rs.getString(2),
                            "idle",
                            rs.getString(3),
                            "lock",
                            rs.getString(4),
                            "app",
                            rs.getString(5));
                }
            });
            assertThat(settings)
                    .containsEntry("ro", "on")
                    .containsEntry("st", "3s")
                    .containsEntry("idle", "30s")
                    .containsEntry("lock", "10s")
                    .containsEntry("app", "snailbench-executor");
        }
    }

    @Test
    void shouldRefuseAtTheSocketAnAddressTheRulesRefuse() throws Exception {
        // Nothing checked this target before the pool: the socket factory still refuses it.
        TargetConnector strict = new TargetConnector(
                new TargetPolicy(List.of(), List.of(), TargetPolicy::dns),
                new TargetConnector.Settings(
                        Duration.ofSeconds(3), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5)));
        DataSource ds = strict.readOnly(Core.postgres("session_attack"), 0);

        assertThatThrownBy(ds::getConnection)
                .isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(ConnectionErrors.categorize(e))
                        .isEqualTo(ConnectionErrors.Category.REFUSED_BY_POLICY))
                // Only a refused address is told to ask the operator for a network.
                .satisfies(e -> assertThat(ConnectionErrors.describe(
                                        e, Core.postgres("session_attack").where())
                                .message())
                        .contains("is not an allowed target")
                        .contains("allowed-networks"));
    }

    @Test
    void shouldReportConnectionFailuresAsCategoriesWithoutTheDriversText() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        TargetConnector allowed = new TargetConnector(
                new TargetPolicy(List.of("127.0.0.1"), List.of(), TargetPolicy::dns),
                new TargetConnector.Settings(
                        Duration.ofSeconds(3), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5)));
        Target nothingThere = new Target(
                "t", SqlDialect.POSTGRESQL, "jdbc:postgresql://127.0.0.1:" + closedPort + "/x", "u", "p", Map.of());
        Target wrongPassword = new Target(
                "t",
                SqlDialect.POSTGRESQL,
                Core.postgres("session_attack").jdbcUrl(),
                Postgres.USER,
                "not-the-password",
                Map.of());
        Target noDatabase = Core.postgres("no_such_database_here");

        // Each failed connection is waited for as long as the pool's connect timeout: the service's 2 s.
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(1, 1, Duration.ofMinutes(1), Duration.ofSeconds(2)), allowed)) {
            LocalStack.targets().createDatabase("session_attack");
            assertThatThrownBy(() -> pools.withConnection(nothingThere, c -> 1))
                    .isInstanceOf(SQLException.class)
                    .hasMessage("nothing listens on 127.0.0.1:" + closedPort + ": the server refused the connection "
                            + "(check the host and the port)")
                    .satisfies(
                            e -> assertThat(ConnectionErrors.categorize(e).id()).isEqualTo("refused"));
            assertThatThrownBy(() -> pools.withConnection(noDatabase, c -> 1))
                    .isInstanceOf(SQLException.class)
                    .hasMessage(ConnectionErrors.Category.DATABASE_DOES_NOT_EXIST.message(noDatabase.where(), null))
                    .hasMessageStartingWith("database \"no_such_database_here\" does not exist on ");
            assertThatThrownBy(() -> pools.withConnection(wrongPassword, c -> 1))
                    .isInstanceOf(SQLException.class)
                    .hasMessage(ConnectionErrors.Category.AUTH_FAILED.message(wrongPassword.where(), null))
                    .hasMessageStartingWith("authentication failed for login \"" + Postgres.USER + "\" on ")
                    .satisfies(
                            e -> assertThat(ConnectionErrors.categorize(e).id()).isEqualTo("auth_failed"));
        }
    }
}
