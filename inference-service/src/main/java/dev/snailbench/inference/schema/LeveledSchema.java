package dev.snailbench.inference.schema;

import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.sql.rewrite.CrosswalkNames;
import java.util.List;
import java.util.Map;

/**
 * A database's schema with every name at each naturalness level (a database without renamings has the native
 * name at every level), its keys, its modules (prompt-sized groups of tables, SBODemoUS), its crosswalk, and, for a
 * team's own database, the sample values read from it ({@code samples}: native table → lower-case column → values;
 * null for the built-in schemas, whose values come from the data directory).
 */
public record LeveledSchema(
        String name,
        List<TableDef> tables,
        List<ForeignKey> foreignKeys,
        Map<String, List<String>> modules,
        CrosswalkNames crosswalk,
        Map<String, Map<String, List<String>>> samples) {

    /** A built-in schema. */
    public LeveledSchema(
            String name,
            List<TableDef> tables,
            List<ForeignKey> foreignKeys,
            Map<String, List<String>> modules,
            CrosswalkNames crosswalk) {
        this(name, tables, foreignKeys, modules, crosswalk, null);
    }

    public record TableDef(Map<NaturalnessLevel, String> names, List<ColumnDef> columns, List<String> primaryKey) {
        public String name(NaturalnessLevel level) {
            return names.getOrDefault(level, names.get(NaturalnessLevel.NATIVE));
        }
    }

    public record ColumnDef(Map<NaturalnessLevel, String> names, String type) {
        public String name(NaturalnessLevel level) {
            return names.getOrDefault(level, names.get(NaturalnessLevel.NATIVE));
        }
    }

    /** A foreign key between native names. */
    public record ForeignKey(String table, String column, String refTable, String refColumn) {}
}
