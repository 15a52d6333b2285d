package dev.snailbench.executor.service;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.snailbench.executor.service.targets.ConnectionErrors;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.SqlDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * HikariCP pools per target database (URL, user, password, options), created on first use and closed when
 * idle. On PostgreSQL each statement timeout gets its own pool whose sessions start with that
 * {@code statement_timeout} and read-only by default, so a query costs no extra round trip to set them; semaphores
 * bound the connections in use per database (over its pools) and per tenant (over its databases). Blocking.
 */
public final class PoolManager implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(PoolManager.class);
    private static final AtomicInteger POOL_NUMBER = new AtomicInteger();

    /** Work to do with a borrowed connection. */
    @FunctionalInterface
    public interface ConnectionWork<T> {
        T apply(Connection connection) throws SQLException;
    }

    /** Pool sizes and idle policy. */
    public record Settings(int perDatabase, int perTenant, Duration idleClose, Duration connectTimeout) {
    }

    private record PoolKey(SqlDialect dialect, String jdbcUrl, String user, String passwordHash,
            Map<String, String> options, long statementTimeoutMillis) {
    }

    private static final class Pool {
        final HikariDataSource dataSource;
        final AtomicInteger borrowed = new AtomicInteger();
        final AtomicLong lastUsed = new AtomicLong(System.nanoTime());

        Pool(HikariDataSource dataSource) {
            this.dataSource = dataSource;
        }
    }

    private final Settings settings;
    private final TargetConnector connector;
    private final Map<PoolKey, Pool> pools = new ConcurrentHashMap<>();
    private final Map<String, Semaphore> tenantPermits = new ConcurrentHashMap<>();
    private final Map<String, Semaphore> databasePermits = new ConcurrentHashMap<>();
    private final ScheduledExecutorService reaper;

    /** @param connector opens and verifies team sessions (address rules, read-only, limits) */
    public PoolManager(Settings settings, TargetConnector connector) {
        this.settings = settings;
        this.connector = connector;
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
    public <T> T withConnection(Target target, Duration statementTimeout, ConnectionWork<T> work)
            throws SQLException {
        Semaphore tenant = tenantPermits.computeIfAbsent(target.tenantId(),
                t -> new Semaphore(settings.perTenant(), true));
        acquire(tenant, "tenant " + target.tenantId() + " already uses its " + settings.perTenant() + " connections");
        try {
            Semaphore database = databasePermits.computeIfAbsent(target.identity(),
                    t -> new Semaphore(settings.perDatabase(), true));
            acquire(database, "database " + target.jdbcUrl() + " already serves " + settings.perDatabase()
                    + " connections");
            try {
                return borrow(target, statementTimeout, work);
            } finally {
                database.release();
            }
        } finally {
            tenant.release();
        }
    }

    private void acquire(Semaphore permits, String busy) throws SQLException {
        try {
            if (!permits.tryAcquire(settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new SQLTransientConnectionException(busy + "; none freed within " + settings.connectTimeout(),
                        "08004");
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
            Connection borrowed;
            try {
                borrowed = pool.dataSource.getConnection();
            } catch (SQLException e) {
                throw connectionFailure(e);
            }
            try (Connection c = borrowed) {
                return work.apply(c);
            }
        } finally {
            if (pool != null) {
                pool.lastUsed.set(System.nanoTime());
                pool.borrowed.decrementAndGet();
            }
        }
    }

    /**
     * HikariCP reports "request timed out" and keeps the driver's reason (wrong password, unknown database) as the
     * cause: surface its category (ConnectionErrors), never the driver's text, which would tell a tenant what
     * listens where and how fast it answers.
     */
    static SQLException connectionFailure(SQLException e) {
        ConnectionErrors.Category category = ConnectionErrors.categorize(e);
        return new SQLException(category.message(), category.sqlState(), e);
    }

    /** Open pools (for tests and health). */
    public int openPools() {
        return pools.size();
    }

    /** Closes the pool of a database that was removed from the registry. */
    public void closePoolsOf(String jdbcUrl, String user) {
        pools.keySet().stream().filter(k -> k.jdbcUrl().equals(jdbcUrl) && k.user().equals(user)).toList()
                .forEach(k -> pools.computeIfPresent(k, (key, pool) -> {
                    if (pool.borrowed.get() > 0) {
                        return pool;
                    }
                    pool.dataSource.close();
                    return null;
                }));
    }

    private Pool borrowPool(Target target, Duration statementTimeout) {
        long timeoutMillis = statementTimeout == null || target.dialect() != SqlDialect.POSTGRESQL ? 0
                : statementTimeout.toMillis();
        PoolKey key = new PoolKey(target.dialect(), target.jdbcUrl(), target.user(),
                target.password() == null ? "" : ApiKeys.sha256(target.password()), target.options(), timeoutMillis);
        // compute() makes "create or reuse, then count the borrower" atomic against the reaper.
        return pools.compute(key, (k, existing) -> {
            Pool pool = existing != null ? existing : new Pool(create(target, timeoutMillis));
            pool.borrowed.incrementAndGet();
            return pool;
        });
    }

    private HikariDataSource create(Target target, long statementTimeoutMillis) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("snailbench-" + target.dialect().id() + "-" + POOL_NUMBER.incrementAndGet());
        // The connector builds the URL from the parsed parts, sets the executor's properties (socket factory with
        // the address rules, timeouts) and makes each session read-only with limits, verified before use.
        config.setDataSource(connector.readOnly(target, statementTimeoutMillis));
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
        return new HikariDataSource(config);
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
