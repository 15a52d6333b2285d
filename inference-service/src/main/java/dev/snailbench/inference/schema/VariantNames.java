package dev.snailbench.inference.schema;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.rewrite.NameMapping;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A team schema's variant ({@link TeamSchema.Variant}: the injected or refined names of a Schema-Refiner
 * experiment) as a virtual schema over the same database: the schema the prompt shows, and the mapping that takes
 * SQL written on the shown names back to the physical ones. A variant renames a column within one table (unlike a
 * crosswalk, which renames a name everywhere), so the mapping lists every column of every table, and the rewriter
 * tells two columns shown under one name apart by the tables the statement uses.
 */
public final class VariantNames {

    private VariantNames() {}

    /** Whether the team's schema is asked on a variant's names. */
    public static boolean of(TeamSchema team) {
        return team != null && team.variant() != null;
    }

    /** The physical schema under the variant's names: columns, keys and foreign keys renamed, samples kept. */
    public static DatabaseSchema shown(TeamSchema team) {
        Map<String, String> shown = shownNames(team);
        return team.schema().withColumnsRenamed((table, column) -> shown.getOrDefault(key(table, column), column));
    }

    /** Shown names → physical names, every column of every table (tables keep their names). */
    public static NameMapping back(TeamSchema team) {
        Map<String, String> shown = shownNames(team);
        Map<String, List<String>> tables = new LinkedHashMap<>();
        Map<String, Map<String, Set<String>>> columns = new LinkedHashMap<>();
        for (DatabaseSchema.Table t : team.schema().tables()) {
            tables.computeIfAbsent(IdentifierQuoting.normalize(t.name()), k -> new ArrayList<>(List.of(t.name())));
            for (DatabaseSchema.Column c : t.columns()) {
                String from = shown.getOrDefault(key(t.name(), c.name()), c.name());
                columns.computeIfAbsent(IdentifierQuoting.normalize(from), k -> new LinkedHashMap<>())
                        .computeIfAbsent(c.name(), k -> new LinkedHashSet<>())
                        .add(IdentifierQuoting.normalize(t.name()));
            }
        }
        Map<String, List<NameMapping.ColumnTarget>> targets = new LinkedHashMap<>();
        columns.forEach((from, to) -> targets.put(
                from,
                to.entrySet().stream()
                        .map(e -> new NameMapping.ColumnTarget(e.getKey(), Set.copyOf(e.getValue())))
                        .toList()));
        return new NameMapping(tables, targets);
    }

    private static Map<String, String> shownNames(TeamSchema team) {
        Map<String, String> shown = new HashMap<>();
        for (TeamSchema.ShownColumn c : team.variant().columns()) {
            shown.put(key(c.table(), c.column()), c.shown());
        }
        return shown;
    }

    private static String key(String table, String column) {
        return IdentifierQuoting.normalize(table) + "." + IdentifierQuoting.normalize(column);
    }
}
