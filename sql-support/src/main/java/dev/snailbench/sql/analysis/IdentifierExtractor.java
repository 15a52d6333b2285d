package dev.snailbench.sql.analysis;

import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.analysis.QueryIdentifiers.ColumnRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.DateUnitExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * Scope-aware extraction of the tables and columns a query references. Unlike JSqlParser's TablesNamesFinder
 * it resolves names through scopes: a table alias, CTE name or derived-table alias is never reported as a
 * table (and never hides the real table behind it), a column qualified by a derived table or CTE is an output
 * of that subquery (its base columns are counted inside it), a select-list alias used in ORDER BY is not a
 * column, and the date-part keyword of DATEPART/DATEADD/DATEDIFF is not a column. Names are unquoted
 * ({@code [x]}, {@code "x"}, {@code `x`}) and lower-cased ({@link IdentifierQuoting#normalize}). Not thread-safe:
 * one instance per query.
 */
public final class IdentifierExtractor {

    private static final Set<String> DATE_PART_FUNCTIONS =
            Set.of("DATEPART", "DATEADD", "DATEDIFF", "DATEDIFF_BIG", "DATENAME", "DATETRUNC", "DATE_BUCKET");
    private static final Set<String> TYPE_FIRST_FUNCTIONS = Set.of("CONVERT", "TRY_CONVERT");
    /** Bare words that are values, never columns (shared with {@link SnailsIdentifierExtractor}). */
    static final Set<String> NOT_COLUMNS = Set.of(
            "true",
            "false",
            "null",
            "current_timestamp",
            "current_date",
            "current_time",
            "current_user",
            "session_user",
            "localtimestamp",
            "localtime");

    private final Set<String> tables = new LinkedHashSet<>();
    private final Set<String> columns = new LinkedHashSet<>();
    private final Set<ColumnRef> refs = new LinkedHashSet<>();
    private final Expressions expressions = new Expressions();

    private IdentifierExtractor() {}

    public static QueryIdentifiers extract(Statement statement) {
        IdentifierExtractor x = new IdentifierExtractor();
        if (statement instanceof Select select) {
            x.select(select, null);
        } else {
            throw new IllegalArgumentException("only SELECT statements are analysed, got "
                    + statement.getClass().getSimpleName());
        }
        return new QueryIdentifiers(x.tables, x.columns, x.refs);
    }

    // ---- scopes --------------------------------------------------------------------------------------------

    /** What a name in FROM stands for: a real table, or a subquery / CTE with these output columns. */
    private record Source(String realTable, Set<String> outputs) {}

    private static final class Scope {
        final Scope parent;
        final Map<String, Source> sources = new HashMap<>();
        final Map<String, Set<String>> ctes = new HashMap<>();
        final Set<String> selectAliases = new HashSet<>();
        boolean inOrderBy;

        Scope(Scope parent) {
            this.parent = parent;
        }

        Source source(String name) {
            for (Scope s = this; s != null; s = s.parent) {
                Source src = s.sources.get(name);
                if (src != null) {
                    return src;
                }
            }
            return null;
        }

        Set<String> cte(String name) {
            for (Scope s = this; s != null; s = s.parent) {
                Set<String> out = s.ctes.get(name);
                if (out != null) {
                    return out;
                }
            }
            return null;
        }
    }

    // ---- selects -------------------------------------------------------------------------------------------

    /** Walks a select and returns the names of its output columns (for derived tables and CTEs). */
    private Set<String> select(Select s, Scope outer) {
        Scope scope = outer;
        if (s.getWithItemsList() != null && !s.getWithItemsList().isEmpty()) {
            scope = new Scope(outer);
            for (WithItem<?> w : s.getWithItemsList()) {
                String name = IdentifierQuoting.normalize(w.getAliasName());
                Set<String> declared = new LinkedHashSet<>();
                if (w.getWithItemList() != null) {
                    for (SelectItem<?> item : w.getWithItemList()) {
                        declared.add(IdentifierQuoting.normalize(item.toString()));
                    }
                }
                // A recursive CTE (WITH RECURSIVE, or T-SQL's implicit form: always a UNION) sees its own name in
                // its body; any other CTE body still reads the real table of that name.
                boolean recursive =
                        w.isRecursive() || (w.getSelect() != null && unwrap(w.getSelect()) instanceof SetOperationList);
                if (recursive) {
                    scope.ctes.put(name, declared);
                }
                if (w.getSelect() != null) {
                    Set<String> outputs = select(w.getSelect(), scope);
                    if (declared.isEmpty()) {
                        declared.addAll(outputs);
                    }
                }
                scope.ctes.put(name, declared);
            }
        }
        Set<String> outputs;
        if (s instanceof PlainSelect ps) {
            outputs = plain(ps, scope);
        } else if (s instanceof SetOperationList sol) {
            outputs = null;
            for (Select branch : sol.getSelects()) {
                Set<String> o = select(branch, scope);
                if (outputs == null) {
                    outputs = o;
                }
            }
            outputs = outputs == null ? new LinkedHashSet<>() : outputs;
            orderBy(sol.getOrderByElements(), outputs, scope);
        } else if (s instanceof ParenthesedSelect p) {
            outputs = p.getSelect() == null ? new LinkedHashSet<>() : select(p.getSelect(), scope);
            orderBy(p.getOrderByElements(), outputs, scope);
        } else {
            outputs = new LinkedHashSet<>();
        }
        return outputs;
    }

    private static Select unwrap(Select s) {
        Select x = s;
        while (x instanceof ParenthesedSelect p && p.getSelect() != null) {
            x = p.getSelect();
        }
        return x;
    }

    private Set<String> plain(PlainSelect ps, Scope outer) {
        Scope scope = new Scope(outer);
        List<Join> joins = ps.getJoins() == null ? List.of() : ps.getJoins();
        if (ps.getFromItem() != null) {
            from(ps.getFromItem(), scope);
        }
        for (Join j : joins) {
            from(j.getFromItem(), scope);
        }
        joinConditions(joins, scope);
        Set<String> outputs = new LinkedHashSet<>();
        for (SelectItem<?> item : ps.getSelectItems()) {
            Alias alias = item.getAlias();
            Expression e = item.getExpression();
            if (alias != null) {
                String a = IdentifierQuoting.normalize(alias.getName());
                scope.selectAliases.add(a);
                outputs.add(a);
            } else if (e instanceof Column c) {
                outputs.add(IdentifierQuoting.normalize(c.getColumnName()));
            }
            if (!(e instanceof AllColumns)) {
                expr(e, scope);
            }
        }
        expr(ps.getWhere(), scope);
        if (ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null) {
            for (Object e : ps.getGroupBy().getGroupByExpressionList()) {
                expr((Expression) e, scope);
            }
        }
        expr(ps.getHaving(), scope);
        expr(ps.getQualify(), scope);
        if (ps.getTop() != null) {
            expr(ps.getTop().getExpression(), scope);
        }
        orderBy(ps.getOrderByElements(), scope.selectAliases, scope);
        return outputs;
    }

    private void orderBy(List<OrderByElement> elements, Set<String> aliases, Scope scope) {
        if (elements == null || elements.isEmpty()) {
            return;
        }
        Scope s = scope;
        if (s == null || s.selectAliases != aliases) {
            s = new Scope(scope);
            s.selectAliases.addAll(aliases);
        }
        s.inOrderBy = true;
        for (OrderByElement o : elements) {
            expr(o.getExpression(), s);
        }
        s.inOrderBy = false;
    }

    private void joinConditions(List<Join> joins, Scope scope) {
        for (Join j : joins) {
            if (j.getOnExpressions() != null) {
                for (Expression on : j.getOnExpressions()) {
                    expr(on, scope);
                }
            }
            if (j.getUsingColumns() != null) {
                for (Column c : j.getUsingColumns()) {
                    expr(c, scope);
                }
            }
        }
    }

    private void from(FromItem item, Scope scope) {
        if (item instanceof Table t) {
            String name = IdentifierQuoting.normalize(t.getName());
            Source src;
            Set<String> cte = t.getSchemaName() == null ? scope.cte(name) : null;
            if (cte != null) {
                src = new Source(null, cte);
            } else {
                tables.add(name);
                src = new Source(name, Set.of());
            }
            scope.sources.put(
                    t.getAlias() != null
                            ? IdentifierQuoting.normalize(t.getAlias().getName())
                            : name,
                    src);
        } else if (item instanceof ParenthesedSelect p) {
            // The enclosing scope is the parent: LATERAL / CROSS APPLY subqueries see earlier FROM items.
            Set<String> outputs = select(p, scope);
            if (p.getAlias() != null) {
                scope.sources.put(IdentifierQuoting.normalize(p.getAlias().getName()), new Source(null, outputs));
            }
        } else if (item instanceof ParenthesedFromItem pf) {
            from(pf.getFromItem(), scope);
            List<Join> joins = pf.getJoins() == null ? List.of() : pf.getJoins();
            for (Join j : joins) {
                from(j.getFromItem(), scope);
            }
            joinConditions(joins, scope);
        } else if (item instanceof TableFunction tf) {
            expr(tf.getFunction(), scope);
            if (tf.getAlias() != null) {
                scope.sources.put(IdentifierQuoting.normalize(tf.getAlias().getName()), new Source(null, Set.of()));
            }
        }
    }

    // ---- expressions ---------------------------------------------------------------------------------------

    private void expr(Expression e, Scope scope) {
        if (e != null) {
            e.accept(expressions, scope);
        }
    }

    private void column(Column c, Scope scope) {
        String name = IdentifierQuoting.normalize(c.getColumnName());
        if (name == null || name.isEmpty() || name.startsWith("@")) {
            return;
        }
        Table t = c.getTable();
        String qualifier = t == null || t.getName() == null ? null : IdentifierQuoting.normalize(t.getName());
        if (qualifier == null) {
            if (NOT_COLUMNS.contains(name)) {
                return;
            }
            if (scope.inOrderBy && scope.selectAliases.contains(name)) {
                return;
            }
            if (isSubqueryOutput(name, scope)) {
                return;
            }
            String table = onlyRealTable(scope);
            columns.add(name);
            refs.add(new ColumnRef(table, name));
            return;
        }
        Source src = scope.source(qualifier);
        if (src == null) {
            // Qualified by a real table name that is not (yet) in scope: still a reference to that table.
            columns.add(name);
            refs.add(new ColumnRef(qualifier, name));
        } else if (src.realTable() != null) {
            columns.add(name);
            refs.add(new ColumnRef(src.realTable(), name));
        }
    }

    /** An unqualified name that only a derived table or CTE of the nearest FROM provides. */
    private static boolean isSubqueryOutput(String name, Scope scope) {
        for (Scope s = scope; s != null; s = s.parent) {
            if (s.sources.isEmpty()) {
                continue;
            }
            boolean anyReal = false;
            for (Source src : s.sources.values()) {
                if (src.realTable() == null && src.outputs().contains(name)) {
                    return true;
                }
                anyReal |= src.realTable() != null;
            }
            if (anyReal) {
                return false;
            }
        }
        return false;
    }

    /** The real table an unqualified column belongs to when the nearest FROM has exactly one. */
    private static String onlyRealTable(Scope scope) {
        for (Scope s = scope; s != null; s = s.parent) {
            if (s.sources.isEmpty()) {
                continue;
            }
            String only = null;
            for (Source src : s.sources.values()) {
                if (src.realTable() != null) {
                    if (only != null && !only.equals(src.realTable())) {
                        return null;
                    }
                    only = src.realTable();
                }
            }
            return only;
        }
        return null;
    }

    private final class Expressions extends IdentifierVisitor<Scope> {

        @Override
        void column(Column column, Scope scope) {
            IdentifierExtractor.this.column(column, scope);
        }

        @Override
        void subquery(Select select, Scope scope) {
            select(select, scope);
        }

        @Override
        public <S> Void visit(Function function, S context) {
            if (keywordFirst(function)) {
                ExpressionList<?> params = function.getParameters();
                List<Expression> rest = new ArrayList<>(params.subList(1, params.size()));
                for (Expression e : rest) {
                    expr(e, (Scope) context);
                }
                return null;
            }
            return super.visit(function, context);
        }
    }

    /**
     * Whether a function's first argument is a keyword, not a column: the date part of DATEPART(year, …) and the
     * like, the type of CONVERT(int, …).
     */
    static boolean keywordFirst(Function function) {
        String name = function.getName() == null ? "" : function.getName().toUpperCase(Locale.ROOT);
        ExpressionList<?> params = function.getParameters();
        return (DATE_PART_FUNCTIONS.contains(name) || TYPE_FIRST_FUNCTIONS.contains(name))
                && params != null
                && !params.isEmpty()
                && (params.get(0) instanceof Column || params.get(0) instanceof DateUnitExpression);
    }
}
