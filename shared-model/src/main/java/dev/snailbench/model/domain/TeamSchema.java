package dev.snailbench.model.domain;

import java.util.List;
import java.util.Map;

/**
 * A team's own schema for prompts, read from its registered database by the executor (the only route into it):
 * tables, columns with their types and a few sample values, keys, and the renamings of a crosswalk the team built
 * or imported, for the Regular / Low / Least levels. Travels with a job's inference requests, so that a prompt on a
 * team's database needs no file on the platform.
 *
 * @param name      how the prompt names the database
 * @param crosswalk renamings per identifier; empty when only the native names are asked for
 */
public record TeamSchema(String name, List<Table> tables, List<ForeignKey> foreignKeys, List<Renaming> crosswalk) {

    public TeamSchema {
        tables = List.copyOf(tables);
        foreignKeys = foreignKeys == null ? List.of() : List.copyOf(foreignKeys);
        crosswalk = crosswalk == null ? List.of() : List.copyOf(crosswalk);
    }

    public record Table(String name, List<Column> columns, List<String> primaryKey) {
    }

    /** A column; {@code samples} are distinct values read from the database (empty when none were asked for). */
    public record Column(String name, String type, List<String> samples) {
    }

    public record ForeignKey(String table, String column, String refTable, String refColumn) {
    }

    /** One identifier's names: {@code kind} is {@code table} or {@code column}. */
    public record Renaming(String kind, String nativeName, String regular, String low, String least) {
    }

    /** The same schema with a crosswalk's renamings. */
    public TeamSchema withCrosswalk(List<Renaming> renamings) {
        return new TeamSchema(name, tables, foreignKeys, renamings);
    }

    /** Sample values per table and column, as read. */
    public Map<String, Map<String, List<String>>> samples() {
        Map<String, Map<String, List<String>>> out = new java.util.LinkedHashMap<>();
        for (Table t : tables) {
            Map<String, List<String>> columns = new java.util.LinkedHashMap<>();
            t.columns().forEach(c -> columns.put(c.name(), c.samples() == null ? List.of() : c.samples()));
            out.put(t.name(), columns);
        }
        return out;
    }
}
