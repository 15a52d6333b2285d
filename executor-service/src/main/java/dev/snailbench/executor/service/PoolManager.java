package dev.snailbench.executor.service;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.snailbench.executor.service.statement.TransactionSettings;
import dev.snailbench.executor.service.targets.ConnectionErrors;
import dev.snailbench.executor.service.targets.SessionGuard;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.model.domain.SqlDialect;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.jboss.logging.Logger;

/**
 * HikariCP pools per tenant and target database (URL, user, password, options), created on first use and closed when
 * idle. On PostgreSQL each statement timeout gets its own pool whose sessions start with that
 * {@code statement_timeout} and read-only by default. Every connection given back is reset
 * ({@link SessionGuard#reset}: its transaction rolled back, the session as {@code DISCARD ALL} leaves it, read-only
 * and the limits set again and read back) in the round trip that ends its transaction, and evicted when that fails;
 * each query's own transaction sets and checks its settings again ({@link TransactionSettings}). Semaphores
 * bound the connections in use per tenant's database (over its pools) and per tenant (over its databases). Nothing
 * is shared between tenants: two tenants registering the same database get pools, permits and circuits of their own,
 * so one tenant's load or removal never touches another's. A circuit breaker per registration
 * ({@link Target#registration()}: a registered database, or an inline address, login and password;
 * {@link CircuitBreakers}) fails a dead database's attempts at once. Blocking.
 */
