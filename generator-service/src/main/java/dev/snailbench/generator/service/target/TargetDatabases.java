package dev.snailbench.generator.service.target;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.snailbench.generator.config.TargetDatabasesConfig;
import dev.snailbench.generator.service.InvalidRequestException;
import dev.snailbench.model.domain.SqlDialect;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Connections to the configured target databases: a small read-only pool per database for reading schema
 * and values, and — separately, never from that pool — a one-off admin connection for DDL. Blocking: call
 * from a worker thread.
 */
@ApplicationScoped
public class TargetDatabases {

    private final TargetDatabasesConfig config;
    private final Map<String, HikariDataSource> readOnlyPools = new ConcurrentHashMap<>();

    public TargetDatabases(TargetDatabasesConfig config) {
        this.config = config;
    }

    /** @throws InvalidRequestException when no target database has that name */
    public TargetDatabasesConfig.Target target(String name, String field) {
        TargetDatabasesConfig.Target t = name == null ? null : config.databases().get(name);
        if (t == null) {
            throw new InvalidRequestException(field, "unknown target database '" + name + "' (configured: "
                    + config.databases().keySet().stream().sorted().toList() + ")");
        }
        return t;
    }

    public SqlDialect dialect(String name) {
        return SqlDialect.fromId(target(name, "targetDatabase").dialect());
    }

    public int queryTimeoutSeconds() {
        return config.queryTimeoutSeconds();
    }

    /** A pooled connection in read-only mode (PostgreSQL refuses writes in it; SQL Server takes it as a hint). */
    public Connection readOnly(String name) throws SQLException {
        TargetDatabasesConfig.Target t = target(name, "targetDatabase");
        HikariDataSource pool = readOnlyPools.computeIfAbsent(name, n -> {
            HikariConfig hc = new HikariConfig();
            hc.setPoolName("target-ro-" + n);
            hc.setJdbcUrl(t.jdbcUrl());
            hc.setUsername(t.user());
            hc.setPassword(t.password());
            hc.setReadOnly(true);
            hc.setMaximumPoolSize(t.poolSize());
            hc.setMinimumIdle(0);
            hc.setInitializationFailTimeout(-1);
            return new HikariDataSource(hc);
        });
        return pool.getConnection();
    }

    public boolean hasAdmin(String name) {
        return target(name, "targetDatabase").adminUser().isPresent();
    }

    /** A fresh admin connection (not pooled); the caller closes it. */
    public Connection admin(String name) throws SQLException {
        TargetDatabasesConfig.Target t = target(name, "targetDatabase");
        if (t.adminUser().isEmpty()) {
            throw new InvalidRequestException("targetDatabase", "target database '" + name
                    + "' has no admin connection configured (snailbench.targets.databases." + name + ".admin-user)");
        }
        return DriverManager.getConnection(t.jdbcUrl(), t.adminUser().get(), t.adminPassword().orElse(""));
    }

    @PreDestroy
    void close() {
        readOnlyPools.values().forEach(HikariDataSource::close);
    }
}
