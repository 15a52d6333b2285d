package dev.snailbench.sql.rewrite;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.LexicalIdentifiers;
import dev.snailbench.sql.SqlLexer;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.SqlParser;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import net.sf.jsqlparser.expression.DateUnitExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;

/**
 * Renames table and column identifiers of a SQL statement in its syntax tree (naturalize: native → level;
 * denaturalize: level → native). Never touches text: {@code Ht} cannot change inside {@code Height} or inside a
 * string literal. Aliases, CTE names and identifiers the mapping does not know are left as written; the unknown
 * ones are reported, as are names the mapping cannot decide between. Parsing is blocking: call it on a worker.
 */
public final class IdentifierRewriter {

    public record Replacement(String from, String to) {}

    /**
     * The rewritten SQL; {@code method} is {@link #PARSED} (renamed in the syntax tree) or {@link #TOKENS}
     * (the statement did not parse: renamed token by token outside literals and comments).
     */
    public record Result(
            String sql, List<Replacement> replaced, List<String> unknown, List<String> ambiguous, String method) {}

    public static final String PARSED = "parsed";
    public static final String TOKENS = "tokens";

    /** A schema identifier found in a statement: kind {@code table} or {@code column}, lower-case name. */
    public record Identifier(String kind, String name) {}

    /**
     * How renamed names are written. {@link #AS_WRITTEN}: with the quotes the name had (a bare name quoted only when
     * it must). {@link #views}: the same query on a layer of views in {@code viewSchema}: every renamed name in the
     * dialect's quotes, every renamed table in the views' schema, column qualifiers without a schema, and a bare
     * ORDER BY item that names an output alias of its select left alone (it means the output column).
     */
    public record Style(String viewSchema) {

        public static final Style AS_WRITTEN = new Style(null);

        public static Style views(String viewSchema) {
            return new Style(Objects.requireNonNull(viewSchema, "viewSchema"));
        }

        boolean onViews() {
            return viewSchema != null;
        }

        String write(String written, String target, SqlDialect dialect) {
            return onViews()
                    ? IdentifierQuoting.quote(target, dialect)
                    : IdentifierQuoting.requote(written, target, dialect);
        }
    }

    private final SqlParser parser;

    /** @param parser the service's shared parser */
    public IdentifierRewriter(SqlParser parser) {
        this.parser = parser;
    }

    /**
     * @throws SqlParseException when the SQL does not parse, or holds more than one statement (JSqlParser
     *     would read the first and the printed SQL would silently lose the others)
     */
    public Result rewrite(String sql, SqlDialect dialect, NameMapping mapping) {
        return rewrite(sql, dialect, mapping, Style.AS_WRITTEN);
    }

