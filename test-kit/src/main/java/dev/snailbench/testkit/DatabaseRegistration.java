package dev.snailbench.testkit;

import java.util.HashMap;
import java.util.Map;

/** The body of {@code POST /databases} as a team sends it to register one of its databases. */
public final class DatabaseRegistration {

    private DatabaseRegistration() {}

    /** A PostgreSQL database named {@code name}, reached at {@code jdbcUrl} with that login (mutable, to add to). */
    public static Map<String, Object> postgresql(String name, String jdbcUrl, String user, String password) {
        return of("postgresql", name, jdbcUrl, user, password);
    }

    /** A database of that kind ({@code postgresql}, {@code sqlserver}, …), otherwise as {@link #postgresql}. */
    public static Map<String, Object> of(String kind, String name, String jdbcUrl, String user, String password) {
        return new HashMap<>(
                Map.of("name", name, "kind", kind, "jdbcUrl", jdbcUrl, "user", user, "password", password));
    }
}
