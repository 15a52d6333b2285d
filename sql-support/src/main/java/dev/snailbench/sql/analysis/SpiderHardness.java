package dev.snailbench.sql.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * Spider's {@code eval_hardness} (evaluation.py: count_component1, count_component2, count_others) on
 * JSqlParser's tree, reproducing how Spider's own parser shapes a query rather than what the query means:
 * <ul>
 * <li>a set operation belongs to its first SELECT ({@code sql['union']} etc.): it counts once as nested however
 * long the chain, and an ORDER BY or LIMIT after it belongs to the last SELECT, not the first;</li>
 * <li>a subquery in FROM is a table unit (one more table), not a nested query;</li>
 * <li>nested queries are the subqueries that are direct operands of a condition in FROM ... ON, WHERE or HAVING,
 * not the ones inside them;</li>
 * <li>an aggregation counts once per select item or ORDER BY item that is aggregated; in WHERE and HAVING Spider
 * tests the condition's NOT flag instead (a quirk of {@code has_agg} on condition units), and in HAVING every
 * AND/OR between conditions counts too;</li>
 * <li>LIKE covers NOT LIKE and PostgreSQL's ILIKE, the operator FootballDB's queries use.</li>
 * </ul>
 */
final class SpiderHardness {

    private static final Set<String> AGGREGATES = Set.of("COUNT", "SUM", "AVG", "MIN", "MAX", "COUNT_BIG");

    private SpiderHardness() {
    }

    static Hardness of(Select statement) {
        Select whole = unwrap(statement);
        int nested = 0;
        Select first = whole;
        boolean clausesOfFirstOnly = false;
        if (whole instanceof SetOperationList sol && sol.getSelects().size() > 1) {
            nested++;
            first = unwrap(sol.getSelects().get(0));
            clausesOfFirstOnly = true;
        }
        if (!(first instanceof PlainSelect main)) {
            return Hardness.EXTRA;
        }
        boolean orderBy = hasOrderBy(main) || !clausesOfFirstOnly && hasOrderBy(whole);
        boolean limit = hasLimit(main) || !clausesOfFirstOnly && hasLimit(whole);

        int c1 = (main.getWhere() != null ? 1 : 0) + (groupBy(main).isEmpty() ? 0 : 1) + (orderBy ? 1 : 0)
                + (limit ? 1 : 0);
        int tableUnits = (main.getFromItem() == null ? 0 : 1) + (main.getJoins() == null ? 0 : main.getJoins().size());
        c1 += Math.max(0, tableUnits - 1);

        Conditions on = new Conditions();
        if (main.getJoins() != null) {
            for (Join j : main.getJoins()) {
                if (j.getOnExpressions() != null) {
                    j.getOnExpressions().forEach(on::add);
                }
            }
        }
        Conditions where = new Conditions().add(main.getWhere());
        Conditions having = new Conditions().add(main.getHaving());
        for (Conditions c : List.of(on, where, having)) {
            c1 += c.ors + c.likes;
            nested += c.nested;
        }

        int aggregations = 0;
        for (SelectItem<?> item : main.getSelectItems()) {
            aggregations += aggregated(item.getExpression()) ? 1 : 0;
        }
        aggregations += where.negated;
        for (Expression e : groupBy(main)) {
            aggregations += aggregated(e) ? 1 : 0;
        }
        for (OrderByElement o : orderBy ? orderByOf(main, whole, clausesOfFirstOnly) : List.<OrderByElement>of()) {
            aggregations += aggregated(o.getExpression()) ? 1 : 0;
        }
        aggregations += having.negated + having.connectives;

        int others = (aggregations > 1 ? 1 : 0) + (main.getSelectItems().size() > 1 ? 1 : 0)
                + (where.units > 1 ? 1 : 0) + (groupBy(main).size() > 1 ? 1 : 0);
        return Hardness.of(c1, nested, others);
    }

    /** How many predicates a condition has once split at AND/OR (0 for none). */
    static int predicates(Expression condition) {
        return new Conditions().add(condition).units;
    }

