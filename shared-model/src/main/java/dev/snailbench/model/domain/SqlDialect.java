package dev.snailbench.model.domain;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/** The SQL dialects Snailbench parses, prompts for and executes. */
public enum SqlDialect {
    POSTGRESQL("postgresql", "PostgreSQL"),
    SQLSERVER("sqlserver", "MS SQL Server");

    private static final SqlDialect[] ALL = values();

    private final String id;
    private final String displayName;

    SqlDialect(String id, String displayName) {
        this.id = id;
        this.displayName = displayName;
    }

    @JsonValue
    public String id() {
        return id;
    }

    /** The name a prompt uses ("PostgreSQL", "MS SQL Server"). */
    public String displayName() {
        return displayName;
    }

    /** Also read from every work item's events: the form written ({@link #id}) is matched first, as it is. */
    @JsonCreator
    public static SqlDialect fromId(String value) {
        for (SqlDialect dialect : ALL) {
            if (dialect.id.equals(value)) {
                return dialect;
            }
        }
        String wanted = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(ALL)
                .filter(d -> d.id.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown dialect '" + value + "' (expected postgresql or sqlserver)"));
    }
}
