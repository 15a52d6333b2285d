package dev.snailbench.executor.service;

import dev.snailbench.model.domain.SqlDialect;
import java.util.Map;

/**
 * A database to run SQL on, with its password opened. Lives only in memory: {@link #toString()} never shows
 * the password.
 */
public record Target(String tenantId, SqlDialect dialect, String jdbcUrl, String user, String password,
        Map<String, String> options) {

    public Target {
        options = options == null ? Map.of() : Map.copyOf(options);
    }

    /** Identifies the database (not the credentials) for caching results. */
    public String identity() {
        return dialect.id() + "|" + jdbcUrl + "|" + user;
    }

    @Override
    public String toString() {
        return "Target[tenant=" + tenantId + ", dialect=" + dialect + ", jdbcUrl=" + jdbcUrl + ", user=" + user + "]";
    }
}
