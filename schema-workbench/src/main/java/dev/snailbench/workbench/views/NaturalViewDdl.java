package dev.snailbench.workbench.views;

import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.workbench.crosswalk.CrosswalkPlanner;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code CREATE VIEW} statements exposing every table and column of a native schema under a crosswalk
 * level's names (Regular by default) in a separate schema ({@code db_nl}), and the reverse mapping
 * (view and view column → native table and column). Every identifier is quoted.
 */
public final class NaturalViewDdl {

    public record ColumnMapping(String viewColumn, String nativeColumn) {}

    public record ViewMapping(String view, String nativeTable, List<ColumnMapping> columns) {}

    public record NaturalViews(
            String viewSchema,
            String nativeSchema,
            String dialect,
            String level,
            List<String> statements,
            List<ViewMapping> mapping) {}

    private NaturalViewDdl() {}

    /** @throws InvalidInput when the crosswalk misses identifiers or its names clash in a view */
    public static NaturalViews generate(
            SchemaSpec schema,
            String nativeSchema,
            List<CrosswalkEntry> crosswalk,
            NaturalnessLevel level,
            String viewSchema,
            SqlDialect dialect) {
        if (level == NaturalnessLevel.NATIVE) {
            throw InvalidInput.of("level", "views expose a renamed level: Regular, Low or Least");
        }
        Map<String, CrosswalkEntry> index = CrosswalkPlanner.index(crosswalk);
        Set<String> missing = new TreeSet<>();
        Set<String> problems = new TreeSet<>();
        List<ViewMapping> mapping = new ArrayList<>();
        Set<String> views = new HashSet<>();
        for (SchemaSpec.Table t : schema.tables()) {
            CrosswalkEntry tr = CrosswalkPlanner.lookup(index, CrosswalkEntry.TABLE, t.name());
            if (tr == null) {
                missing.add("table " + t.name());
                continue;
            }
            String view = tr.name(level);
            if (!views.add(view.toLowerCase(Locale.ROOT))) {
                problems.add("two tables map to view '" + view + "'");
            }
            List<ColumnMapping> cols = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (SchemaSpec.Column c : t.columns()) {
                CrosswalkEntry cr = CrosswalkPlanner.lookup(index, CrosswalkEntry.COLUMN, c.name());
                if (cr == null) {
                    missing.add("column " + t.name() + "." + c.name());
                    continue;
                }
                if (!seen.add(cr.name(level).toLowerCase(Locale.ROOT))) {
                    problems.add("two columns of " + t.name() + " map to '" + cr.name(level) + "'");
                }
                cols.add(new ColumnMapping(cr.name(level), c.name()));
            }
            mapping.add(new ViewMapping(view, t.name(), List.copyOf(cols)));
        }
        if (!missing.isEmpty()) {
            throw InvalidInput.of(
                    "crosswalkId",
                    "the crosswalk has no entry for " + missing.size() + " identifiers of the schema: "
                            + String.join(", ", missing.stream().limit(20).toList()));
        }
        if (!problems.isEmpty()) {
            throw InvalidInput.of("crosswalkId", String.join("; ", problems));
        }
        List<String> statements = new ArrayList<>();
        String vs = IdentifierQuoting.quote(viewSchema, dialect);
        statements.add(
                dialect == SqlDialect.POSTGRESQL
                        ? "CREATE SCHEMA IF NOT EXISTS " + vs
                        : "IF SCHEMA_ID(N'" + viewSchema.replace("'", "''") + "') IS NULL EXEC(N'CREATE SCHEMA "
                                + vs.replace("'", "''") + "')");
        for (ViewMapping m : mapping) {
            String qualified = vs + '.' + IdentifierQuoting.quote(m.view(), dialect);
            if (dialect == SqlDialect.POSTGRESQL) {
                // CREATE OR REPLACE cannot rename a view's columns: replace the view as a whole.
                statements.add("DROP VIEW IF EXISTS " + qualified);
            }
            StringBuilder sql =
                    new StringBuilder(dialect == SqlDialect.POSTGRESQL ? "CREATE VIEW " : "CREATE OR ALTER VIEW ");
            sql.append(vs)
                    .append('.')
                    .append(IdentifierQuoting.quote(m.view(), dialect))
                    .append(" AS SELECT ");
            for (int i = 0; i < m.columns().size(); i++) {
                ColumnMapping c = m.columns().get(i);
                sql.append(i == 0 ? "" : ", ")
                        .append(IdentifierQuoting.quote(c.nativeColumn(), dialect))
                        .append(" AS ")
                        .append(IdentifierQuoting.quote(c.viewColumn(), dialect));
            }
            sql.append(" FROM ")
                    .append(IdentifierQuoting.quote(nativeSchema, dialect))
                    .append('.')
                    .append(IdentifierQuoting.quote(m.nativeTable(), dialect));
            statements.add(sql.toString());
        }
        return new NaturalViews(
                viewSchema, nativeSchema, dialect.id(), level.label(), List.copyOf(statements), List.copyOf(mapping));
    }
}
