package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Attack suite, shared logins (real PostgreSQL with FootballDB): each tenant gets its own FootballDB login
 * ({@link FootballDb#loginFor}), so the session the executor opens for one tenant sees no other tenant's running SQL
 * in {@code pg_stat_activity} and PostgreSQL refuses to cancel another tenant's query; the control shows what one
 * shared login would have given away.
 * Beyond the in-memory tier: what PostgreSQL shows and refuses to one tenant's login about another's.
 */
@RealInfrastructure
class SharedLoginAttackTest {

    private static final String SECRET = "gold of tenant A: a secret predicate";

    private static Postgres pg;

    @BeforeAll
    static void footballDb() {
        pg = LocalStack.targetsWithFootballDb();
    }

    @Test
    void shouldGiveEachTenantALoginOfItsOwnThatCanOnlyRead() {
        FootballDb.Login a = FootballDb.loginFor(pg::connect, "tenant A");
        FootballDb.Login b = FootballDb.loginFor(pg::connect, "tenant-a");
        FootballDb.Login again = FootballDb.loginFor(pg::connect, "tenant A");

        assertThat(a.user())
                .startsWith("footballdb_tenant_a_")
                .isNotEqualTo(b.user())
                .isEqualTo(again.user());
        assertThat(again.password()).isNotEqualTo(a.password());
        // The renewed password is the one that works.
        assertThatThrownBy(() -> DriverManager.getConnection(pg.jdbcUrl("footballdb_v1"), a.user(), a.password())
                        .close())
                .isInstanceOf(SQLException.class);
        // The executor's strict login check (Core allows only the test kit's superuser) opens its sessions.
        Target target = target(again, "footballdb_v2");
        assertThat(((Number) query(target, "SELECT count(*) FROM exp_v2.national_team")
                                .get(0)
                                .get(0))
                        .longValue())
                .isPositive();
    }

    @Test
    void shouldShowNoOtherTenantsRunningSqlAndRefuseToCancelIt() throws Exception {
        FootballDb.Login a = FootballDb.loginFor(pg::connect, "window-a");
        FootballDb.Login b = FootballDb.loginFor(pg::connect, "window-b");
        try (Connection aSession = DriverManager.getConnection(pg.jdbcUrl("footballdb_v1"), a.user(), a.password());
                Connection aWatcher =
                        DriverManager.getConnection(pg.jdbcUrl("footballdb_v1"), a.user(), a.password())) {
            int aPid = pid(aSession);
            // Tenant A's job is running a query (its text holds A's gold).
            CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
                try (Statement s = aSession.createStatement()) {
                    s.execute("SELECT pg_sleep(4), '" + SECRET + "'");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            Awaitility.await()
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> activityOf(aWatcher, aPid).contains(SECRET));

            // Tenant B, through the session the executor opens for it: A's session is there, its SQL is not.
            List<List<Object>> seenByB = query(
                    target(b, "footballdb_v1"),
                    "SELECT pid, usename, " + "coalesce(query, '') FROM pg_catalog.pg_stat_activity WHERE pid = "
                            + aPid);
            assertThat(seenByB).hasSize(1);
            assertThat(seenByB.get(0).get(2).toString()).doesNotContain(SECRET).isEqualTo("<insufficient privilege>");
            // And B cannot stop it: PostgreSQL refuses (the guard refuses pg_cancel_backend before that).
            try (Connection bSession =
                            DriverManager.getConnection(pg.jdbcUrl("footballdb_v1"), b.user(), b.password());
                    Statement s = bSession.createStatement()) {
                assertThatThrownBy(() -> s.execute("SELECT pg_cancel_backend(" + aPid + ")"))
                        .isInstanceOf(SQLException.class)
                        .satisfies(e ->
                                assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
            }
            // The control: a second session of A's own login reads the text (what a shared login gives away).
            assertThat(activityOf(aWatcher, aPid)).contains(SECRET);
            running.get();
        }
    }

    private static Target target(FootballDb.Login login, String database) {
        return new Target(
                "shared-login-" + login.user(),
                SqlDialect.POSTGRESQL,
                pg.jdbcUrl(database),
                login.user(),
                login.password(),
                Map.of());
    }

    /** Rows of a query run on a session the executor opens (address rules, read-only, login check). */
    private static List<List<Object>> query(Target target, String sql) {
        try (Connection c = Core.connector().readOnly(target, 0).getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            List<List<Object>> rows = new ArrayList<>();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.add(rs.getObject(i));
                }
                rows.add(row);
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int pid(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static String activityOf(Connection watcher, int pid) throws SQLException {
        try (Statement s = watcher.createStatement();
                ResultSet rs = s.executeQuery("SELECT coalesce(query, '') FROM pg_stat_activity WHERE pid = " + pid)) {
            return rs.next() ? rs.getString(1) : "";
        }
    }
}
