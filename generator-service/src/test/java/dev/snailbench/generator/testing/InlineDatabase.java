package dev.snailbench.generator.testing;

import java.util.Map;

/** A job's {@code database} named inline, as a team sends it in the request: kind, JDBC URL, user and password. */
public final class InlineDatabase {

    private InlineDatabase() {}

    /** A PostgreSQL database reached at {@code jdbcUrl} with that login. */
    public static Map<String, Object> postgresql(String jdbcUrl, String user, String password) {
        return Map.of("kind", "postgresql", "jdbcUrl", jdbcUrl, "user", user, "password", password);
    }
}
