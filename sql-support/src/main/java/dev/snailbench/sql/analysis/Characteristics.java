package dev.snailbench.sql.analysis;

import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
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
 * list. Hardness is Spider's, computed as Spider's evaluation script does ({@link SpiderHardness}).
 */
public record Characteristics(
        int joins,
        int projections,
        int filters,
        int aggregations,
        int setOperations,
        int subqueries,
        boolean orderBy,
        boolean groupBy,
        boolean having,
        int negations,
        boolean limit,
        Hardness hardness) {

    private static final Set<String> AGGREGATES = Set.of(
            "COUNT",
            "SUM",
            "AVG",
            "MIN",
            "MAX",
            "COUNT_BIG",
            "STDEV",
            "STDEVP",
            "VAR",
            "VARP",
            "STDDEV",
            "VARIANCE",
            "STRING_AGG",
            "ARRAY_AGG",
            "BOOL_AND",
            "BOOL_OR",
            "EVERY",
            "GROUP_CONCAT",
            "LISTAGG");

    public static Characteristics of(Statement statement) {
        if (!(statement instanceof Select select)) {
            throw new IllegalArgumentException("only SELECT statements are analysed");
        }
        Counter all = new Counter();
        all.select(select, true);
        PlainSelect main = first(select);
        Hardness hardness = SpiderHardness.of(select);
        int projections = main == null ? 0 : main.getSelectItems().size();
        return new Characteristics(
                all.joins,
                projections,
                all.filters,
                all.aggregations,
                all.setOperations,
                all.subqueries,
                OrderBy.topLevel(select),
                main != null && main.getGroupBy() != null,
                main != null && main.getHaving() != null,
                all.negations,
                hasLimit(select),
                hardness);
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
            filters += SpiderHardness.predicates(p.getWhere()) + SpiderHardness.predicates(p.getHaving());
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