    private static Select unwrap(Select s) {
        Select current = s;
        while (current instanceof ParenthesedSelect p && p.getSelect() != null && p.getOrderByElements() == null
                && p.getLimit() == null) {
            current = p.getSelect();
        }
        return current;
    }

    private static boolean hasOrderBy(Select s) {
        return s.getOrderByElements() != null && !s.getOrderByElements().isEmpty();
    }

    private static boolean hasLimit(Select s) {
        return s.getLimit() != null || s.getFetch() != null || s instanceof PlainSelect p && p.getTop() != null;
    }

    private static List<OrderByElement> orderByOf(PlainSelect main, Select whole, boolean clausesOfFirstOnly) {
        if (hasOrderBy(main)) {
            return main.getOrderByElements();
        }
        return clausesOfFirstOnly ? List.of() : whole.getOrderByElements();
    }

    private static List<Expression> groupBy(PlainSelect p) {
        if (p.getGroupBy() == null || p.getGroupBy().getGroupByExpressionList() == null) {
            return List.of();
        }
        List<Expression> keys = new ArrayList<>();
        for (Object e : p.getGroupBy().getGroupByExpressionList()) {
            keys.add((Expression) e);
        }
        return keys;
    }

    /** Spider's agg_id: the unit is an aggregate call (possibly inside arithmetic), not one in a subquery. */
    private static boolean aggregated(Expression e) {
        if (e instanceof Function f) {
            return f.getName() != null && AGGREGATES.contains(f.getName().toUpperCase(Locale.ROOT));
        }
        if (e instanceof Parenthesis p) {
            return aggregated(p.getExpression());
        }
        if (e instanceof BinaryExpression b) {
            return aggregated(b.getLeftExpression()) || aggregated(b.getRightExpression());
        }
        return false;
    }

    /** A condition list as Spider stores it: condition units separated by 'and'/'or'. */
    private static final class Conditions {
        int units;
        int connectives;
        int ors;
        int likes;
        int negated;
        int nested;

        Conditions add(Expression e) {
            if (e == null) {
                return this;
            }
            if (units > 0) {
                connectives++;
            }
            walk(e);
            return this;
        }

        private void walk(Expression e) {
            if (e instanceof AndExpression a) {
                walk(a.getLeftExpression());
                connectives++;
                walk(a.getRightExpression());
            } else if (e instanceof OrExpression o) {
                walk(o.getLeftExpression());
                connectives++;
                ors++;
                walk(o.getRightExpression());
            } else if (e instanceof Parenthesis p) {
                walk(p.getExpression());
            } else if (e instanceof ParenthesedExpressionList<?> pl && pl.size() == 1
                    && !(pl.get(0) instanceof Select)) {
                walk((Expression) pl.get(0));
            } else {
                unit(e);
            }
        }

        private void unit(Expression e) {
            units++;
            Expression condition = e;
            if (condition instanceof NotExpression n) {
                negated++;
                condition = n.getExpression();
            }
            if (condition instanceof LikeExpression like) {
                likes++;
                negated += like.isNot() ? 1 : 0;
            } else if (condition instanceof InExpression in) {
                negated += in.isNot() ? 1 : 0;
                nested += subquery(in.getRightExpression()) + subquery(in.getLeftExpression());
            } else if (condition instanceof Between between) {
                negated += between.isNot() ? 1 : 0;
                nested += subquery(between.getBetweenExpressionStart()) + subquery(between.getBetweenExpressionEnd());
            } else if (condition instanceof ExistsExpression exists) {
                negated += exists.isNot() ? 1 : 0;
                nested += subquery(exists.getRightExpression());
            } else if (condition instanceof BinaryExpression b) {
                nested += subquery(b.getLeftExpression()) + subquery(b.getRightExpression());
            }
        }

        private static int subquery(Expression e) {
            if (e instanceof Select) {
                return 1;
            }
            if (e instanceof Parenthesis p) {
                return subquery(p.getExpression());
            }
            return 0;
        }
    }
}
