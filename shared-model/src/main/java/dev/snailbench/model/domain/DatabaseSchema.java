package dev.snailbench.model.domain;

import java.util.List;

/**
 * A target database's schema as read from JDBC metadata by the executor: tables and views with their columns,
 * types, keys and optional distinct sample values. Names are as the database spells them.
 */
public record DatabaseSchema(String databaseProduct, String catalog, List<Table> tables, boolean truncated) {

    public DatabaseSchema {
        tables = tables == null ? List.of() : List.copyOf(tables);
    }

    /** A table or view ({@code type} TABLE or VIEW). */
    public record Table(String schema, String name, String type, List<Column> columns, List<String> primaryKey,
            List<ForeignKey> foreignKeys) {
    }

    /** A column: database type name, canonical value family, and up to k distinct non-null sample values. */
    public record Column(String name, String type, ResultColumn.ValueType valueType, boolean nullable,
            List<String> samples) {
    }

    /** A foreign key: {@code columns} reference {@code refColumns} of {@code refSchema.refTable}, in order. */
    public record ForeignKey(String name, List<String> columns, String refSchema, String refTable,
            List<String> refColumns) {
    }
}
