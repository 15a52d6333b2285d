package dev.snailbench.inference.schema;

import dev.snailbench.inference.sql.Crosswalk;
import dev.snailbench.model.domain.NaturalnessLevel;
import java.util.List;
import java.util.Map;

/**
 * A database's schema with every name at each naturalness level (a database without renamings has the native
 * name at every level), its keys, its modules (prompt-sized groups of tables, SBODemoUS), and its crosswalk.
 */
public record DatabaseSchema(String name, List<TableDef> tables, List<ForeignKey> foreignKeys,
        Map<String, List<String>> modules, Crosswalk crosswalk) {

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
    public record ForeignKey(String table, String column, String refTable, String refColumn) {
    }
}
