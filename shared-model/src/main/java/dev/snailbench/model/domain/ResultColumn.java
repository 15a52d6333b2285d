package dev.snailbench.model.domain;

/** A result column: its label and a portable type family used to compare values exactly. */
public record ResultColumn(String name, ValueType type, String databaseType) {

    /** Type families whose canonical text forms compare exactly. */
    public enum ValueType {
        /** Decimal text as the database gave it, no float noise (compare numerically). */
        NUMBER,
        TEXT,
        BOOLEAN,
        /** ISO-8601 date. */
        DATE,
        /** ISO-8601 time. */
        TIME,
        /** ISO-8601 timestamp (with offset when the database has one). */
        TIMESTAMP,
        /** Hex. */
        BINARY,
        OTHER
    }
}
