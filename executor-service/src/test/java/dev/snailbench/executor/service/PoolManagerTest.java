package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.executor.service.targets.LoginPrivileges;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.executor.support.Core;
import dev.snailbench.executor.support.HostileDb;
import dev.snailbench.executor.support.SwitchableProxy;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.PostgresTestResource;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pools: created on demand, bounded per database and per tenant, closed when idle.
 * Beyond the in-memory tier: real connections counted per pool, a dead host's circuit, pools bound to real passwords.
 */
// A @QuarkusTest only to share the module's PostgreSQL (and loaded FootballDB) with the other Quarkus tests:
// local-stack keeps one server per class loader, and plain tests run in another one.
@QuarkusTest
@RealInfrastructure
class PoolManagerTest {

    @BeforeAll
    static void createDatabase() {
        HostileDb.create();
    }

    @Test
    void shouldNeverOpenMoreConnectionsToADatabaseThanItsPoolSize() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(6);
        AtomicInteger active = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        // The first two borrowers hold their connections until both have one: the pool must give two at once (on a
        // loaded machine, its second connection could otherwise open only after the first query ended).
        CountDownLatch bothHeld = new CountDownLatch(2);
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(2, 10, Duration.ofMinutes(1), Duration.ofSeconds(30)), Core.connector())) {
            List<Future<?>> all = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                all.add(threads.submit(() -> pools.withConnection(Core.postgres(HostileDb.NAME), c -> {
                    peak.accumulateAndGet(active.incrementAndGet(), Math::max);
                    bothHeld.countDown();
                    try {
                        bothHeld.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    try (ResultSet rs = c.createStatement()
                            .executeQuery(
                                    "SELECT count(*) FROM generate_series(1, 1000) a, generate_series(1, 500) b")) {
                        rs.next();
                    } finally {
                        active.decrementAndGet();
                    }
                    return null;
                })));
            }
            for (Future<?> f : all) {
                f.get(60, TimeUnit.SECONDS);
            }
            assertThat(pools.openPools()).isEqualTo(1);
        } finally {
            threads.shutdownNow();
        }
        assertThat(peak.get()).isEqualTo(2);
    }

    /**
     * HikariCP opens a pool's connections one at a time: four borrowers coming at once on a new pool of a server whose
     * logins take 600 ms each wait up to 4 x 600 ms, beyond the 1.5 s connect timeout. Each gets its own connection,
     * none fails as unreachable, and the circuit stays closed.
     */
    @Test
    void shouldGiveEveryBorrowerOfANewPoolAConnectionWhileItsLoginsOpenOneAfterAnother() throws Exception {
        Target direct = Core.postgres(HostileDb.NAME);
        int borrowers = 4;
        ExecutorService threads = Executors.newFixedThreadPool(borrowers);
        CountDownLatch allHeld = new CountDownLatch(borrowers);
        try (SwitchableProxy slowServer =
                        new SwitchableProxy("127.0.0.1", LocalStack.targets().port(), Duration.ofMillis(600));
                PoolManager pools = new PoolManager(
                        new PoolManager.Settings(
                                borrowers,
                                borrowers,
                                Duration.ofMinutes(1),
                                Duration.ofMillis(1500),
                                Duration.ofSeconds(10),
                                new CircuitBreakers.Settings(3, Duration.ofMinutes(1))),
                        connectorAllowing(slowServer.host() + ":" + slowServer.port()))) {
            Target slow = new Target(
                    direct.tenantId(),
                    direct.dialect(),
                    "jdbc:postgresql://" + slowServer.host() + ":" + slowServer.port() + "/" + HostileDb.NAME,
                    direct.user(),
                    direct.password(),
                    direct.options());
            List<Future<Integer>> all = new ArrayList<>();
            for (int i = 0; i < borrowers; i++) {
                all.add(threads.submit(() -> pools.withConnection(slow, c -> {
                    allHeld.countDown();
                    try {
                        allHeld.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return backendPid(c);
                })));
            }
            List<Integer> backends = new ArrayList<>();
            for (Future<Integer> f : all) {
                backends.add(f.get(60, TimeUnit.SECONDS));
            }
            assertThat(backends).as("one session per borrower").doesNotHaveDuplicates();
            assertThat(pools.circuitOpen(slow)).isFalse();
        } finally {
            threads.shutdownNow();
        }
    }

    /** The service's connections with {@code hostAndPort} as the one allowed network and the kit's superuser there. */
    private static TargetConnector connectorAllowing(String hostAndPort) {
        return new TargetConnector(
                new TargetPolicy(List.of(hostAndPort), List.of(), TargetPolicy::dns),
                new TargetConnector.Settings(
                        Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(30), Duration.ofSeconds(10)),
                new LoginPrivileges(List.of(Postgres.USER + "@" + hostAndPort)));
    }

    @Test
    void shouldMakeATenantWaitBeyondItsConnectionBudgetButNotOthers() throws Exception {
        ExecutorService threads = Executors.newSingleThreadExecutor();
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(4, 1, Duration.ofMinutes(1), Duration.ofMillis(300)), Core.connector())) {
            Target busy = Core.postgres(HostileDb.NAME);
            Future<?> holder = threads.submit(() -> pools.withConnection(busy, c -> {
                holding.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return null;
            }));
            assertThat(holding.await(30, TimeUnit.SECONDS)).isTrue();

            assertThatThrownBy(() -> pools.withConnection(busy, c -> 1))
                    .isInstanceOf(SQLTransientConnectionException.class)
                    .hasMessageContaining("already uses its 1");
            Target otherTenant = new Target(
                    "another-tenant", busy.dialect(), busy.jdbcUrl(), busy.user(), busy.password(), busy.options());
            assertThat((boolean) pools.withConnection(otherTenant, c -> c.isValid(5)))
                    .isTrue();

            release.countDown();
            holder.get(30, TimeUnit.SECONDS);
            assertThat((boolean) pools.withConnection(busy, c -> c.isValid(5))).isTrue();
        } finally {
            release.countDown();
            threads.shutdownNow();
        }
    }

    @Test
    void shouldKeepAnotherTenantsPoolsOfTheSameDatabaseWhenOneTenantRemovesItsRegistration() throws Exception {
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(2, 2, Duration.ofMinutes(1), Duration.ofSeconds(10)), Core.connector())) {
            Target mine = Core.postgres(HostileDb.NAME);
            Target theirs = new Target(
                    "another-tenant", mine.dialect(), mine.jdbcUrl(), mine.user(), mine.password(), mine.options());
            int theirBackend = pools.withConnection(theirs, PoolManagerTest::backendPid);
            pools.withConnection(mine, c -> c.isValid(5));
            assertThat(pools.openPools())
                    .as("one pool per tenant, same database and login")
                    .isEqualTo(2);

            pools.closePoolsOf(mine);

            assertThat(pools.openPools()).isEqualTo(1);
            // Their pool is the one that stayed: its idle connection is used again, not a new one.
            assertThat(pools.withConnection(theirs, PoolManagerTest::backendPid))
                    .isEqualTo(theirBackend);
        }
    }

    @Test
    void shouldNeverLendAPoolOpenedWithAnotherPassword() throws Exception {
        // A failed login is waited for as long as the pool's connect timeout: the service's 2 s.
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(2, 2, Duration.ofMinutes(1), Duration.ofSeconds(2)), Core.connector())) {
            Target mine = Core.postgres(HostileDb.NAME);
            Target wrongPassword = new Target(
                    mine.tenantId(),
                    mine.dialect(),
                    mine.jdbcUrl(),
                    mine.user(),
                    mine.password() + "-not-it",
                    mine.options());
            assertThat((boolean) pools.withConnection(mine, c -> c.isValid(5))).isTrue();

            assertThatThrownBy(() -> pools.withConnection(wrongPassword, c -> c.isValid(5)))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("password");

            assertThat(pools.openPools()).as("one pool per password").isEqualTo(2);
            assertThat((boolean) pools.withConnection(mine, c -> c.isValid(5))).isTrue();
        }
    }

    @Test
    void shouldFailAtOnceWithTheReasonOnceTheCircuitOfADeadDatabaseIsOpen() throws Exception {
        int closedPort;
        String host = PostgresTestResource.DEAD_HOST;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            closedPort = probe.getLocalPort();
        }
        Target live = Core.postgres(HostileDb.NAME);
        Target dead = new Target(
                "t-dead",
                live.dialect(),
                "jdbc:postgresql://" + host + ":" + closedPort + "/dead",
                "nobody",
                "nothing",
                Map.of());
        Target sameDatabaseOtherTenant =
                new Target("t-other", dead.dialect(), dead.jdbcUrl(), dead.user(), dead.password(), dead.options());
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(
                        2,
                        2,
                        Duration.ofMinutes(1),
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(10),
                        new CircuitBreakers.Settings(2, Duration.ofMinutes(1))),
                Core.connector())) {
            for (int i = 0; i < 2; i++) {
                assertThatThrownBy(() -> pools.withConnection(dead, c -> 1))
                        .isInstanceOf(SQLException.class)
                        .hasMessageNotContaining("circuit open");
            }
            assertThat(pools.circuitOpen(dead)).isTrue();

            long started = System.nanoTime();
            assertThatThrownBy(() -> pools.withConnection(dead, c -> 1))
                    .isInstanceOf(SQLTransientConnectionException.class)
                    .hasMessageStartingWith(
                            "connections paused: " + host + ":" + closedPort + " is not an allowed target")
                    .hasMessageEndingWith("(circuit open for 60 s after 2 failed connection attempts)")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("08001");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(100));
            // The circuit is the registration's: another tenant's attempts on that address are its own.
            assertThat(pools.circuitOpen(sameDatabaseOtherTenant)).isFalse();
            assertThat((boolean) pools.withConnection(live, c -> c.isValid(5))).isTrue();
        }
    }

    @Test
    void shouldNeverPauseARegistrationBecauseAnInlineLoginOfTheSameServerFailed() throws Exception {
        Target live = Core.postgres(HostileDb.NAME);
        Target registered = Target.registered(
                live.tenantId(), "9d3c2a3e-0000-4000-8000-000000000001", live.spec(), live.user(), live.password());
        Target typo = new Target(
                live.tenantId(),
                live.dialect(),
                live.jdbcUrl(),
                live.user(),
                live.password() + "-typo",
                live.options());
        Target inlineRight = new Target(
                live.tenantId(), live.dialect(), live.jdbcUrl(), live.user(), live.password(), live.options());
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(
                        2,
                        4,
                        Duration.ofMinutes(1),
                        // each failed login is waited for as long as this: the service's 2 s
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(10),
                        new CircuitBreakers.Settings(2, Duration.ofMinutes(1))),
                Core.connector())) {
            for (int i = 0; i < 2; i++) {
                assertThatThrownBy(() -> pools.withConnection(typo, c -> 1))
                        .isInstanceOf(SQLException.class)
                        .hasMessageStartingWith("authentication failed for login \"" + live.user() + "\" on ")
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("28000");
            }
            assertThat(pools.circuitOpen(typo)).isTrue();
            // The paused circuit says whose login failed.
            assertThatThrownBy(() -> pools.withConnection(typo, c -> 1))
                    .hasMessageStartingWith(
                            "connections paused: authentication failed for login \"" + live.user() + "\"");

            // Same server, same login, right password: the registration and an inline job's details both connect.
            assertThat(pools.circuitOpen(registered)).isFalse();
            assertThat((boolean) pools.withConnection(registered, c -> c.isValid(5)))
                    .isTrue();
            assertThat(pools.circuitOpen(inlineRight)).isFalse();
            assertThat((boolean) pools.withConnection(inlineRight, c -> c.isValid(5)))
                    .isTrue();
        }
    }

    private static int backendPid(Connection c) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void shouldCloseAPoolThatIsIdle() throws Exception {
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(2, 2, Duration.ofMillis(500), Duration.ofSeconds(10)), Core.connector())) {
            pools.withConnection(Core.postgres(HostileDb.NAME), c -> c.isValid(5));
            assertThat(pools.openPools()).isEqualTo(1);

            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> pools.openPools() == 0);

            // and opens again on demand
            assertThat((boolean) pools.withConnection(Core.postgres(HostileDb.NAME), c -> c.isValid(5)))
                    .isTrue();
        }
    }
}
