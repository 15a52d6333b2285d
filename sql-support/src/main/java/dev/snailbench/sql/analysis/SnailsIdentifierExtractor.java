package dev.snailbench.sql.analysis;

import dev.snailbench.sql.IdentifierQuoting;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * The identifiers of a query as the SNAILS authors' extractor reads them (their ANTLR T-SQL "query element
 * scraper", called by {@code schema_linking_eval.compare_query_schema_elements}), for {@code linking: "snails"}.
 * Its conventions, applied generally (unlike {@link IdentifierExtractor}, which resolves names through scopes):
 * <ul>
 * <li>no scopes: every column reference counts by its last name part, whatever qualifies it, so a select-list alias
 * that ORDER BY names ({@code COUNT(*) AS INJURY_COUNT … ORDER BY INJURY_COUNT}) and a derived table's output
 * column count as columns; every name in FROM/JOIN counts as a table by its last part (a CTE name too);</li>
 * <li>only the parts its visitor walks: the select list, FROM/JOIN (with ON), WHERE, GROUP BY, HAVING and ORDER BY
 * of each query block, derived tables and subqueries; not a CTE body, not the branches of a set operation after
 * the first, not IN lists, window clauses (PARTITION BY / ORDER BY of OVER) nor TOP;</li>
 * <li>only the first statement of a text, and nothing from a statement that is not a SELECT.</li>
 * </ul>
 * What the authors' pipeline loses when their parser's output cannot be read is {@link SnailsLinking}'s concern.
 * Not thread-safe: one instance per query.
 */
final class SnailsIdentifierExtractor {

    private final Set<String> tables = new LinkedHashSet<>();
    private final Set<String> columns = new LinkedHashSet<>();
    private final Expressions expressions = new Expressions();

    private SnailsIdentifierExtractor() {}

    /** The statement's identifiers by the authors' conventions; a statement that is not a SELECT has none. */
    static QueryIdentifiers extract(Statement statement) {
        SnailsIdentifierExtractor x = new SnailsIdentifierExtractor();
        if (statement instanceof Select select) {
            x.select(select);
        }
        return new QueryIdentifiers(x.tables, x.columns, Set.of());
    }

    private void select(Select s) {
        // The authors' parser starts at a query expression: a WITH clause's bodies are never walked.
        if (s instanceof PlainSelect ps) {
            plain(ps);
        } else if (s instanceof SetOperationList sol) {
            // Their visitor walks the first query specification of a set operation and the ORDER BY.
            if (!sol.getSelects().isEmpty()) {
                select(sol.getSelects().get(0));
            }
            orderBy(sol.getOrderByElements());
        } else if (s instanceof ParenthesedSelect p && p.getSelect() != null) {
            select(p.getSelect());
            orderBy(p.getOrderByElements());
        }
    }

    private void plain(PlainSelect ps) {
        for (SelectItem<?> item : ps.getSelectItems()) {
            expr(item.getExpression());
        }
        if (ps.getFromItem() != null) {
            from(ps.getFromItem());
        }
        joins(ps.getJoins());
        expr(ps.getWhere());
        if (ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null) {
            for (Object e : ps.getGroupBy().getGroupByExpressionList()) {
                expr((Expression) e);
            }
        }
        expr(ps.getHaving());
        orderBy(ps.getOrderByElements());
    }

    private void joins(List<Join> joins) {
        if (joins == null) {
            return;
        }
        for (Join j : joins) {
            from(j.getFromItem());
            if (j.getOnExpressions() != null) {
                j.getOnExpressions().forEach(this::expr);
            }
            if (j.getUsingColumns() != null) {
                j.getUsingColumns().forEach(this::expr);
            }
        }
    }

    private void orderBy(List<OrderByElement> elements) {
        if (elements != null) {
            elements.forEach(o -> expr(o.getExpression()));
        }
    }

    private void from(FromItem item) {
        if (item instanceof Table t) {
            tables.add(name(t.getName()));
        } else if (item instanceof ParenthesedSelect p) {
            select(p);
        } else if (item instanceof ParenthesedFromItem pf) {
            from(pf.getFromItem());
            joins(pf.getJoins());
        }
    }

    /** Unquoted, lower-cased, and without white space: their parser prints {@code [VALID FROM]} as VALIDFROM. */
    private static String name(String raw) {
        String n = IdentifierQuoting.normalize(raw);
        return n == null ? null : n.replaceAll("\\s+", "");
    }

    private void expr(Expression e) {
        if (e != null) {
            e.accept(expressions, null);
        }
    }

    private void column(String rawName) {
        String name = name(rawName);
        if (name == null || name.isEmpty() || name.startsWith("@") || IdentifierExtractor.NOT_COLUMNS.contains(name)) {
            return;
        }
        columns.add(name);
    }

    private final class Expressions extends IdentifierVisitor<Void> {

        @Override
        void column(Column column, Void none) {
            SnailsIdentifierExtractor.this.column(column.getColumnName());
        }

        @Override
        void subquery(Select select, Void none) {
            select(select);
        }

        /** Their predicate visitor reads the left side and a subquery, never the values of an IN list. */
        @Override
        public <S> Void visit(InExpression in, S context) {
            expr(in.getLeftExpression());
            if (in.getRightExpression() instanceof Select sub) {
                select(sub);
            }
            return null;
        }

        /** Only the argument of a windowed function: its PARTITION BY and ORDER BY are not read. */
        @Override
        public <S> Void visit(AnalyticExpression analytic, S context) {
            expr(analytic.getExpression());
            return null;
        }

        @Override
        public <S> Void visit(Function function, S context) {
            ExpressionList<?> params = function.getParameters();
            if (params == null || params.isEmpty()) {
                return null;
            }
            for (int i = IdentifierExtractor.keywordFirst(function) ? 1 : 0; i < params.size(); i++) {
                expr(params.get(i));
            }
            return null;
        }
    }
}
