package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SqlDialect;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A schema with injected ambiguity: the schema under its new names, how each original column was renamed, and
 * the ground truth (columns named as in the injected schema).
 */
public record InjectedSchema(DatabaseSchema schema, Renaming renaming, List<Ambiguity> truth) {

    /** The original column behind a column of the injected schema. */
    public ColumnRef originalOf(ColumnRef injected) {
        for (ColumnRef c : renaming.all()) {
            if (c.table().equalsIgnoreCase(injected.table())
                    && renaming.nameOf(c).equalsIgnoreCase(injected.column())) {
                return c;
            }
        }
        return injected;
    }

    /**
     * The injected schema as a database shows it once {@link RefinedViews#ddl} made it views: on PostgreSQL the new
     * names are lower case (they are meant to be written unquoted, which PostgreSQL folds).
     */
    public DatabaseSchema as(SqlDialect dialect) {
        if (dialect != SqlDialect.POSTGRESQL) {
            return schema;
        }
        Set<String> renamed = new HashSet<>();
        renaming.renamed().forEach((c, name) -> renamed.add(new ColumnRef(c.table(), name).key()));
        return schema.withColumnsRenamed((table, column) ->
                renamed.contains(new ColumnRef(table, column).key()) ? column.toLowerCase(Locale.ROOT) : column);
    }

    /** {@link #toOriginal} for many findings: the reverse of the renaming indexed once. */
    public Function<Ambiguity, Ambiguity> toOriginalNames() {
        Map<String, ColumnRef> back = new HashMap<>();
        for (ColumnRef c : renaming.all()) {
            back.put(new ColumnRef(c.table(), renaming.nameOf(c)).key(), c);
        }
        return a -> new Ambiguity(
                a.type(),
                a.columns().stream().map(c -> back.getOrDefault(c.key(), c)).toList(),
                a.sss(),
                a.evidence(),
                a.grounds());
    }

    /** A finding on the injected schema, its columns named as in the original schema. */
    public Ambiguity toOriginal(Ambiguity a) {
        return new Ambiguity(
                a.type(), a.columns().stream().map(this::originalOf).toList(), a.sss(), a.evidence(), a.grounds());
    }
}
