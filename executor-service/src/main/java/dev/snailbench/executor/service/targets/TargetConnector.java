package dev.snailbench.executor.service.targets;

import com.microsoft.sqlserver.jdbc.SQLServerDriver;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.target.InvalidTarget;
import dev.snailbench.model.target.TargetSocketFactory;
import dev.snailbench.model.target.TargetSpec;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Opens connections to team databases the only way the executor does: the URL built from the parsed parts, the
 * allowed properties of the registration, and the executor's own properties on top (application name, timeouts,
 * read-only intent), the host resolved and every address checked against the {@link TargetPolicy} for each new
 * connection, the driver's every socket connecting only where the rules allow ({@link TargetSocketFactory}), then
 * every session made read-only with limits and verified ({@link SessionGuard}) and its login refused when it can do
 * more than read ({@link LoginPrivileges}). Blocking.
 *
 * <p>PostgreSQL keeps the host name in its URL (TLS sends it as SNI, and {@code sslmode=verify-full} checks the
 * certificate against it) while its socket connects to the address checked for this connection: a name re-pointed
 * after the check is never asked again. SQL Server connects to the checked address with {@code hostNameInCertificate}
 * = the name, and every address it is routed to at login is checked at the socket.
 */
public final class TargetConnector {

    /** Limits every session gets; the statement timeout is per pool (gold and predicted differ). */
    public record Settings(
            Duration connectTimeout,
            Duration defaultStatementTimeout,
            Duration idleInTransactionTimeout,
            Duration lockTimeout) {}

    /** The message of a connection refused by the address rules (recognised by {@link ConnectionErrors}). */
    public static final String REFUSED_MESSAGE = TargetSocketFactory.REFUSED;

    private final TargetPolicy policy;
    private final Settings settings;
    private final LoginPrivileges logins;
    /** The registered address check every SQL Server socket goes through. */
    private final String socketCheck;

    /** No login that can do more than read is allowed. */
    public TargetConnector(TargetPolicy policy, Settings settings) {
        this(policy, settings, LoginPrivileges.strict());
    }

    /** @param logins which logins may hold more than read rights (the operator's allowance) */
    public TargetConnector(TargetPolicy policy, Settings settings, LoginPrivileges logins) {
        this.policy = policy;
        this.settings = settings;
        this.logins = logins;
        this.socketCheck = TargetSocketFactory.register(policy::allows);
    }

    public TargetPolicy policy() {
        return policy;
    }

    /**
     * A data source whose connections are read-only sessions with {@code statementTimeoutMillis} (0: the default
     * statement timeout), for a pool.
     */
    public DataSource readOnly(Target target, long statementTimeoutMillis) {
        return new SessionDataSource(target, properties(target), limits(statementTimeoutMillis));
    }

    /** The limits a read-only session of a pool made for {@code statementTimeoutMillis} (0: the default) has. */
    public SessionGuard.Limits limits(long statementTimeoutMillis) {
        Duration timeout = statementTimeoutMillis > 0
                ? Duration.ofMillis(statementTimeoutMillis)
                : settings.defaultStatementTimeout();
        return new SessionGuard.Limits(timeout, settings.idleInTransactionTimeout(), settings.lockTimeout());
    }

    /**
     * A connection with the team's admin login, for the platform's own view DDL only: the same URL, properties and
     * address rules, a statement and lock timeout, but not read-only.
     */
    public Connection admin(Target target, String user, String password, Duration statementTimeout)
            throws SQLException {
        Properties properties = properties(target);
        properties.setProperty("user", user);
        properties.setProperty("password", password == null ? "" : password);
        Connection c = connect(driver(target.dialect()), target, properties);
        try {
            SessionGuard.prepareAdmin(c, target.dialect(), statementTimeout, settings.lockTimeout());
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    private Properties properties(Target target) {
        Properties p = new Properties();
        // Only allowlisted properties (TargetSpec) reach here; the executor's own are set after them and win.
        target.options().forEach(p::setProperty);
        String seconds = Long.toString(Math.max(1, settings.connectTimeout().toSeconds()));
        if (target.dialect() == SqlDialect.POSTGRESQL) {
            p.setProperty("ApplicationName", "snailbench-executor");
            p.setProperty("connectTimeout", seconds);
            p.setProperty("loginTimeout", seconds);
            p.setProperty("readOnlyMode", "transaction");
            // Every statement over the extended protocol: one Parse message per statement, in which PostgreSQL
            // refuses a second command (QueryRunner refuses what the driver itself would split).
            p.setProperty("preferQueryMode", "extended");
            // The socket connects to the checked address only, and every read from it spends the query's read
            // budget (QueryRunner): memory per result is bounded.
            p.setProperty("socketFactory", TargetSocketFactory.class.getName());
        } else {
            p.setProperty("applicationName", "snailbench-executor");
            p.setProperty("applicationIntent", "ReadOnly");
            p.setProperty("loginTimeout", seconds);
            p.putIfAbsent("hostNameInCertificate", target.spec().host());
            p.setProperty("socketFactoryClass", TargetSocketFactory.class.getName());
            p.setProperty("socketFactoryConstructorArg", socketCheck);
        }
        return p;
    }

    /**
     * Connects to the address the rules checked just now. Blocking (DNS).
     *
     * @throws SQLException with {@link #REFUSED_MESSAGE} when the rules refuse the target today
     */
    private Connection connect(Driver driver, Target target, Properties properties) throws SQLException {
        TargetSpec spec = target.spec();
        InetAddress address;
        try {
            address = policy.checkedAddress(spec.host(), spec.port(), "jdbcUrl");
        } catch (InvalidTarget e) {
            throw new SQLException(REFUSED_MESSAGE, "08001");
        }
        String url;
        if (spec.dialect() == SqlDialect.POSTGRESQL) {
            // The name stays in the URL; the socket connects to the address checked just now.
            properties.setProperty(TargetSocketFactory.PINNED_ADDRESS, address.getHostAddress());
            properties.setProperty(TargetSocketFactory.PINNED_PORT, Integer.toString(spec.port()));
            url = spec.jdbcUrl();
        } else {
            url = new TargetSpec(
                            spec.dialect(), address.getHostAddress(), spec.port(), spec.database(), spec.properties())
                    .jdbcUrl();
        }
        Connection c = driver.connect(url, properties);
        if (c == null) {
            throw new SQLException("the driver does not accept " + spec.jdbcUrl(), "08001");
        }
        return c;
    }

    private static Driver driver(SqlDialect dialect) {
        return dialect == SqlDialect.POSTGRESQL ? new org.postgresql.Driver() : new SQLServerDriver();
    }

    /** Connections through the driver, each session prepared and verified before the pool sees it. */
    private final class SessionDataSource implements DataSource {

        private final Target target;
        private final Properties properties;
        private final SessionGuard.Limits limits;
        private final Driver driver;

        SessionDataSource(Target target, Properties properties, SessionGuard.Limits limits) {
            this.target = target;
            this.properties = properties;
            this.limits = limits;
            this.driver = driver(target.dialect());
        }

        @Override
        public Connection getConnection() throws SQLException {
            return getConnection(target.user(), target.password());
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            Properties p = new Properties();
            p.putAll(properties);
            p.setProperty("user", user);
            p.setProperty("password", password == null ? "" : password);
            Connection c = connect(driver, target, p);
            try {
                SessionGuard.prepare(c, target.dialect(), limits);
                TargetSpec spec = target.spec();
                logins.check(c, target.dialect(), user, spec.host(), spec.port());
                return c;
            } catch (SQLException | RuntimeException e) {
                c.close();
                throw e;
            }
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }
}