    /**
     * {@link #rewrite(String, SqlDialect, NameMapping)} with the renamed names written in {@code style}.
     *
     * @throws SqlParseException when the SQL does not parse, or holds more than one statement
     */
    public Result rewrite(String sql, SqlDialect dialect, NameMapping mapping, Style style) {
        if (moreThanOneStatement(sql, dialect)) {
            throw new SqlParseException(
                    dialect, "more than one statement: only one can be rewritten in its tree", -1, -1, null);
        }
        Statement statement = parser.parse(sql, dialect);
        NodeCollector nodes = NodeCollector.of(statement);
        Set<Replacement> replaced = new LinkedHashSet<>();
        Set<String> unknown = new LinkedHashSet<>();
        Set<String> ambiguous = new LinkedHashSet<>();

        // Tables first: column disambiguation needs to know which (renamed) tables the statement uses.
        Set<String> statementTables = new LinkedHashSet<>();
        Map<String, String> aliasTarget = new HashMap<>();
        for (Table table : nodes.tables) {
            String written = table.getName();
            String key = IdentifierQuoting.normalize(written);
            if (written == null || (nodes.cteNames.contains(key) && table.getSchemaName() == null)) {
                continue; // a CTE reference, not a table of the schema
            }
            String target = single(mapping.tables().get(key), written, unknown, ambiguous);
            if (target == null) {
                continue;
            }
            table.setName(style.write(written, target, dialect));
            if (style.onViews()) {
                table.setSchemaName(IdentifierQuoting.quote(style.viewSchema(), dialect));
            }
            replaced.add(new Replacement(IdentifierQuoting.unquote(written), target));
            statementTables.add(IdentifierQuoting.normalize(target));
            if (table.getAlias() != null) {
                aliasTarget.put(
                        IdentifierQuoting.normalize(table.getAlias().getName()), IdentifierQuoting.normalize(target));
            }
        }

        for (Table qualifier : nodes.allColumnsQualifiers) {
            renameQualifier(qualifier, nodes, mapping, dialect, style, aliasTarget, replaced, unknown, ambiguous);
        }
        for (Column column : nodes.columns) {
            if (nodes.datePartArguments.contains(column)
                    || (style.onViews() && nodes.outputAliasRefs.contains(column))) {
                continue;
            }
            String written = column.getColumnName();
            String key = IdentifierQuoting.normalize(written);
            if (written == null || key.startsWith("@")) {
                continue; // T-SQL variables are not identifiers of the schema
            }
            Table qualifier = column.getTable();
            boolean qualified = qualifier != null && qualifier.getName() != null;
            String ownerTable = qualified
                    ? renameQualifier(
                            qualifier, nodes, mapping, dialect, style, aliasTarget, replaced, unknown, ambiguous)
                    : null;
            boolean derivedOwner =
                    qualified && nodes.derivedNames.contains(IdentifierQuoting.normalize(qualifier.getName()));
            List<NameMapping.ColumnTarget> candidates = mapping.columns().get(key);
            if (candidates == null) {
                // A select alias or a column a subquery named: not a schema identifier, so not unknown either.
                if (!(derivedOwner || (!qualified && nodes.selectAliases.contains(key)))) {
                    unknown.add(IdentifierQuoting.unquote(written));
                }
                continue;
            }
            String target = pickColumn(candidates, ownerTable, statementTables);
            if (target == null) {
                ambiguous.add(IdentifierQuoting.unquote(written));
                continue;
            }
            column.setColumnName(style.write(written, target, dialect));
            replaced.add(new Replacement(IdentifierQuoting.unquote(written), target));
        }
        for (DateUnitExpression unit : nodes.dateUnitColumns) {
            String written = unit.toString();
            List<NameMapping.ColumnTarget> candidates = mapping.columns().get(IdentifierQuoting.normalize(written));
            if (candidates == null) {
                continue; // a real date unit (INTERVAL, EXTRACT…), not a column
            }
            String target = pickColumn(candidates, null, statementTables);
            if (target == null) {
                ambiguous.add(written);
                continue;
            }
            nodes.dateUnitRenames.put(unit, style.write(written, target, dialect));
            replaced.add(new Replacement(written, target));
        }
        return new Result(nodes.print(), List.copyOf(replaced), List.copyOf(unknown), List.copyOf(ambiguous), PARSED);
    }

