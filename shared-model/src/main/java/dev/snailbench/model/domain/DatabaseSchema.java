package dev.snailbench.model.domain;

import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

/**
 * A target database's schema as read from JDBC metadata by the executor: tables and views with their columns,
 * types, keys and optional distinct sample values. Names are as the database spells them.
 */
public record DatabaseSchema(String databaseProduct, String catalog, List<Table> tables, boolean truncated) {

    public DatabaseSchema {
        tables = tables == null ? List.of() : List.copyOf(tables);
    }

    /**
     * The same schema with columns renamed wherever they appear: in their table, its primary key and foreign keys,
     * and as the referenced columns of other tables' foreign keys. Tables, types and samples are kept.
     *
     * @param rename (table, column) → the column's new name (the column itself to keep it)
     */
    public DatabaseSchema withColumnsRenamed(BinaryOperator<String> rename) {
        List<Table> renamed = tables.stream()
                .map(t -> {
                    UnaryOperator<String> name = c -> rename.apply(t.name(), c);
                    return new Table(
                            t.schema(),
                            t.name(),
                            t.type(),
                            t.columns().stream()
                                    .map(c -> new Column(
                                            name.apply(c.name()), c.type(), c.valueType(), c.nullable(), c.samples()))
                                    .toList(),
                            t.primaryKey() == null
                                    ? null
                                    : t.primaryKey().stream().map(name).toList(),
                            t.foreignKeys() == null
                                    ? null
                                    : t.foreignKeys().stream()
                                            .map(fk -> new ForeignKey(
                                                    fk.name(),
                                                    fk.columns().stream()
                                                            .map(name)
                                                            .toList(),
                                                    fk.refSchema(),
                                                    fk.refTable(),
                                                    fk.refColumns().stream()
                                                            .map(rc -> rename.apply(fk.refTable(), rc))
                                                            .toList()))
                                            .toList());
                })
                .toList();
        return new DatabaseSchema(databaseProduct, catalog, renamed, truncated);
    }

    /** A table or view ({@code type} TABLE or VIEW). */
    public record Table(
            String schema,
            String name,
            String type,
            List<Column> columns,
            List<String> primaryKey,
            List<ForeignKey> foreignKeys) {}

    /** A column: database type name, canonical value family, and up to k distinct non-null sample values. */
    public record Column(
            String name, String type, ResultColumn.ValueType valueType, boolean nullable, List<String> samples) {}

    /** A foreign key: {@code columns} reference {@code refColumns} of {@code refSchema.refTable}, in order. */
    public record ForeignKey(
            String name, List<String> columns, String refSchema, String refTable, List<String> refColumns) {}
}
