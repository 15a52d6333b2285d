package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierQuoting;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The repair: a view per table, in a schema of its own, exposing each column under a canonical name, the data
 * untouched. Only ambiguous columns are renamed: an irregular name becomes its canonical name, synonyms share one
 * canonical name, and a homonym is named by what the schema says it holds ({@link HomonymNames#EVIDENCE}). The
 * {@link Renaming} maps physical to canonical names; read backwards it maps SQL written against the views back to
 * the physical schema.
 */
public final class RefinedViews {

    /**
     * How a homonym is renamed. {@link #EVIDENCE} (the default): by the key it references ({@code value} referencing
     * {@code world_cup.year} → {@code world_cup_year}), else by the column of another table whose sample values it
     * shares, else it keeps its name — the table already tells it apart in SQL, and its table's entity in front
     * says nothing of what it holds while making it look like the table's other columns ({@code match_kind} next to
     * {@code match_id}). {@link #TABLE_ENTITY}: always the table's entity in front ({@code value} →
     * {@code stadium_value}), the baseline the recovery experiment compares with.
     */
    public enum HomonymNames {
        EVIDENCE,
        TABLE_ENTITY
    }

    public record ViewLayer(
            String viewSchema,
            String physicalSchema,
            String dialect,
            List<String> statements,
            Map<String, Map<String, String>> columns) {}

    private RefinedViews() {}

    /** Physical → canonical names for the columns the findings name; unique within each table. */
    public static Renaming plan(SchemaGraph graph, List<SemanticPackage> packages, List<Ambiguity> findings) {
        return plan(graph, packages, findings, HomonymNames.EVIDENCE);
    }

    /** {@link #plan(SchemaGraph, List, List)} with the homonyms named as {@code homonyms} says. */
    public static Renaming plan(
            SchemaGraph graph, List<SemanticPackage> packages, List<Ambiguity> findings, HomonymNames homonyms) {
        Map<ColumnRef, SemanticPackage> byColumn = new HashMap<>();
        packages.forEach(p -> byColumn.put(p.column(), p));
        Map<String, String> entity = new HashMap<>();
        for (SchemaGraph.TableNode t : graph.tables()) {
            entity.put(
                    t.name().toLowerCase(Locale.ROOT), Lexicon.entity(t.name()).toLowerCase(Locale.ROOT));
        }
        Map<ColumnRef, String> byEvidence =
                homonyms == HomonymNames.EVIDENCE ? HomonymEvidence.names(graph, packages, findings) : Map.of();
        Map<ColumnRef, String> wanted = new LinkedHashMap<>();
        for (Ambiguity a : findings) {
            for (ColumnRef c : a.columns()) {
                SemanticPackage p = byColumn.get(c);
                if (p == null) {
                    continue;
                }
                String name = switch (a.type()) {
                    case HOMONYM ->
                        homonyms == HomonymNames.TABLE_ENTITY
                                ? entity.get(c.table().toLowerCase(Locale.ROOT)) + "_" + p.canonicalName()
                                : byEvidence.getOrDefault(c, c.column());
                    case SYNONYM -> AmbiguityDetector.meaningName(p.canonicalName());
                    case IRREGULAR -> p.canonicalName();
                };
                String table = entity.get(c.table().toLowerCase(Locale.ROOT));
                SchemaGraph.ColumnNode node = graph.column(c.key());
                if (node != null
                        && name.equalsIgnoreCase(
                                table + "_" + node.valueType().name().toLowerCase(Locale.ROOT))) {
                    // All the packager could say is "a number of player": the view keeps the code after it
                    // (player_number_hgt), so the column stays recognisable and its name unique.
                    name = name + "_" + c.column();
                }
                // A column found twice (a homonym pair and another) keeps its first repair.
                wanted.putIfAbsent(c, name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "_"));
            }
        }
        Map<ColumnRef, String> renamed = new LinkedHashMap<>();
        List<ColumnRef> all = new ArrayList<>();
        Map<String, Set<String>> taken = new HashMap<>();
        for (SchemaGraph.ColumnNode c : graph.columns()) {
            all.add(c.ref());
            if (!wanted.containsKey(c.ref())) {
                taken.computeIfAbsent(c.ref().table().toLowerCase(Locale.ROOT), k -> new HashSet<>())
                        .add(c.ref().column().toLowerCase(Locale.ROOT));
            }
        }
        for (Map.Entry<ColumnRef, String> w : wanted.entrySet()) {
            Set<String> names =
                    taken.computeIfAbsent(w.getKey().table().toLowerCase(Locale.ROOT), k -> new HashSet<>());
            String name = w.getValue();
            for (int k = 2; !names.add(name); k++) {
                name = w.getValue() + "_" + k;
            }
            if (!name.equalsIgnoreCase(w.getKey().column())) {
                renamed.put(w.getKey(), name);
            }
        }
        return new Renaming(renamed, all);
    }

    /** DDL for PostgreSQL or SQL Server: the view schema, then each table's view (replaced as a whole). */
    public static ViewLayer ddl(
            SchemaGraph graph, Renaming renaming, String physicalSchema, String viewSchema, SqlDialect dialect) {
        List<String> statements = new ArrayList<>();
        String vs = IdentifierQuoting.quote(viewSchema, dialect);
        statements.add(
                dialect == SqlDialect.POSTGRESQL
                        ? "CREATE SCHEMA IF NOT EXISTS " + vs
                        : "IF SCHEMA_ID(N'" + viewSchema.replace("'", "''") + "') IS NULL EXEC(N'CREATE SCHEMA "
                                + vs.replace("'", "''") + "')");
        Map<String, Map<String, String>> columns = new LinkedHashMap<>();
        for (SchemaGraph.TableNode t : graph.tables()) {
            String view = vs + '.' + IdentifierQuoting.quote(t.name(), dialect);
            if (dialect == SqlDialect.POSTGRESQL) {
                // CREATE OR REPLACE cannot rename a view's columns: replace the view as a whole.
                statements.add("DROP VIEW IF EXISTS " + view);
            }
            StringBuilder sql = new StringBuilder(
                            dialect == SqlDialect.POSTGRESQL ? "CREATE VIEW " : "CREATE OR ALTER VIEW ")
                    .append(view)
                    .append(" AS SELECT ");
            Map<String, String> mapping = new LinkedHashMap<>();
            List<SchemaGraph.ColumnNode> cols = graph.columnsOf(t.name());
            for (int i = 0; i < cols.size(); i++) {
                ColumnRef c = cols.get(i).ref();
                String name = renaming.nameOf(c);
                if (dialect == SqlDialect.POSTGRESQL && !name.equals(c.column())) {
                    // A new name is meant to be written unquoted, which PostgreSQL folds to lower case.
                    name = name.toLowerCase(Locale.ROOT);
                }
                mapping.put(name, c.column());
                sql.append(i == 0 ? "" : ", ")
                        .append(IdentifierQuoting.quote(c.column(), dialect))
                        .append(" AS ")
                        .append(IdentifierQuoting.quote(name, dialect));
            }
            sql.append(" FROM ")
                    .append(IdentifierQuoting.quote(physicalSchema, dialect))
                    .append('.')
                    .append(IdentifierQuoting.quote(t.name(), dialect));
            statements.add(sql.toString());
            columns.put(t.name(), mapping);
        }
        return new ViewLayer(viewSchema, physicalSchema, dialect.id(), List.copyOf(statements), columns);
    }
}
