package dev.snailbench.generator.service.crosswalk;

import java.util.List;

/** The tables and columns of a database, native names, in the database's order. */
public record SchemaSpec(List<Table> tables) {

    public record Table(String name, List<Column> columns) {
    }

    public record Column(String name, String type) {
    }

    /** Distinct identifiers (tables and columns), first occurrence order. */
    public List<String> distinctIdentifiers() {
        java.util.LinkedHashSet<String> ids = new java.util.LinkedHashSet<>();
        for (Table t : tables) {
            ids.add(t.name());
            t.columns().forEach(c -> ids.add(c.name()));
        }
        return List.copyOf(ids);
    }
}