    /** A ';' followed by anything but more semicolons, outside literals and comments. */
    static boolean moreThanOneStatement(String sql, SqlDialect dialect) {
        boolean separated = false;
        for (SqlLexer.Token t : SqlLexer.tokens(sql, dialect)) {
            if (t.kind() == SqlLexer.Kind.SYMBOL && t.text().equals(";")) {
                separated = true;
            } else if (separated) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@link #rewrite}, or when the statement does not parse (a stray token, an unfinished statement: a model's
     * answer) or holds several statements, {@link #rewriteTokens}, so that every answer can still be mapped back
     * and scored, never refused.
     */
    public Result rewriteOrTokens(String sql, SqlDialect dialect, NameMapping mapping) {
        try {
            return rewrite(sql, dialect, mapping);
        } catch (SqlParseException e) {
            return rewriteTokens(sql, dialect, mapping);
        }
    }

    /**
     * Renames the tables and columns found among the statement's tokens (sql-support's {@link LexicalIdentifiers}:
     * never inside a literal or a comment, aliases and function names left alone); the rest of the text is kept
     * byte for byte.
     */
    public static Result rewriteTokens(String sql, SqlDialect dialect, NameMapping mapping) {
        List<LexicalIdentifiers.Found> found = LexicalIdentifiers.find(sql, dialect);
        Set<String> statementTables = new LinkedHashSet<>();
        for (LexicalIdentifiers.Found f : found) {
            List<String> targets = f.table() ? mapping.tables().get(f.name()) : null;
            if (targets != null && targets.size() == 1) {
                statementTables.add(IdentifierQuoting.normalize(targets.get(0)));
            }
        }
        Set<Replacement> replaced = new LinkedHashSet<>();
        Set<String> unknown = new LinkedHashSet<>();
        Set<String> ambiguous = new LinkedHashSet<>();
        StringBuilder out = new StringBuilder(sql.length() + 32);
        int copied = 0;
        for (LexicalIdentifiers.Found f : found) {
            String written = sql.substring(f.token().start(), f.token().end());
            String target = tokenTarget(f, written, mapping, statementTables, unknown, ambiguous);
            if (target == null) {
                continue;
            }
            out.append(sql, copied, f.token().start()).append(IdentifierQuoting.requote(written, target, dialect));
            copied = f.token().end();
            replaced.add(new Replacement(IdentifierQuoting.unquote(written), target));
        }
        out.append(sql, copied, sql.length());
        return new Result(out.toString(), List.copyOf(replaced), List.copyOf(unknown), List.copyOf(ambiguous), TOKENS);
    }

    /** A token's target name: as a table or a column as it was read, else as the other kind; null when none. */
    private static String tokenTarget(
            LexicalIdentifiers.Found f,
            String written,
            NameMapping mapping,
            Set<String> statementTables,
            Set<String> unknown,
            Set<String> ambiguous) {
        List<String> tables = mapping.tables().get(f.name());
        List<NameMapping.ColumnTarget> columns = mapping.columns().get(f.name());
        if (f.table() && tables != null || !f.table() && columns == null && tables != null) {
            return single(tables, written, unknown, ambiguous);
        }
        if (columns == null) {
            unknown.add(IdentifierQuoting.unquote(written));
            return null;
        }
        String target = pickColumn(columns, null, statementTables);
        if (target == null) {
            ambiguous.add(IdentifierQuoting.unquote(written));
        }
        return target;
    }

    /** The schema identifiers a statement uses, in the order the deparser meets them (for comparisons). */
    public List<Identifier> identifiers(String sql, SqlDialect dialect) {
        NodeCollector nodes = NodeCollector.of(parser.parse(sql, dialect));
        List<Identifier> ids = new ArrayList<>();
        for (Table table : nodes.tables) {
            String key = IdentifierQuoting.normalize(table.getName());
            if (key != null && !(nodes.cteNames.contains(key) && table.getSchemaName() == null)) {
                ids.add(new Identifier("table", key));
            }
        }
        List<Table> qualifiers = new ArrayList<>(nodes.allColumnsQualifiers);
        for (Column column : nodes.columns) {
            if (nodes.datePartArguments.contains(column) || column.getColumnName() == null) {
                continue;
            }
            String key = IdentifierQuoting.normalize(column.getColumnName());
            Table q = column.getTable();
            boolean qualified = q != null && q.getName() != null;
            if (qualified) {
                qualifiers.add(q);
            }
            if (!key.startsWith("@")) {
                ids.add(new Identifier("column", key));
            }
        }
        for (DateUnitExpression unit : nodes.dateUnitColumns) {
            ids.add(new Identifier("column", IdentifierQuoting.normalize(unit.toString())));
        }
        for (Table q : qualifiers) {
            String key = IdentifierQuoting.normalize(q.getName());
            if (!nodes.isRangeAlias(key)) {
                ids.add(new Identifier("table", key));
            }
        }
        return ids;
    }

    /**
     * Renames a column qualifier that is a table name (an alias stays as written) and returns the target-level
     * table it designates, or null when unknown.
     */
    private static String renameQualifier(
            Table qualifier,
            NodeCollector nodes,
            NameMapping mapping,
            SqlDialect dialect,
            Style style,
            Map<String, String> aliasTarget,
            Set<Replacement> replaced,
            Set<String> unknown,
            Set<String> ambiguous) {
        String written = qualifier.getName();
        if (written == null) {
            return null;
        }
        String key = IdentifierQuoting.normalize(written);
        if (nodes.isRangeAlias(key)) {
            return aliasTarget.get(key);
        }
        String target = single(mapping.tables().get(key), written, unknown, ambiguous);
        if (target == null) {
            return null;
        }
        qualifier.setName(style.write(written, target, dialect));
        if (style.onViews()) {
            qualifier.setSchemaName(null);
        }
        replaced.add(new Replacement(IdentifierQuoting.unquote(written), target));
        return IdentifierQuoting.normalize(target);
    }

    private static String single(List<String> targets, String written, Set<String> unknown, Set<String> ambiguous) {
        if (targets == null || targets.isEmpty()) {
            unknown.add(IdentifierQuoting.unquote(written));
            return null;
        }
        if (targets.size() > 1) {
            ambiguous.add(IdentifierQuoting.unquote(written));
            return null;
        }
        return targets.get(0);
    }

    private static String pickColumn(
            List<NameMapping.ColumnTarget> candidates, String ownerTable, Set<String> statementTables) {
        if (candidates.size() == 1) {
            return candidates.get(0).name();
        }
        List<NameMapping.ColumnTarget> fitting = candidates.stream()
                .filter(c -> ownerTable != null
                        ? c.tables().contains(ownerTable)
                        : c.tables().stream().anyMatch(statementTables::contains))
                .toList();
        return fitting.size() == 1 ? fitting.get(0).name() : null;
    }
}
