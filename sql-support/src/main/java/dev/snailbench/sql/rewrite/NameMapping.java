package dev.snailbench.sql.rewrite;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Source name (lower-case key) to target names, for tables and for columns. More than one target means the
 * source name is ambiguous; a column target lists the (lower-case, target-level) tables it belongs to, when known.
 */
public record NameMapping(Map<String, List<String>> tables, Map<String, List<ColumnTarget>> columns) {

    public record ColumnTarget(String name, Set<String> tables) {}
}
