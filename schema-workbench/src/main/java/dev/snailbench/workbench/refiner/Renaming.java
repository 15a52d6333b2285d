package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.sql.rewrite.NameMapping;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Column renamings per table (tables keep their names), and the SQL rewrite they imply in either direction
 * through sql-support's {@link IdentifierRewriter} (the same library that denaturalizes answers): a column is
 * renamed by the table it belongs to, so two columns that share a name on one side are told apart by their
 * tables.
 */
public record Renaming(Map<ColumnRef, String> renamed, List<ColumnRef> all) {

    public Renaming {
        renamed = Map.copyOf(renamed);
        all = List.copyOf(all);
    }

    public String nameOf(ColumnRef column) {
        return renamed.getOrDefault(column, column.column());
    }

    /** Rewrites SQL on the old names to the new ones ({@code reverse}: new to old). */
    public IdentifierRewriter.Result rewrite(
            IdentifierRewriter rewriter, String sql, SqlDialect dialect, boolean reverse) {
        return rewriter.rewriteOrTokens(sql, dialect, mapping(reverse));
    }

    public NameMapping mapping(boolean reverse) {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        Map<String, Map<String, Set<String>>> columns = new LinkedHashMap<>();
        for (ColumnRef c : all) {
            String table = c.table().toLowerCase(Locale.ROOT);
            tables.computeIfAbsent(table, k -> new ArrayList<>(List.of(c.table())));
            String from = reverse ? nameOf(c) : c.column();
            String to = reverse ? c.column() : nameOf(c);
            columns.computeIfAbsent(from.toLowerCase(Locale.ROOT), k -> new LinkedHashMap<>())
                    .computeIfAbsent(to, k -> new LinkedHashSet<>())
                    .add(table);
        }
        Map<String, List<NameMapping.ColumnTarget>> targets = new LinkedHashMap<>();
        columns.forEach((from, to) -> targets.put(
                from,
                to.entrySet().stream()
                        .map(e -> new NameMapping.ColumnTarget(e.getKey(), Set.copyOf(e.getValue())))
                        .toList()));
        return new NameMapping(tables, targets);
    }
}
