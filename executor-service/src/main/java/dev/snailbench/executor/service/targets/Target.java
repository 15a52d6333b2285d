package dev.snailbench.executor.service.targets;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.target.TargetSpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * A database to run SQL on, with its password opened. Lives only in memory: {@link #toString()} never shows
 * the password. Only a parsed target exists: the URL and options are checked by {@link TargetSpec} (host, port,
 * database and the allowlisted properties), so a pool never sees a property a tenant chose beyond those.
 *
 * @param registration what the connection circuit is kept per: the registered database's id
 *                     ({@code database:<id>}), or for inline connection details the address, the login and a digest
 *                     of the password, so that one wrong login never pauses another login of the same server
 * @param schema       the schema unqualified names resolve in first (PostgreSQL {@code search_path}, set in every
 *                     query's transaction), or null for the login's own path
 */
public record Target(
        String tenantId,
        SqlDialect dialect,
        String jdbcUrl,
        String user,
        String password,
        Map<String, String> options,
        String registration,
        String schema) {

    public Target {
        TargetSpec spec = TargetSpec.parse(dialect, jdbcUrl, options, "jdbcUrl", "options");
        jdbcUrl = spec.jdbcUrl();
        options = spec.properties();
        if (registration == null) {
            registration = inlineRegistration(dialect, jdbcUrl, user, password);
        }
        schema = schema == null || schema.isBlank() ? null : schema;
    }

    /** Inline connection details on the login's own search path. */
    public Target(
            String tenantId,
            SqlDialect dialect,
            String jdbcUrl,
            String user,
            String password,
            Map<String, String> options) {
        this(tenantId, dialect, jdbcUrl, user, password, options, null, null);
    }

    public static Target of(String tenantId, TargetSpec spec, String user, String password) {
        return new Target(tenantId, spec.dialect(), spec.jdbcUrl(), user, password, spec.properties());
    }

    /** The registered database {@code databaseId}. */
    public static Target registered(String tenantId, String databaseId, TargetSpec spec, String user, String password) {
        return new Target(
                tenantId,
                spec.dialect(),
                spec.jdbcUrl(),
                user,
                password,
                spec.properties(),
                "database:" + databaseId,
                null);
    }

    /** The same database, with {@code schema} first on the path of every query (null: the login's own path). */
    public Target inSchema(String schema) {
        return new Target(tenantId, dialect, jdbcUrl, user, password, options, registration, schema);
    }

    /** The parsed parts (host and port for the address rules). */
    public TargetSpec spec() {
        return TargetSpec.parse(dialect, jdbcUrl, options, "jdbcUrl", "options");
    }

    /** What a connection failure's sentence may name: the address, database and login the tenant gave. */
    public ConnectionErrors.Where where() {
        TargetSpec spec = spec();
        return new ConnectionErrors.Where(spec.host(), spec.port(), spec.database(), user);
    }

    /** Identifies the database (not the credentials) for caching results. */
    public String identity() {
        return dialect.id() + "|" + jdbcUrl + "|" + user;
    }

    private static String inlineRegistration(SqlDialect dialect, String jdbcUrl, String user, String password) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((password == null ? "" : password).getBytes(StandardCharsets.UTF_8));
            return "inline:" + dialect.id() + "|" + jdbcUrl + "|" + user + "|"
                    + HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "Target[tenant=" + tenantId + ", dialect=" + dialect + ", jdbcUrl=" + jdbcUrl + ", user=" + user
                + (schema == null ? "" : ", schema=" + schema) + "]";
    }
}
