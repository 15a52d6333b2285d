package dev.snailbench.datasets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * SNAILS' codes-format schema files ({@code db/schema-tables-json/codes_format/snails_schemas_<level>.json}, one
 * per level, the same databases, tables and columns in the same order) to {@code schema/<database>.json}: each
 * table and column named at the four levels, the SQL Server type, the primary key from {@code pk_indicators}, the
 * foreign keys (lower case in the source) in the native names of the schema, and for SBODemoUS, whose modules are
 * separate entries ({@code SBODemoUS-<module>}), one database with {@code modules}. The sample cell values are
 * not copied.
 */
final class SnailsSchemas {

    static final String DIR = "db/schema-tables-json/codes_format";
    static final List<String> LEVELS = List.of("Native", "Regular", "Low", "Least");
    static final String MODULAR = "SBODemoUS";

    private SnailsSchemas() {}

    /** Writes one file per database into {@code out}; returns the number written. */
    static int write(Path checkout, Path out) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> levels = new ArrayList<>();
        for (String level : LEVELS) {
            Path file = Conversion.require(checkout.resolve(DIR).resolve("snails_schemas_" + level + ".json"));
            levels.add(json.readTree(Files.readString(file, StandardCharsets.UTF_8)));
        }
        JsonNode nativeLevel = levels.get(0);
        Map<String, Map<String, Object>> databases = new LinkedHashMap<>();
        for (int i = 0; i < nativeLevel.size(); i++) {
            String dbId = nativeLevel.get(i).path("db_id").asText();
            for (int l = 1; l < levels.size(); l++) {
                String other = levels.get(l).path(i).path("db_id").asText();
                if (!dbId.equals(other)) {
                    throw new IOException("the " + LEVELS.get(l) + " schema file has " + other
                            + " where the native one has " + dbId + " (entry " + i + ")");
                }
            }
            String database = dbId.startsWith(MODULAR + "-") ? MODULAR : dbId;
            Map<String, Object> db = databases.computeIfAbsent(database, name -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("database", name);
                m.put("naturalness_levels", LEVELS);
                m.put("tables", new ArrayList<Map<String, Object>>());
                m.put("foreign_keys", new ArrayList<Map<String, Object>>());
                if (name.equals(MODULAR)) {
                    m.put("modules", new LinkedHashMap<String, List<String>>());
                }
                return m;
            });
            List<String> tableNames = addTables(levels, i, tables(db));
            if (database.equals(MODULAR)) {
                modules(db).put(dbId.substring(MODULAR.length() + 1), tableNames);
            }
            for (JsonNode fk : nativeLevel.get(i).path("schema").path("foreign_keys")) {
                foreignKeys(db).add(foreignKey(fk, tables(db)));
            }
        }
        Files.createDirectories(out);
        for (Map<String, Object> db : databases.values()) {
            Files.writeString(out.resolve(db.get("database") + ".json"), PyJson.compact(db), StandardCharsets.UTF_8);
        }
        return databases.size();
    }

    /** Adds entry {@code i}'s tables; returns their native names. */
    private static List<String> addTables(List<JsonNode> levels, int i, List<Map<String, Object>> into)
            throws IOException {
        JsonNode nativeItems = levels.get(0).get(i).path("schema").path("schema_items");
        List<String> names = new ArrayList<>();
        for (int t = 0; t < nativeItems.size(); t++) {
            JsonNode nativeTable = nativeItems.get(t);
            Map<String, Object> table = new LinkedHashMap<>();
            table.put("name", atLevels(levels, i, t, -1));
            List<Map<String, Object>> columns = new ArrayList<>();
            List<String> primaryKey = new ArrayList<>();
            JsonNode columnNames = nativeTable.path("column_names");
            for (int c = 0; c < columnNames.size(); c++) {
                Map<String, Object> column = new LinkedHashMap<>();
                column.put("name", atLevels(levels, i, t, c));
                column.put("type", nativeTable.path("column_types").path(c).asText());
                columns.add(column);
                if (nativeTable.path("pk_indicators").path(c).asInt() != 0) {
                    primaryKey.add(columnNames.get(c).asText());
                }
            }
            table.put("columns", columns);
            table.put("primary_key", primaryKey);
            into.add(table);
            names.add(nativeTable.path("table_name").asText());
        }
        return names;
    }

    /** The name of table {@code t} (column {@code c}, or the table itself when c < 0) at every level. */
    private static Map<String, Object> atLevels(List<JsonNode> levels, int i, int t, int c) throws IOException {
        Map<String, Object> names = new LinkedHashMap<>();
        for (int l = 0; l < levels.size(); l++) {
            JsonNode table =
                    levels.get(l).get(i).path("schema").path("schema_items").path(t);
            JsonNode name = c < 0
                    ? table.path("table_name")
                    : table.path("column_names").path(c);
            if (!name.isTextual()) {
                throw new IOException("the " + LEVELS.get(l) + " schema file has no "
                        + (c < 0 ? "table " + t : "column " + c + " of table " + t) + " in entry " + i
                        + ": the level files do not line up");
            }
            names.put(LEVELS.get(l), name.asText());
        }
        return names;
    }

    /** A foreign key in the schema's native spelling (the source writes them in lower case). */
    private static Map<String, Object> foreignKey(JsonNode fk, List<Map<String, Object>> tables) {
        String table = nativeTable(tables, fk.path(0).asText());
        String refTable = nativeTable(tables, fk.path(2).asText());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("table", table);
        out.put("column", nativeColumn(tables, table, fk.path(1).asText()));
        out.put("ref_table", refTable);
        out.put("ref_column", nativeColumn(tables, refTable, fk.path(3).asText()));
        return out;
    }

    private static String nativeTable(List<Map<String, Object>> tables, String name) {
        for (Map<String, Object> t : tables) {
            String n = nativeName(t);
            if (n.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return n;
            }
        }
        return name;
    }

    @SuppressWarnings("unchecked")
    private static String nativeColumn(List<Map<String, Object>> tables, String table, String column) {
        for (Map<String, Object> t : tables) {
            if (nativeName(t).equals(table)) {
                for (Map<String, Object> c : (List<Map<String, Object>>) t.get("columns")) {
                    String n = nativeName(c);
                    if (n.toLowerCase(Locale.ROOT).equals(column.toLowerCase(Locale.ROOT))) {
                        return n;
                    }
                }
            }
        }
        return column;
    }

    @SuppressWarnings("unchecked")
    private static String nativeName(Map<String, Object> named) {
        return (String) ((Map<String, Object>) named.get("name")).get("Native");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> tables(Map<String, Object> db) {
        return (List<Map<String, Object>>) db.get("tables");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> foreignKeys(Map<String, Object> db) {
        return (List<Map<String, Object>>) db.get("foreign_keys");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, List<String>> modules(Map<String, Object> db) {
        return (Map<String, List<String>>) db.get("modules");
    }
}
