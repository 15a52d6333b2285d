package dev.snailbench.model.domain;

import java.util.LinkedHashSet;
import java.util.List;

/** The tables and columns of a database, native names, in the database's order. */
public record SchemaSpec(List<Table> tables) {

    public record Table(String name, List<Column> columns) {}

    /** A column; {@code comment} is the database's own description (may be null). */
    public record Column(String name, String type, String comment) {

        public Column(String name, String type) {
            this(name, type, null);
        }
    }

    /** Distinct identifiers (tables and columns), first occurrence order. */
    public List<String> distinctIdentifiers() {
        LinkedHashSet<String> ids = new LinkedHashSet<>();
        for (Table t : tables) {
            ids.add(t.name());
            t.columns().forEach(c -> ids.add(c.name()));
        }
        return List.copyOf(ids);
    }
}