public final class PoolManager implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(PoolManager.class);
    private static final AtomicInteger POOL_NUMBER = new AtomicInteger();

    /** Work to do with a borrowed connection. */
    @FunctionalInterface
    public interface ConnectionWork<T> {
        T apply(Connection connection) throws SQLException;
    }

    /**
     * Pool sizes and idle policy. {@code connectTimeout} bounds one connection attempt (the pool's wait for a new
     * connection: a permit guarantees the pool has room; a borrower behind others' logins on a new pool waits again,
     * up to {@code perDatabase} times); {@code borrowTimeout} bounds the wait for a permit while the database or
     * tenant budget is in use.
     */
    public record Settings(
            int perDatabase,
            int perTenant,
            Duration idleClose,
            Duration connectTimeout,
            Duration borrowTimeout,
            CircuitBreakers.Settings breaker) {

        /** Waits for a permit as long as for a connection; the default breaker. */
        public Settings(int perDatabase, int perTenant, Duration idleClose, Duration connectTimeout) {
            this(perDatabase, perTenant, idleClose, connectTimeout, connectTimeout, CircuitBreakers.Settings.DEFAULT);
        }
    }

    /**
     * The password itself, not a digest of it: the pool this key maps to holds it anyway, and a SHA-256 for every
     * statement borrowed is 1.6 % of the executor's CPU samples in a warm job.
     * Never printed. Equality and hash written out: a record's own go through method handles that the client
     * compiler does not inline, 1.7 % of the executor's samples for a lookup per statement.
     */
    private record PoolKey(
            String tenantId,
            SqlDialect dialect,
            String jdbcUrl,
            String user,
            String password,
            Map<String, String> options,
            long statementTimeoutMillis) {

        @Override
        public boolean equals(Object o) {
            return o instanceof PoolKey k
                    && statementTimeoutMillis == k.statementTimeoutMillis
                    && dialect == k.dialect
                    && tenantId.equals(k.tenantId)
                    && jdbcUrl.equals(k.jdbcUrl)
                    && Objects.equals(user, k.user)
                    && password.equals(k.password)
                    && Objects.equals(options, k.options);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * jdbcUrl.hashCode() + tenantId.hashCode()) + Long.hashCode(statementTimeoutMillis);
        }

        @Override
        public String toString() {
            return "PoolKey[tenant=" + tenantId + ", jdbcUrl=" + jdbcUrl + ", user=" + user + ", timeout="
                    + statementTimeoutMillis + " ms]";
        }
    }

    private static final class Pool {
        final HikariDataSource dataSource;
        final CountedLogins logins;
        final SessionGuard.Limits limits;
        final AtomicInteger borrowed = new AtomicInteger();
        final AtomicLong lastUsed = new AtomicLong(System.nanoTime());

        Pool(HikariDataSource dataSource, CountedLogins logins, SessionGuard.Limits limits) {
            this.dataSource = dataSource;
            this.logins = logins;
            this.limits = limits;
        }
    }

    /** The connector's sessions as the pool opens them, the ones that opened counted. */
    private static final class CountedLogins implements DataSource {
        private final DataSource sessions;
        private final AtomicLong opened = new AtomicLong();

        CountedLogins(DataSource sessions) {
            this.sessions = sessions;
        }

        long opened() {
            return opened.get();
        }

        @Override
        public Connection getConnection() throws SQLException {
            Connection c = sessions.getConnection();
            opened.incrementAndGet();
            return c;
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            Connection c = sessions.getConnection(user, password);
            opened.incrementAndGet();
            return c;
        }

        @Override
        public PrintWriter getLogWriter() throws SQLException {
            return sessions.getLogWriter();
        }

        @Override
        public void setLogWriter(PrintWriter out) throws SQLException {
            sessions.setLogWriter(out);
        }

        @Override
        public void setLoginTimeout(int seconds) throws SQLException {
            sessions.setLoginTimeout(seconds);
        }

        @Override
        public int getLoginTimeout() throws SQLException {
            return sessions.getLoginTimeout();
        }

        @Override
        public java.util.logging.Logger getParentLogger() throws SQLFeatureNotSupportedException {
            return sessions.getParentLogger();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            return sessions.unwrap(type);
        }

        @Override
        public boolean isWrapperFor(Class<?> type) throws SQLException {
            return sessions.isWrapperFor(type);
        }
    }

    private final Settings settings;
    private final Map<PoolKey, Pool> pools = new ConcurrentHashMap<>();
    private final Map<String, Semaphore> tenantPermits = new ConcurrentHashMap<>();
    private final Map<String, Semaphore> databasePermits = new ConcurrentHashMap<>();
    private final ScheduledExecutorService reaper;
    private final CircuitBreakers breakers;
    private final TargetConnector connector;

    /** @param connector opens and verifies team sessions (address rules, read-only, limits) */
    public PoolManager(Settings settings, TargetConnector connector) {
        this.settings = settings;
        this.connector = connector;
        this.breakers = new CircuitBreakers(settings.breaker());
        this.reaper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "executor-pool-reaper");
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(1000, Math.min(settings.idleClose().toMillis() / 2, 30_000));
        reaper.scheduleWithFixedDelay(this::closeIdle, period, period, TimeUnit.MILLISECONDS);
    }

    /** Borrows a connection of {@code target}'s pool within the tenant's budget, runs the work, gives it back. */
    public <T> T withConnection(Target target, ConnectionWork<T> work) throws SQLException {
        return withConnection(target, null, work);
    }

    /**
     * Like {@link #withConnection(Target, ConnectionWork)}, on a PostgreSQL session whose statement_timeout is
     * already {@code statementTimeout} (ignored for SQL Server, where the timeout is set per statement).
     */
    public <T> T withConnection(Target target, Duration statementTimeout, ConnectionWork<T> work) throws SQLException {
        return withPermits(target, () -> borrow(target, statementTimeout, work));
    }

    /**
     * Like {@link #withConnection(Target, ConnectionWork)} on a session opened for this work and closed after it,
     * never a pooled one: a connection test must log in now (a pooled session outlives a changed password).
     */
    public <T> T withFreshConnection(Target target, ConnectionWork<T> work) throws SQLException {
        return withPermits(target, () -> {
            Connection fresh;
            try {
                fresh = connector.readOnly(target, 0).getConnection();
                breakers.succeeded(circuit(target));
            } catch (SQLException e) {
                SQLException failure = connectionFailure(e, target);
                breakers.failed(circuit(target), failure);
                throw failure;
            }
            try (Connection c = fresh) {
                return work.apply(c);
            }
        });
    }

    /** Work to do once the target's circuit and permits let it. */
    @FunctionalInterface
    private interface Permitted<T> {
        T run() throws SQLException;
    }

    private <T> T withPermits(Target target, Permitted<T> work) throws SQLException {
        // A dead database fails here at once, before it takes a permit that a reachable one could use.
        breakers.admit(circuit(target));
        Semaphore tenant =
                tenantPermits.computeIfAbsent(target.tenantId(), t -> new Semaphore(settings.perTenant(), true));
        acquire(
                tenant,
                () -> "tenant " + target.tenantId() + " already uses its " + settings.perTenant() + " connections");
        try {
            Semaphore database = databasePermits.computeIfAbsent(
                    registration(target), t -> new Semaphore(settings.perDatabase(), true));
            acquire(
                    database,
                    () -> "database " + target.jdbcUrl() + " already serves " + settings.perDatabase()
                            + " connections");
            try {
                return work.run();
            } finally {
                database.release();
            }
        } finally {
            tenant.release();
        }
    }

    /** @param busy what the refusal says, written only when there is one (a permit is taken per statement) */
    private void acquire(Semaphore permits, Supplier<String> busy) throws SQLException {
        try {
            if (!permits.tryAcquire(settings.borrowTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new SQLTransientConnectionException(
                        busy.get() + "; none freed within " + settings.borrowTimeout(), "08004");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException("interrupted while waiting for a connection", "08004");
        }
    }

    private <T> T borrow(Target target, Duration statementTimeout, ConnectionWork<T> work) throws SQLException {
        Pool pool = null;
        try {
            pool = borrowPool(target, statementTimeout);
            Connection borrowed = connect(target, pool);
            boolean reset = false;
            try {
                return work.apply(borrowed);
            } finally {
                try {
                    SessionGuard.reset(borrowed, target.dialect(), pool.limits);
                    reset = true;
                } catch (SQLException | RuntimeException e) {
                    LOG.warnf(
                            "evicting a connection of %s whose session could not be reset: %s",
                            pool.dataSource.getPoolName(), e.getMessage());
                }
                if (reset) {
                    borrowed.close();
                } else {
                    pool.dataSource.evictConnection(borrowed);
                }
            }
        } finally {
            if (pool != null) {
                pool.lastUsed.set(System.nanoTime());
                pool.borrowed.decrementAndGet();
            }
        }
    }

    /**
     * A connection of the pool, every attempt's outcome told to the registration's circuit (a probe admitted by
     * {@link CircuitBreakers#admit} always learns its result). The permit held guarantees the pool has room, but the
     * pool opens its connections one at a time: on a new pool, the borrowers that came at once wait for the logins of
     * those before them. A wait of connect-timeout that ends with no attempt failed while a login succeeded in it
     * (the server answers, the borrower is behind others) is waited again, up to pool-size waits in all; a failed
     * attempt, or a wait in which no login ended, is the failure of this attempt ({@link #waitedBehindOthers}).
     */
    private Connection connect(Target target, Pool pool) throws SQLException {
        try {
            for (int wait = 1; ; wait++) {
                long openedBefore = pool.logins.opened();
                try {
                    Connection connection = pool.dataSource.getConnection();
                    breakers.succeeded(circuit(target));
                    return connection;
                } catch (SQLException e) {
                    if (wait >= settings.perDatabase() || !waitedBehindOthers(e, pool.logins.opened() - openedBefore)) {
                        throw e;
                    }
                    LOG.debugf(
                            "%s opened connections for other borrowers first; waiting again",
                            pool.dataSource.getPoolName());
                }
            }
        } catch (SQLException e) {
            SQLException failure = connectionFailure(e, target);
            breakers.failed(circuit(target), failure);
            throw failure;
        } catch (RuntimeException e) {
            breakers.failed(circuit(target), e.toString());
            throw e;
        }
    }

    /**
     * Whether the pool's wait for a connection ran out only because it was opening connections for other borrowers:
     * HikariCP's timeout carries as its cause the last attempt that failed since a connection last opened, and none
     * when no attempt failed; {@code openedMeanwhile} logins succeeded during the wait.
     */
    static boolean waitedBehindOthers(SQLException e, long openedMeanwhile) {
        return e instanceof SQLTransientConnectionException && e.getCause() == null && openedMeanwhile > 0;
    }

    /**
     * One tenant's database as a server sees it (address and login): what connection permits and remembered call
     * decisions are kept per. The circuit is kept per registration ({@link #circuit}), so that one wrong password
     * never pauses another registration of the same login.
     */
    public static String registration(Target target) {
        return target.tenantId() + "|" + target.identity();
    }

    /** One tenant's registration ({@link Target#registration()}): what a circuit is kept per. */
    static String circuit(Target target) {
        return target.tenantId() + "|" + target.registration();
    }

    /** Whether the circuit of the target's registration is open (too many failed connection attempts in a row). */
    public boolean circuitOpen(Target target) {
        return breakers.isOpen(circuit(target));
    }

    /**
     * HikariCP reports "request timed out" and keeps the driver's reason (wrong password, unknown database) as the
     * cause: surface its category and the executor's sentence (ConnectionErrors), never the driver's text.
     */
    static SQLException connectionFailure(SQLException e, Target target) {
        return ConnectionErrors.describe(e, target.where()).exception(e);
    }

    /**
     * What each statement's transaction on {@code target} runs with (QueryRunner): {@code statementTimeout} and the
     * sessions' lock and idle-in-transaction timeouts.
     */
    public TransactionSettings transactionSettings(Duration statementTimeout) {
        SessionGuard.Limits limits = connector.limits(statementTimeout.toMillis());
        return TransactionSettings.of(statementTimeout, limits.lockTimeout(), limits.idleInTransactionTimeout());
    }

    /** Open pools (for tests and health). */
    public int openPools() {
        return pools.size();
    }

    /**
     * Closes the pools of a database that the tenant removed from its registry (only that tenant's: another tenant's
     * registration of the same database keeps its pools) and forgets its circuit.
     */
    public void closePoolsOf(Target target) {
        breakers.forget(circuit(target));
        pools.keySet().stream()
                .filter(k -> k.tenantId().equals(target.tenantId())
                        && k.dialect() == target.dialect()
                        && k.jdbcUrl().equals(target.jdbcUrl())
                        && k.user().equals(target.user()))
                .toList()
                .forEach(k -> pools.computeIfPresent(k, (key, pool) -> {
                    if (pool.borrowed.get() > 0) {
                        return pool;
                    }
                    pool.dataSource.close();
                    return null;
                }));
    }

    /**
     * Forgets a target that was only tried (a registration's or an update's connection test that failed): its circuit,
     * and its idle pools opened with exactly these credentials. Other pools of the same login stay.
     */
    public void discard(Target target) {
        breakers.forget(circuit(target));
        String password = target.password() == null ? "" : target.password();
        pools.keySet().stream()
                .filter(k -> k.tenantId().equals(target.tenantId())
                        && k.dialect() == target.dialect()
                        && k.jdbcUrl().equals(target.jdbcUrl())
                        && Objects.equals(k.user(), target.user())
                        && k.password().equals(password))
                .toList()
                .forEach(k -> pools.computeIfPresent(k, (key, pool) -> {
                    if (pool.borrowed.get() > 0) {
                        return pool;
                    }
                    pool.dataSource.close();
                    return null;
                }));
    }

    private Pool borrowPool(Target target, Duration statementTimeout) {
        long timeoutMillis =
                statementTimeout == null || target.dialect() != SqlDialect.POSTGRESQL ? 0 : statementTimeout.toMillis();
        PoolKey key = new PoolKey(
                target.tenantId(),
                target.dialect(),
                target.jdbcUrl(),
                target.user(),
                target.password() == null ? "" : target.password(),
                target.options(),
                timeoutMillis);
        // compute() makes "create or reuse, then count the borrower" atomic against the reaper.
        return pools.compute(key, (k, existing) -> {
            Pool pool = existing != null ? existing : create(target, timeoutMillis);
            pool.borrowed.incrementAndGet();
            return pool;
        });
    }

    private Pool create(Target target, long statementTimeoutMillis) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("snailbench-" + target.dialect().id() + "-" + POOL_NUMBER.incrementAndGet());
        // The connector builds the URL from the parsed parts, sets the executor's properties (socket factory with
        // the address rules, timeouts) and makes each session read-only with limits, verified before use.
        CountedLogins logins = new CountedLogins(connector.readOnly(target, statementTimeoutMillis));
        config.setDataSource(logins);
        config.setUsername(target.user());
        config.setPassword(target.password());
        config.setMaximumPoolSize(settings.perDatabase());
        config.setMinimumIdle(0);
        config.setIdleTimeout(Math.max(10_000, settings.idleClose().toMillis()));
        config.setConnectionTimeout(Math.max(250, settings.connectTimeout().toMillis()));
        // Do not connect while creating the pool: failures surface, per query, when a connection is borrowed.
        config.setInitializationFailTimeout(-1);
        config.setAutoCommit(false);
        config.setReadOnly(true);
        LOG.infof("opening pool %s for %s", config.getPoolName(), target);
        return new Pool(new HikariDataSource(config), logins, connector.limits(statementTimeoutMillis));
    }

    private void closeIdle() {
        long idleNanos = settings.idleClose().toNanos();
        long now = System.nanoTime();
        for (PoolKey key : pools.keySet()) {
            pools.computeIfPresent(key, (k, pool) -> {
                if (pool.borrowed.get() == 0 && now - pool.lastUsed.get() >= idleNanos) {
                    LOG.infof("closing idle pool %s", pool.dataSource.getPoolName());
                    pool.dataSource.close();
                    return null;
                }
                return pool;
            });
        }
    }

    @Override
    public void close() {
        reaper.shutdownNow();
        pools.values().forEach(p -> p.dataSource.close());
        pools.clear();
    }
}
