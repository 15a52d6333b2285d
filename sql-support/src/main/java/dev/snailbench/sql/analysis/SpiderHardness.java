package dev.snailbench.sql.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
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
 * Spider's {@code eval_hardness} (evaluation.py of taoyds/spider), ported in two steps so that each can be checked
 * against the original: {@link #toSpider} shapes JSqlParser's tree into the dict that Spider's {@code process_sql}
 * builds, and {@link #componentOne}, {@link #componentTwo}, {@link #others} are {@code count_component1},
 * {@code count_component2} and {@code count_others} line by line. How Spider's parser shapes a query matters more
 * than what the query means:
 * <ul>
 * <li>{@code A UNION B UNION C} is {@code A} with {@code sql['union'] = B UNION C}: one nested query however long
 * the chain, and an ORDER BY or LIMIT after it belongs to the last SELECT, not the first;</li>
 * <li>a subquery in FROM is a table unit (one more table), not a nested query;</li>
 * <li>nested queries are the values ({@code val1}, {@code val2}) of the condition units in FROM ... ON, WHERE and
 * HAVING; a subquery on the left of a comparison is part of the {@code val_unit} and not counted;</li>
 * <li>a value that is a column ends only at the next ',', ')', AND, clause or join keyword: the ORs and
 * conditions written between it and the next AND are dropped ({@link Condition#add});</li>
 * <li>{@code has_agg} tests the first field of a unit: the aggregate of a select or GROUP BY unit, each column
 * unit of an ORDER BY value ({@code sum(a) - sum(b)} counts twice), but the NOT flag of a WHERE condition unit, and
 * in HAVING both the NOT flags and every AND/OR between the units (a string's first field is never 0).</li>
 * </ul>
 * Where Spider's parser stops with an error (parentheses around conditions, {@code NOT x}, EXISTS, functions
 * around aggregates), the natural reading is taken: conditions are flattened, {@code NOT} sets the NOT flag, EXISTS
 * is a condition whose value is the subquery, an aggregate inside arithmetic, a cast or a function makes the unit
 * aggregated. LIKE covers NOT LIKE and PostgreSQL's ILIKE, which FootballDB's queries use.
 */
final class SpiderHardness {

    private static final Set<String> AGGREGATES = Set.of("COUNT", "SUM", "AVG", "MIN", "MAX", "COUNT_BIG");
    /** Words JSqlParser may read as a column that Spider's parse_col rejects. */
    private static final Set<String> NOT_COLUMNS = Set.of("TRUE", "FALSE", "NULL");

    private SpiderHardness() {}

    static Hardness of(Select statement) {
        Sql sql = toSpider(statement);
        if (sql == null) {
            return Hardness.EXTRA;
        }
        return Hardness.of(componentOne(sql), componentTwo(sql), others(sql));
    }

    /** How many predicates a condition has once split at AND/OR (0 for none). */
    static int predicates(Expression condition) {
        return Condition.of(condition).units.size();
    }

    // ---- evaluation.py -------------------------------------------------------------------------------------

    /** count_component1. */
    static int componentOne(Sql sql) {
        int count = 0;
        count += sql.where.isEmpty() ? 0 : 1;
        count += sql.groupBy.isEmpty() ? 0 : 1;
        count += sql.orderBy.isEmpty() ? 0 : 1;
        count += sql.limit ? 1 : 0;
        if (sql.tableUnits > 0) {
            count += sql.tableUnits - 1;
        }
        for (Condition c : List.of(sql.fromConds, sql.where, sql.having)) {
            count += (int) c.connectives.stream().filter(OR::equals).count();
            count += (int) c.units.stream().filter(u -> u.like).count();
        }
        return count;
    }

    /** count_component2: len(get_nestedSQL(sql)). */
    static int componentTwo(Sql sql) {
        int nested = 0;
        for (Condition c : List.of(sql.fromConds, sql.where, sql.having)) {
            for (CondUnit u : c.units) {
                nested += (u.val1IsSql ? 1 : 0) + (u.val2IsSql ? 1 : 0);
            }
        }
        nested += sql.intersect == null ? 0 : 1;
        nested += sql.except == null ? 0 : 1;
        nested += sql.union == null ? 0 : 1;
        return nested;
    }

    /** count_others. */
    static int others(Sql sql) {
        int count = 0;
        int aggCount = (int) sql.select.stream().filter(agg -> agg).count();
        aggCount += (int) sql.where.units.stream().filter(u -> u.not).count();
        aggCount += (int) sql.groupBy.stream().filter(agg -> agg).count();
        for (boolean[] valUnit : sql.orderBy) {
            aggCount += (valUnit[0] ? 1 : 0) + (valUnit[1] ? 1 : 0);
        }
        // count_agg(sql['having']) runs over the whole list: a condition unit counts when negated, an 'and'/'or'
        // always (has_agg compares its first character with 0).
        aggCount += (int) sql.having.units.stream().filter(u -> u.not).count() + sql.having.connectives.size();
        if (aggCount > 1) {
            count++;
        }
        if (sql.select.size() > 1) {
            count++;
        }
        // len(sql['where']) > 1: the list holds units and connectives, so two units or more.
        if (sql.where.units.size() > 1) {
            count++;
        }
        if (sql.groupBy.size() > 1) {
            count++;
        }
        return count;
    }

    // ---- process_sql.py: the parsed dict --------------------------------------------------------------------

    private static final String AND = "and";
    private static final String OR = "or";

    /** The fields of Spider's sql dict that eval_hardness reads. */
    static final class Sql {
        /** One entry per select unit: whether its agg_id is not 'none'. */
        final List<Boolean> select = new ArrayList<>();

        int tableUnits;
        Condition fromConds = new Condition();
        Condition where = new Condition();
        /** One entry per GROUP BY column unit: whether it is aggregated. */
        final List<Boolean> groupBy = new ArrayList<>();
        /** One entry per ORDER BY val_unit: whether col_unit1 and col_unit2 are aggregated. */
        final List<boolean[]> orderBy = new ArrayList<>();

        Condition having = new Condition();
        boolean limit;
        Sql intersect;
        Sql except;
        Sql union;
    }

    /**
     * cond_unit: (not_op, op_id, val_unit, val1, val2), reduced to what the counts read, and two facts about its
     * text that decide how Spider's parser reads what follows (see {@link Condition#add}): whether its last value
     * is a column, and whether it is plain (holds none of the tokens at which Spider's scan of a column value stops).
     */
    record CondUnit(
            boolean not, boolean like, boolean val1IsSql, boolean val2IsSql, boolean endsWithColumn, boolean plain) {}

    /** condition: [cond_unit1, 'and'/'or', cond_unit2, ...], kept as its units and its connectives. */
    static final class Condition {
        final List<CondUnit> units = new ArrayList<>();
        final List<String> connectives = new ArrayList<>();

        static Condition of(Expression e) {
            Condition c = new Condition();
            c.add(e);
            return c;
        }

        boolean isEmpty() {
            return units.isEmpty();
        }

        /**
         * Appends a condition; a second one (another JOIN ... ON) is joined with 'and', as parse_from does.
         * <p>
         * parse_value reads a value that is neither a number, a string nor a subquery as a column unit, after
         * skipping to the next ',', ')', 'and', clause keyword or join keyword: everything between such a column
         * value and the next AND is dropped. So {@code a = t.b OR c = 1 AND d = 2} is {@code [a = t.b, 'and',
         * d = 2]} to Spider: the OR and the condition after it are not counted. A dropped condition that holds one
         * of those stop tokens itself (a subquery, an IN list, a function call, BETWEEN) would stop the skip
         * inside it and send Spider's parse astray; there the condition is kept (the natural reading).
         */
        void add(Expression e) {
            if (e == null) {
                return;
            }
            if (!units.isEmpty()) {
                connectives.add(AND);
            }
            int first = units.size();
            walk(e);
            for (int i = first; i < units.size(); i++) {
                while (units.get(i).endsWithColumn()
                        && i < connectives.size()
                        && connectives.get(i).equals(OR)
                        && units.get(i + 1).plain()) {
                    connectives.remove(i);
                    units.remove(i + 1);
                }
            }
        }

        private void walk(Expression e) {
            if (e instanceof AndExpression a) {
                walk(a.getLeftExpression());
                connectives.add(AND);
                walk(a.getRightExpression());
            } else if (e instanceof OrExpression o) {
                walk(o.getLeftExpression());
                connectives.add(OR);
                walk(o.getRightExpression());
            } else if (e instanceof Parenthesis p) {
                walk(p.getExpression());
            } else if (e instanceof ParenthesedExpressionList<?> pl
                    && pl.size() == 1
                    && !(pl.get(0) instanceof Select)) {
                walk((Expression) pl.get(0));
            } else {
                units.add(unit(e));
            }
        }

        private static CondUnit unit(Expression e) {
            boolean not = false;
            Expression condition = e;
            while (condition instanceof NotExpression n) {
                not = !not;
                condition = n.getExpression();
            }
            boolean plain = plain(condition);
            if (condition instanceof LikeExpression like) {
                return new CondUnit(
                        not ^ like.isNot(),
                        true,
                        isSql(like.getRightExpression()),
                        false,
                        isColumnValue(like.getRightExpression()),
                        plain);
            }
            if (condition instanceof InExpression in) {
                return new CondUnit(not ^ in.isNot(), false, isSql(in.getRightExpression()), false, false, plain);
            }
            if (condition instanceof Between between) {
                return new CondUnit(
                        not ^ between.isNot(),
                        false,
                        isSql(between.getBetweenExpressionStart()),
                        isSql(between.getBetweenExpressionEnd()),
                        isColumnValue(between.getBetweenExpressionEnd()),
                        plain);
            }
            if (condition instanceof ExistsExpression exists) {
                return new CondUnit(
                        not ^ exists.isNot(), false, isSql(exists.getRightExpression()), false, false, plain);
            }
            if (condition instanceof BinaryExpression b) {
                return new CondUnit(
                        not, false, isSql(b.getRightExpression()), false, isColumnValue(b.getRightExpression()), plain);
            }
            return new CondUnit(not, false, false, false, false, plain);
        }

        /**
         * Whether parse_value takes this value for a column: its first token is a column name, not a number, a
         * quoted string (Spider reads double quotes as string quotes too), an opening parenthesis, or a word that is
         * no column (TRUE, FALSE, NULL make Spider's parser fail, and then no rule of it applies).
         */
        private static boolean isColumnValue(Expression e) {
            Expression first = e;
            while (first instanceof Addition
                    || first instanceof Subtraction
                    || first instanceof Multiplication
                    || first instanceof Division) {
                first = ((BinaryExpression) first).getLeftExpression();
            }
            if (!(first instanceof Column c)) {
                return false;
            }
            String name = c.getColumnName();
            return !name.startsWith("\"") && !NOT_COLUMNS.contains(name.toUpperCase(Locale.ROOT));
        }

        /** A comparison of columns and literals: no token at which Spider's skip over a column value would stop. */
        private static boolean plain(Expression e) {
            if (e instanceof LikeExpression like) {
                return leaf(like.getLeftExpression()) && leaf(like.getRightExpression());
            }
            if (e instanceof IsNullExpression isNull) {
                return leaf(isNull.getLeftExpression());
            }
            if (e instanceof ComparisonOperator
                    || e instanceof Addition
                    || e instanceof Subtraction
                    || e instanceof Multiplication
                    || e instanceof Division) {
                BinaryExpression b = (BinaryExpression) e;
                return plain(b.getLeftExpression()) && plain(b.getRightExpression());
            }
            return leaf(e);
        }

        private static boolean leaf(Expression e) {
            return e instanceof Column
                    || e instanceof StringValue
                    || e instanceof LongValue
                    || e instanceof DoubleValue
                    || e instanceof NullValue
                    || e instanceof SignedExpression s && leaf(s.getExpression());
        }

        /** parse_value: a value is a sql dict when it is a (parenthesised) SELECT. */
        private static boolean isSql(Expression e) {
            if (e instanceof Select) {
                return true;
            }
            if (e instanceof Parenthesis p) {
                return isSql(p.getExpression());
            }
            return false;
        }
    }

    /** The dict Spider's parse_sql builds for a statement; null when there is no SELECT to read. */
    static Sql toSpider(Select statement) {
        Select whole = unwrap(statement);
        if (whole instanceof SetOperationList sol && !sol.getSelects().isEmpty()) {
            return chain(sol, 0);
        }
        if (whole instanceof PlainSelect p) {
            return plain(p, whole.getOrderByElements(), hasLimit(whole));
        }
        return null;
    }

    /**
     * parse_sql on {@code S_i op_i S_i+1 ...}: S_i's own clauses, and the rest of the chain under op_i. The ORDER BY
     * and LIMIT written after the chain are read by the parse of its last SELECT.
     */
    private static Sql chain(SetOperationList sol, int i) {
        List<Select> selects = sol.getSelects();
        boolean last = i == selects.size() - 1;
        Select branch = unwrap(selects.get(i));
        Sql sql;
        if (branch instanceof PlainSelect p) {
            List<OrderByElement> trailingOrder = last ? sol.getOrderByElements() : null;
            sql = plain(p, trailingOrder, last && hasLimit(sol));
        } else if (branch instanceof SetOperationList inner) {
            sql = chain(inner, 0);
        } else {
            sql = new Sql();
        }
        if (!last) {
            Sql rest = chain(sol, i + 1);
            String op = sol.getOperation(i).toString().toUpperCase(Locale.ROOT);
            if (op.startsWith("INTERSECT")) {
                sql.intersect = rest;
            } else if (op.startsWith("EXCEPT") || op.startsWith("MINUS")) {
                sql.except = rest;
            } else {
                sql.union = rest;
            }
        }
        return sql;
    }

    private static Sql plain(PlainSelect p, List<OrderByElement> trailingOrder, boolean trailingLimit) {
        Sql sql = new Sql();
        for (SelectItem<?> item : p.getSelectItems()) {
            sql.select.add(aggregated(item.getExpression()));
        }
        sql.tableUnits = tableUnits(p.getFromItem());
        if (p.getJoins() != null) {
            for (Join j : p.getJoins()) {
                sql.tableUnits += tableUnits(j.getFromItem());
                if (j.getOnExpressions() != null) {
                    j.getOnExpressions().forEach(sql.fromConds::add);
                }
            }
        }
        if (p.getFromItem() instanceof ParenthesedFromItem pf && pf.getJoins() != null) {
            for (Join j : pf.getJoins()) {
                if (j.getOnExpressions() != null) {
                    j.getOnExpressions().forEach(sql.fromConds::add);
                }
            }
        }
        sql.where = Condition.of(p.getWhere());
        for (Expression e : groupBy(p)) {
            sql.groupBy.add(aggregated(e));
        }
        sql.having = Condition.of(p.getHaving());
        List<OrderByElement> order =
                p.getOrderByElements() != null && !p.getOrderByElements().isEmpty()
                        ? p.getOrderByElements()
                        : trailingOrder;
        if (order != null) {
            for (OrderByElement o : order) {
                sql.orderBy.add(valUnit(o.getExpression()));
            }
        }
        sql.limit = hasLimit(p) || trailingLimit;
        return sql;
    }

    /** A FROM item's table units: one, or the tables of a parenthesised join. */
    private static int tableUnits(FromItem item) {
        if (item == null) {
            return 0;
        }
        if (item instanceof ParenthesedFromItem pf) {
            return tableUnits(pf.getFromItem())
                    + (pf.getJoins() == null ? 0 : pf.getJoins().size());
        }
        return 1;
    }

    private static Select unwrap(Select s) {
        Select current = s;
        while (current instanceof ParenthesedSelect p
                && p.getSelect() != null
                && p.getOrderByElements() == null
                && p.getLimit() == null) {
            current = p.getSelect();
        }
        return current;
    }

    private static boolean hasLimit(Select s) {
        return s.getLimit() != null || s.getFetch() != null || s instanceof PlainSelect p && p.getTop() != null;
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

    /** parse_val_unit: col_unit1 [unit_op col_unit2]; each column unit may carry its own aggregate. */
    private static boolean[] valUnit(Expression e) {
        Expression x = e;
        while (x instanceof Parenthesis p) {
            x = p.getExpression();
        }
        if (x instanceof Addition || x instanceof Subtraction || x instanceof Multiplication || x instanceof Division) {
            BinaryExpression b = (BinaryExpression) x;
            return new boolean[] {aggregated(b.getLeftExpression()), aggregated(b.getRightExpression())};
        }
        return new boolean[] {aggregated(x), false};
    }

    /** Whether a unit's agg_id is not 'none': an aggregate call, possibly inside arithmetic, a cast or a function. */
    private static boolean aggregated(Expression e) {
        if (e instanceof Function f) {
            if (f.getName() != null && AGGREGATES.contains(f.getName().toUpperCase(Locale.ROOT))) {
                return true;
            }
            if (f.getParameters() != null) {
                for (Object arg : f.getParameters()) {
                    if (arg instanceof Expression a && aggregated(a)) {
                        return true;
                    }
                }
            }
            return false;
        }
        if (e instanceof Parenthesis p) {
            return aggregated(p.getExpression());
        }
        if (e instanceof CastExpression c) {
            return aggregated(c.getLeftExpression());
        }
        if (e instanceof BinaryExpression b) {
            return aggregated(b.getLeftExpression()) || aggregated(b.getRightExpression());
        }
        return false;
    }
}
