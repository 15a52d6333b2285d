package dev.snailbench.executor.service;

import dev.snailbench.model.target.TargetSpec;
import dev.snailbench.model.domain.SqlDialect;
import java.util.Map;

/**
 * A database to run SQL on, with its password opened. Lives only in memory: {@link #toString()} never shows
 * the password. Only a parsed target exists: the URL and options are checked by {@link TargetSpec} (host, port,
 * database and the allowlisted properties), so a pool never sees a property a tenant chose beyond those.
 */
public record Target(String tenantId, SqlDialect dialect, String jdbcUrl, String user, String password,
        Map<String, String> options) {

    public Target {
        TargetSpec spec = TargetSpec.parse(dialect, jdbcUrl, options, "jdbcUrl", "options");
        jdbcUrl = spec.jdbcUrl();
        options = spec.properties();
    }

    public static Target of(String tenantId, TargetSpec spec, String user, String password) {
        return new Target(tenantId, spec.dialect(), spec.jdbcUrl(), user, password, spec.properties());
    }

    /** The parsed parts (host and port for the address rules). */
    public TargetSpec spec() {
        return TargetSpec.parse(dialect, jdbcUrl, options, "jdbcUrl", "options");
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
