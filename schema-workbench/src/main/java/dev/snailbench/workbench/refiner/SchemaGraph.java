package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.ResultColumn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The schema's knowledge graph: a node per table and per column (type, value family, sample values), a
 * {@code HAS_COLUMN} edge from each table to its columns and a {@code FOREIGN_KEY} edge from each referencing
 * column to the column it references. Built from the executor's introspection ({@link DatabaseSchema}), so that
 * the refiner never reads a team's database itself.
 */
public final class SchemaGraph {

    public enum EdgeKind {
        HAS_COLUMN,
        FOREIGN_KEY
    }

    public record TableNode(String name, List<String> primaryKey) {}

    /** A column node; {@code index} is its position in {@link #columns()}. */
    public record ColumnNode(
            int index,
            ColumnRef ref,
            String type,
            ResultColumn.ValueType valueType,
            List<String> samples,
            boolean primaryKey) {}

    /** {@code from}/{@code to}: a table name or a column key ({@link ColumnRef#key()}). */
    public record Edge(EdgeKind kind, String from, String to) {}

    private final List<TableNode> tables;
    private final List<ColumnNode> columns;
    private final List<Edge> edges;
    private final Map<String, ColumnNode> byKey = new HashMap<>();
    private final Map<String, String> references = new HashMap<>();

    public SchemaGraph(List<TableNode> tables, List<ColumnNode> columns, List<Edge> edges) {
        this.tables = List.copyOf(tables);
        this.columns = List.copyOf(columns);
        this.edges = List.copyOf(edges);
        columns.forEach(c -> byKey.put(c.ref().key(), c));
        edges.stream().filter(e -> e.kind() == EdgeKind.FOREIGN_KEY).forEach(e -> references.put(e.from(), e.to()));
    }

    public List<TableNode> tables() {
        return tables;
    }

    public List<ColumnNode> columns() {
        return columns;
    }

    public List<Edge> edges() {
        return edges;
    }

    public static SchemaGraph of(DatabaseSchema schema) {
        List<TableNode> tables = new ArrayList<>();
        List<ColumnNode> columns = new ArrayList<>();
        List<Edge> edges = new ArrayList<>();
        Map<String, DatabaseSchema.Table> byName = new LinkedHashMap<>();
        for (DatabaseSchema.Table t : schema.tables()) {
            byName.put(t.name().toLowerCase(Locale.ROOT), t);
            List<String> pk = t.primaryKey() == null ? List.of() : t.primaryKey();
            tables.add(new TableNode(t.name(), List.copyOf(pk)));
            for (DatabaseSchema.Column c : t.columns()) {
                ColumnRef ref = new ColumnRef(t.name(), c.name());
                boolean isPk = pk.stream().anyMatch(p -> p.equalsIgnoreCase(c.name()));
                columns.add(new ColumnNode(
                        columns.size(),
                        ref,
                        c.type(),
                        c.valueType() == null ? ResultColumn.ValueType.TEXT : c.valueType(),
                        c.samples() == null ? List.of() : List.copyOf(c.samples()),
                        isPk));
                edges.add(new Edge(EdgeKind.HAS_COLUMN, t.name(), ref.key()));
            }
        }
        for (DatabaseSchema.Table t : schema.tables()) {
            for (DatabaseSchema.ForeignKey fk :
                    t.foreignKeys() == null ? List.<DatabaseSchema.ForeignKey>of() : t.foreignKeys()) {
                DatabaseSchema.Table target = byName.get(fk.refTable().toLowerCase(Locale.ROOT));
                for (int i = 0; i < fk.columns().size(); i++) {
                    String refColumn = i < fk.refColumns().size()
                            ? fk.refColumns().get(i)
                            : target != null
                                            && target.primaryKey() != null
                                            && i < target.primaryKey().size()
                                    ? target.primaryKey().get(i)
                                    : null;
                    if (refColumn != null) {
                        edges.add(new Edge(
                                EdgeKind.FOREIGN_KEY,
                                new ColumnRef(t.name(), fk.columns().get(i)).key(),
                                new ColumnRef(fk.refTable(), refColumn).key()));
                    }
                }
            }
        }
        return new SchemaGraph(tables, columns, edges);
    }

    /** The column a column references through a declared foreign key, or null. */
    public ColumnNode referenced(ColumnNode column) {
        String to = references.get(column.ref().key());
        return to == null ? null : byKey.get(to);
    }

    public ColumnNode column(String key) {
        return byKey.get(key);
    }

    public List<ColumnNode> columnsOf(String table) {
        return columns.stream()
                .filter(c -> c.ref().table().equalsIgnoreCase(table))
                .toList();
    }
}
