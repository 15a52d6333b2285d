package dev.snailbench.executor.service.screening;

import dev.snailbench.sql.IdentifierQuoting;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * What a gold query's text says about whether its result depends on the plan, before it is run again. Pure: the
 * dynamic checks ({@link DynamicGoldCheck}, and the screener's runs under other plans) confirm what needs data.
 * <ul>
 * <li>{@link Kind#LIMIT_WITHOUT_ORDER_BY}: LIMIT / TOP / FETCH keeps whichever rows the plan yields first — decisive,
 * unless the query returns one row anyway (aggregates without GROUP BY);</li>
 * <li>{@link Kind#LIMIT_CUTS_PARTIAL_ORDER}: the ORDER BY keys do not cover the projection and a LIMIT cuts: rows
 * tied on the keys may be cut either way — decided by looking for a tie at the cut;</li>
 * <li>{@link Kind#PARTIAL_ORDER}: the result is compared as ordered (top-level ORDER BY) but the keys do not cover the
 * projection: tied rows come in any order — decided by running under another plan;</li>
 * <li>{@link Kind#FLOATING_AGGREGATE}: SUM / AVG / variance, whose floating-point value depends on the order rows
 * are added in — decisive when the gold's result has a floating-point column.</li>
 * </ul>
 */
public final class StaticGoldRules {

    /** What a rule found. */
    public enum Kind {
        LIMIT_WITHOUT_ORDER_BY,
        LIMIT_CUTS_PARTIAL_ORDER,
        PARTIAL_ORDER,
        FLOATING_AGGREGATE
    }

    /** One finding, with the sentence that explains it ({@code LIMIT 3 without ORDER BY}). */
    public record Finding(Kind kind, String why) {}

    /** The ORDER BY and cut of the top-level query, as the dynamic check needs them. */
    public record Cut(long rows, List<Expression> orderKeys, String keysText) {}

    private static final Set<String> FLOATING_AGGREGATES = Set.of(
            "SUM",
            "AVG",
            "STDDEV",
            "STDDEV_POP",
            "STDDEV_SAMP",
            "VARIANCE",
            "VAR_POP",
            "VAR_SAMP",
            "STDEV",
            "STDEVP",
            "VAR",
            "VARP");
    private static final Set<String> AGGREGATES = Set.of(
            "COUNT",
            "COUNT_BIG",
            "SUM",
            "AVG",
            "MIN",
            "MAX",
            "STDDEV",
            "STDDEV_POP",
            "STDDEV_SAMP",
            "VARIANCE",
            "VAR_POP",
            "VAR_SAMP",
            "STRING_AGG",
            "ARRAY_AGG",
            "BOOL_AND",
            "BOOL_OR",
            "EVERY");

    private StaticGoldRules() {}

    /** The findings of the statement's top-level query (a statement that is not a SELECT has none). */
    public static List<Finding> check(Statement statement) {
        List<Finding> out = new ArrayList<>();
        if (!(statement instanceof Select select)) {
            return out;
        }
        PlainSelect top = topPlain(select);
        List<OrderByElement> orderBy = orderBy(select);
        Long limit = limit(select);
        if (limit != null) {
            if (orderBy.isEmpty()) {
                if (!(top != null && singleRow(top))) {
                    out.add(new Finding(
                            Kind.LIMIT_WITHOUT_ORDER_BY,
                            "LIMIT " + limit + " without ORDER BY keeps " + "whichever rows the plan yields first"));
                }
            } else if (!covers(top, orderBy)) {
                out.add(new Finding(
                        Kind.LIMIT_CUTS_PARTIAL_ORDER,
                        "LIMIT " + limit + " after ORDER BY " + keys(orderBy)
                                + ", which does not cover the selected columns"));
            }
        } else if (!orderBy.isEmpty() && !covers(top, orderBy)) {
            out.add(new Finding(
                    Kind.PARTIAL_ORDER,
                    "ORDER BY " + keys(orderBy) + " does not cover the selected "
                            + "columns, so rows tied on it may come in any order"));
        }
        if (hasFloatingAggregate(select)) {
            out.add(new Finding(
                    Kind.FLOATING_AGGREGATE, "a floating-point SUM/AVG depends on the order rows are " + "added in"));
        }
        return out;
    }

    /** The top-level cut (LIMIT / TOP / FETCH, with its ORDER BY keys if any), null when the query has none. */
    public static Cut cut(Statement statement) {
        if (!(statement instanceof Select select)) {
            return null;
        }
        Long limit = limit(select);
        List<OrderByElement> orderBy = orderBy(select);
        if (limit == null) {
            return null;
        }
        return new Cut(
                limit, orderBy.stream().map(OrderByElement::getExpression).toList(), keys(orderBy));
    }

    /** Whether the top-level query orders its result (the scorer then compares rows in order). */
    public static boolean ordered(Statement statement) {
        return statement instanceof Select select && !orderBy(select).isEmpty();
    }

    /** Whether the top-level ORDER BY names every selected expression, so tied rows are equal rows. */
    static boolean orderCoversProjection(Statement statement) {
        return statement instanceof Select select && covers(topPlain(select), orderBy(select));
    }

    /**
     * The selected column (0-based) that each top-level ORDER BY key is, by position, by output name or by the same
     * expression; null when a key is not one selected column (an expression not selected, {@code SELECT *}, a name
     * two columns share) or the query is a set operation.
     */
    static List<Integer> orderKeyColumns(Statement statement) {
        if (!(statement instanceof Select select) || topPlain(select) == null) {
            return null;
        }
        PlainSelect ps = topPlain(select);
        List<Integer> columns = new ArrayList<>();
        for (OrderByElement o : orderBy(select)) {
            int at = selectedColumn(ps, o.getExpression());
            if (at < 0) {
                return null;
            }
            columns.add(at);
        }
        return columns;
    }

    /** The selected column (0-based) that an ORDER BY key is (see {@link #orderKeyColumns}), or -1. */
    static int selectedColumn(PlainSelect ps, Expression key) {
        List<SelectItem<?>> items = ps.getSelectItems();
        if (key instanceof LongValue n) {
            return n.getValue() >= 1 && n.getValue() <= items.size() ? (int) n.getValue() - 1 : -1;
        }
        String keyText = exact(key);
        String keyName =
                key instanceof Column c && c.getTable() == null ? IdentifierQuoting.normalize(c.getColumnName()) : null;
        int found = -1;
        for (int i = 0; i < items.size(); i++) {
            SelectItem<?> item = items.get(i);
            Expression e = item.getExpression();
            if (e instanceof AllColumns || e instanceof AllTableColumns) {
                return -1;
            }
            String outputName = item.getAlias() != null
                    ? IdentifierQuoting.normalize(item.getAlias().getName())
                    : e instanceof Column c ? IdentifierQuoting.normalize(c.getColumnName()) : null;
            if (exact(e).equals(keyText) || keyName != null && keyName.equals(outputName)) {
                if (found >= 0) {
                    return -1;
                }
                found = i;
            }
        }
        return found;
    }

    /** An expression's whole text, qualifiers kept, lower-cased and without quotes. */
    private static String exact(Expression e) {
        return e.toString().toLowerCase(Locale.ROOT).replace("\"", "");
    }

    static PlainSelect topPlain(Select s) {
        Select x = s;
        while (x instanceof ParenthesedSelect p && p.getSelect() != null) {
            x = p.getSelect();
        }
        return x instanceof PlainSelect ps ? ps : null;
    }

    private static List<OrderByElement> orderBy(Select s) {
        if (s.getOrderByElements() != null && !s.getOrderByElements().isEmpty()) {
            return s.getOrderByElements();
        }
        if (s instanceof ParenthesedSelect p && p.getSelect() != null) {
            return orderBy(p.getSelect());
        }
        return List.of();
    }

    /** The number of rows LIMIT, TOP or FETCH keeps (null: no cut, or not a number; WITH TIES keeps every tie). */
    private static Long limit(Select s) {
        if (s.getLimit() != null && s.getLimit().getRowCount() instanceof LongValue n) {
            return n.getValue();
        }
        if (s.getFetch() != null && s.getFetch().getExpression() instanceof LongValue n) {
            return n.getValue();
        }
        if (s instanceof PlainSelect ps
                && ps.getTop() != null
                && !ps.getTop().isWithTies()
                && !ps.getTop().isPercentage()
                && ps.getTop().getExpression() instanceof LongValue n) {
            return n.getValue();
        }
        if (s instanceof ParenthesedSelect p && p.getSelect() != null) {
            return limit(p.getSelect());
        }
        return null;
    }

    /** Aggregates only, no GROUP BY: one row whatever the plan. */
    private static boolean singleRow(PlainSelect ps) {
        if (ps.getGroupBy() != null) {
            return false;
        }
        for (SelectItem<?> item : ps.getSelectItems()) {
            if (!(item.getExpression() instanceof Function f && AGGREGATES.contains(upper(f.getName())))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the ORDER BY keys name every selected column (by position, output name or the same expression): then
     * rows tied on the keys are equal rows, and their order cannot show. {@code SELECT *} is never covered, nor a
     * column whose key could name another ({@code ORDER BY id} with {@code a.id} and {@code b.id} selected).
     */
    private static boolean covers(PlainSelect ps, List<OrderByElement> orderBy) {
        if (ps == null) {
            return false;
        }
        Set<Integer> keys = new HashSet<>();
        for (OrderByElement o : orderBy) {
            keys.add(selectedColumn(ps, o.getExpression()));
        }
        keys.remove(-1);
        return keys.size() == ps.getSelectItems().size();
    }

    private static boolean hasFloatingAggregate(Select select) {
        boolean[] found = {false};
        ExpressionVisitorAdapter<Void> finder = new ExpressionVisitorAdapter<>() {
            @Override
            public <S> Void visit(Function f, S context) {
                found[0] |= FLOATING_AGGREGATES.contains(upper(f.getName()));
                return super.visit(f, context);
            }

            @Override
            public <S> Void visit(AnalyticExpression a, S context) {
                found[0] |= FLOATING_AGGREGATES.contains(upper(a.getName()));
                return super.visit(a, context);
            }
        };
        PlainSelect top = topPlain(select);
        if (top == null) {
            // A set operation: any branch's aggregate reaches the result.
            return select.toString().toUpperCase(Locale.ROOT).matches("(?s).*\\b(SUM|AVG)\\s*\\(.*");
        }
        for (SelectItem<?> item : top.getSelectItems()) {
            item.getExpression().accept(finder, null);
        }
        return found[0];
    }

    private static String keys(List<OrderByElement> orderBy) {
        return String.join(", ", orderBy.stream().map(OrderByElement::toString).toList());
    }

    private static String upper(String s) {
        return s == null ? "" : s.toUpperCase(Locale.ROOT);
    }
}
