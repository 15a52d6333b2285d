package dev.snailbench.sql.rewrite;

import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.sql.IdentifierQuoting;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A database's names at every naturalness level (its crosswalk's entries), optionally with the tables each native
 * column belongs to (from the schema), which lets a rewrite tell apart two columns that share a renamed form at some
 * level; {@link #mapping} maps the names written at one level to another.
 */
public record CrosswalkNames(List<CrosswalkEntry> entries, Map<String, Set<String>> nativeTablesOfColumn) {

    public CrosswalkNames {
        entries = List.copyOf(entries);
        nativeTablesOfColumn = nativeTablesOfColumn == null ? Map.of() : Map.copyOf(nativeTablesOfColumn);
    }

    public static CrosswalkNames of(List<CrosswalkEntry> entries) {
        return new CrosswalkNames(entries, Map.of());
    }

    /** How names written at {@code from} map to names at {@code to}. */
    public NameMapping mapping(NaturalnessLevel from, NaturalnessLevel to) {
        Map<String, String> tableToByNative = new LinkedHashMap<>();
        Map<String, List<String>> tables = new LinkedHashMap<>();
        for (CrosswalkEntry e : entries) {
            if (e.isTable() && present(e, from) && present(e, to)) {
                tableToByNative.put(IdentifierQuoting.normalize(e.nativeName()), e.name(to));
                add(tables, IdentifierQuoting.normalize(e.name(from)), e.name(to));
            }
        }
        Map<String, List<NameMapping.ColumnTarget>> columns = new LinkedHashMap<>();
        for (CrosswalkEntry e : entries) {
            if (!e.isTable() && present(e, from) && present(e, to)) {
                Set<String> tablesAtTarget = new LinkedHashSet<>();
                String nativeColumn = IdentifierQuoting.normalize(e.nativeName());
                for (String nativeTable : nativeTablesOfColumn.getOrDefault(nativeColumn, Set.of())) {
                    String t = tableToByNative.get(nativeTable);
                    if (t != null) {
                        tablesAtTarget.add(IdentifierQuoting.normalize(t));
                    }
                }
                List<NameMapping.ColumnTarget> targets =
                        columns.computeIfAbsent(IdentifierQuoting.normalize(e.name(from)), k -> new ArrayList<>());
                if (targets.stream().noneMatch(t -> t.name().equals(e.name(to)))) {
                    targets.add(new NameMapping.ColumnTarget(e.name(to), tablesAtTarget));
                }
            }
        }
        return new NameMapping(tables, columns);
    }

    private static boolean present(CrosswalkEntry e, NaturalnessLevel level) {
        String name = e.name(level);
        return name != null && !name.isBlank();
    }

    private static void add(Map<String, List<String>> map, String key, String value) {
        List<String> values = map.computeIfAbsent(key, k -> new ArrayList<>());
        if (!values.contains(value)) {
            values.add(value);
        }
    }
}
