package dev.snailbench.sql.template;

import dev.snailbench.sql.IdentifierQuoting;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;

/** The tables of a query's top-level FROM and JOINs, by alias and by name, and the table each column belongs to. */
record QueryTables(
        Map<String, String> byAlias,
        List<String> tables,
        Map<String, String> qualifiers,
        Map<String, Set<String>> columnsByTable) {

    static QueryTables of(PlainSelect select, Map<String, Set<String>> columnsByTable) {
        Map<String, String> byAlias = new HashMap<>();
        List<String> tables = new ArrayList<>();
        Map<String, String> qualifiers = new HashMap<>();
        add(select.getFromItem(), byAlias, tables, qualifiers);
        if (select.getJoins() != null) {
            for (Join join : select.getJoins()) {
                add(join.getRightItem(), byAlias, tables, qualifiers);
            }
        }
        return new QueryTables(byAlias, tables, qualifiers, columnsByTable);
    }

    private static void add(
            FromItem item, Map<String, String> byAlias, List<String> tables, Map<String, String> qualifiers) {
        if (item instanceof Table t) {
            String name = IdentifierQuoting.unquote(t.getName());
            tables.add(name);
            byAlias.put(name.toLowerCase(Locale.ROOT), name);
            qualifiers.putIfAbsent(name, t.getAlias() != null ? t.getAlias().getName() : t.getName());
            if (t.getAlias() != null) {
                byAlias.put(IdentifierQuoting.unquote(t.getAlias().getName()).toLowerCase(Locale.ROOT), name);
            }
        }
    }

    /** How the query names {@code table}: its alias, else its name as written. */
    String qualifier(String table) {
        return qualifiers.getOrDefault(table, table);
    }

    /** The table a column belongs to, or null when it cannot be told (then it is no slot). */
    String tableOf(Column c) {
        if (c.getTable() != null
                && c.getTable().getName() != null
                && !c.getTable().getName().isBlank()) {
            return byAlias.get(IdentifierQuoting.unquote(c.getTable().getName()).toLowerCase(Locale.ROOT));
        }
        if (tables.size() == 1) {
            return tables.get(0);
        }
        String column = IdentifierQuoting.unquote(c.getColumnName()).toLowerCase(Locale.ROOT);
        List<String> owners = tables.stream()
                .filter(t -> columnsByTable
                        .getOrDefault(t.toLowerCase(Locale.ROOT), Set.of())
                        .contains(column))
                .distinct()
                .toList();
        return owners.size() == 1 ? owners.get(0) : null;
    }
}
