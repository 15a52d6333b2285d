package dev.snailbench.scorer.service.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * Structural characteristics of a query (the FootballDB and SNAILS query tables) and its Spider hardness.
 * Counts cover the whole query (subqueries included) except {@code projections}, which is the outer select
 * list. Hardness follows Spider on the outermost select; a FROM subquery counts as nested, which Spider's own
 * parser cannot express.
 */
public record Characteristics(int joins, int projections, int filters, int aggregations, int setOperations,
        int subqueries, boolean orderBy, boolean groupBy, boolean having, int negations, boolean limit,
        Hardness hardness) {

    private static final Set<String> AGGREGATES = Set.of("COUNT", "SUM", "AVG", "MIN", "MAX", "COUNT_BIG",
            "STDEV", "STDEVP", "VAR", "VARP", "STDDEV", "VARIANCE", "STRING_AGG", "ARRAY_AGG", "BOOL_AND",
            "BOOL_OR", "EVERY", "GROUP_CONCAT", "LISTAGG");

    public static Characteristics of(Statement statement) {
        if (!(statement instanceof Select select)) {
            throw new IllegalArgumentException("only SELECT statements are analysed");
        }
        Counter all = new Counter();
        all.select(select, true);
        PlainSelect main = first(select);
        Hardness hardness = main == null ? Hardness.EXTRA : spider(main, select);
        int projections = main == null ? 0 : main.getSelectItems().size();
        return new Characteristics(all.joins, projections, all.filters, all.aggregations, all.setOperations,
                all.subqueries, OrderBy.topLevel(select), main != null && main.getGroupBy() != null,
                main != null && main.getHaving() != null, all.negations, hasLimit(select), hardness);
    }

    private static PlainSelect first(Select s) {
        if (s instanceof PlainSelect p) {
            return p;
        }
        if (s instanceof SetOperationList sol && !sol.getSelects().isEmpty()) {
            return first(sol.getSelects().get(0));
        }
        if (s instanceof ParenthesedSelect p && p.getSelect() != null) {
            return first(p.getSelect());
        }
        return null;
    }

    private static boolean hasLimit(Select s) {
        if (s.getLimit() != null || s.getFetch() != null) {
            return true;
        }
        PlainSelect p = first(s);
        return p != null && (p.getTop() != null || p.getLimit() != null || p.getFetch() != null);
    }

    private static Hardness spider(PlainSelect main, Select whole) {
        int c1 = 0;
        if (main.getWhere() != null) {
            c1++;
        }
        if (main.getGroupBy() != null) {
            c1++;
        }
        if (OrderBy.topLevel(whole)) {
            c1++;
        }
        if (hasLimit(whole)) {
            c1++;
        }
        int fromUnits = (main.getFromItem() == null ? 0 : 1) + (main.getJoins() == null ? 0 : main.getJoins().size());
        c1 += Math.max(0, fromUnits - 1);
        List<Expression> conds = new ArrayList<>();
        if (main.getJoins() != null) {
            for (Join j : main.getJoins()) {
                if (j.getOnExpressions() != null) {
                    conds.addAll(j.getOnExpressions());
                }
            }
        }
        conds.add(main.getWhere());
        conds.add(main.getHaving());
        int nested = 0;
        for (Expression e : conds) {
            Leaves l = Leaves.of(e);
            c1 += l.ors + l.likes;
            nested += l.nested;
        }
        if (main.getFromItem() instanceof ParenthesedSelect) {
            nested++;
        }
        if (main.getJoins() != null) {
            for (Join j : main.getJoins()) {
                if (j.getFromItem() instanceof ParenthesedSelect) {
                    nested++;
                }
            }
        }
        if (whole instanceof SetOperationList sol) {
            nested += sol.getSelects().size() - 1;
        }
        int others = 0;
        int agg = 0;
        for (SelectItem<?> item : main.getSelectItems()) {
            agg += Counter.aggregatesIn(item.getExpression());
        }
        agg += Counter.aggregatesIn(main.getWhere());
        agg += Counter.aggregatesIn(main.getHaving());
        if (main.getGroupBy() != null && main.getGroupBy().getGroupByExpressionList() != null) {
            for (Object e : main.getGroupBy().getGroupByExpressionList()) {
                agg += Counter.aggregatesIn((Expression) e);
            }
        }
        if (whole.getOrderByElements() != null) {
            for (var o : whole.getOrderByElements()) {
                agg += Counter.aggregatesIn(o.getExpression());
            }
        }
        if (agg > 1) {
            others++;
        }
        if (main.getSelectItems().size() > 1) {
            others++;
        }
        if (Leaves.of(main.getWhere()).count > 1) {
            others++;
        }
        if (main.getGroupBy() != null && main.getGroupBy().getGroupByExpressionList() != null
                && main.getGroupBy().getGroupByExpressionList().size() > 1) {
            others++;
        }
        return Hardness.of(c1, nested, others);
    }

    /** The predicates of a condition split at AND/OR: how many, how many ORs and LIKEs, and subqueries in them. */
    private static final class Leaves {
        int count;
        int ors;
        int likes;
        int nested;

        static Leaves of(Expression e) {
            Leaves l = new Leaves();
            if (e != null) {
                l.walk(e);
            }
            return l;
        }

        private void walk(Expression e) {
            if (e instanceof AndExpression a) {
                walk(a.getLeftExpression());
                walk(a.getRightExpression());
            } else if (e instanceof OrExpression o) {
                ors++;
                walk(o.getLeftExpression());
                walk(o.getRightExpression());
            } else if (e instanceof Parenthesis p) {
                walk(p.getExpression());
            } else if (e instanceof ParenthesedExpressionList<?> pl && pl.size() == 1
                    && !(pl.get(0) instanceof Select)) {
                walk((Expression) pl.get(0));
            } else {
                count++;
                if (e instanceof LikeExpression) {
                    likes++;
                }
                Counter c = new Counter();
                e.accept(c.visitor, null);
                nested += c.subqueries;
            }
        }
    }

    /** Counts over a whole query tree. */
    private static final class Counter {
        int joins;
        int filters;
        int aggregations;
        int setOperations;
        int subqueries;
        int negations;
        final ExpressionVisitorAdapter<Void> visitor = new ExpressionVisitorAdapter<>(null) {
            @Override
            public <S> Void visit(Function f, S context) {
                if (f.getName() != null && AGGREGATES.contains(f.getName().toUpperCase(Locale.ROOT))) {
                    aggregations++;
                }
                return super.visit(f, context);
            }

            @Override
            public <S> Void visit(ParenthesedSelect s, S context) {
                subqueries++;
                select(s, false);
                return null;
            }

            @Override
            public <S> Void visit(Select s, S context) {
                subqueries++;
                select(s, false);
                return null;
            }

            @Override
            public <S> Void visit(NotExpression n, S context) {
                negations++;
                return super.visit(n, context);
            }

            @Override
            public <S> Void visit(NotEqualsTo n, S context) {
                negations++;
                return super.visit(n, context);
            }

            @Override
            public <S> Void visit(InExpression in, S context) {
                if (in.isNot()) {
                    negations++;
                }
                return super.visit(in, context);
            }

            @Override
            public <S> Void visit(LikeExpression like, S context) {
                if (like.isNot()) {
                    negations++;
                }
                return super.visit(like, context);
            }

            @Override
            public <S> Void visit(IsNullExpression isNull, S context) {
                if (isNull.isNot()) {
                    negations++;
                }
                return super.visit(isNull, context);
            }

            @Override
            public <S> Void visit(ExistsExpression exists, S context) {
                if (exists.isNot()) {
                    negations++;
                }
                return super.visit(exists, context);
            }
        };

        static int aggregatesIn(Expression e) {
            if (e == null) {
                return 0;
            }
            Counter c = new Counter();
            e.accept(c.visitor, null);
            return c.aggregations;
        }

        void select(Select s, boolean top) {
            if (s.getWithItemsList() != null) {
                for (var w : s.getWithItemsList()) {
                    if (w.getSelect() != null) {
                        subqueries++;
                        select(w.getSelect(), false);
                    }
                }
            }
            if (s instanceof PlainSelect p) {
                plain(p);
            } else if (s instanceof SetOperationList sol) {
                setOperations += sol.getOperations().size();
                for (Select b : sol.getSelects()) {
                    select(b, false);
                }
            } else if (s instanceof ParenthesedSelect p && p.getSelect() != null) {
                select(p.getSelect(), top);
            }
            if (s.getOrderByElements() != null) {
                s.getOrderByElements().forEach(o -> expr(o.getExpression()));
            }
        }

        private void plain(PlainSelect p) {
            from(p.getFromItem());
            if (p.getJoins() != null) {
                for (Join j : p.getJoins()) {
                    if (!j.isSimple() || p.getJoins().size() > 0) {
                        joins++;
                    }
                    from(j.getFromItem());
                    if (j.getOnExpressions() != null) {
                        j.getOnExpressions().forEach(this::expr);
                    }
                }
            }
            for (SelectItem<?> item : p.getSelectItems()) {
                expr(item.getExpression());
            }
            filters += Leaves.of(p.getWhere()).count + Leaves.of(p.getHaving()).count;
            expr(p.getWhere());
            expr(p.getHaving());
            if (p.getGroupBy() != null && p.getGroupBy().getGroupByExpressionList() != null) {
                for (Object e : p.getGroupBy().getGroupByExpressionList()) {
                    expr((Expression) e);
                }
            }
        }

        private void from(FromItem item) {
            if (item instanceof ParenthesedSelect ps) {
                subqueries++;
                select(ps, false);
            }
        }

        private void expr(Expression e) {
            if (e != null) {
                e.accept(visitor, null);
            }
        }
    }
}
