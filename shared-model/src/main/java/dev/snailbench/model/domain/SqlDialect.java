package dev.snailbench.model.domain;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/** The SQL dialects Snailbench parses, prompts for and executes. */
public enum SqlDialect {
    POSTGRESQL("postgresql", "PostgreSQL"), SQLSERVER("sqlserver", "MS SQL Server");

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

    @JsonCreator
    public static SqlDialect fromId(String value) {
        String wanted = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(d -> d.id.equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown dialect '" + value + "' (expected postgresql or sqlserver)"));
    }
}
