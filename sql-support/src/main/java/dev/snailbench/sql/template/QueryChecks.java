package dev.snailbench.sql.template;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.DateUnitExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * Meaningfulness checks a synthetic query can be put through without a person (ScienceBenchmark's experts judged
 * "is the SQL meaningful" by hand): a predicate true or false by construction, whatever the data, and a column the
 * query returns twice. Each check names what it found, for a reader of the set's summary.
 */
public final class QueryChecks {

    private QueryChecks() {}

    /**
     * Predicates of the top-level WHERE / HAVING that hold (or fail) whatever the data: a comparison of an
     * expression with itself ({@code x = x}, {@code x < x}), a column against its own MIN/MAX over the table
     * ({@code col >= (SELECT MIN(col) FROM t)}), a LIKE pattern of wildcards only ({@code LIKE '%'}).
     */
    public static List<String> tautologies(Statement statement) {
        List<String> out = new ArrayList<>();
        if (!(statement instanceof PlainSelect select)) {
            return out;
        }
        ExpressionVisitorAdapter<Void> visitor = new ExpressionVisitorAdapter<>() {
            @Override
            protected <S> Void visitBinaryExpression(BinaryExpression e, S context) {
                if (e instanceof LikeExpression like
                        && like.getRightExpression() instanceof StringValue p
                        && !p.getValue().isEmpty()
                        && p.getValue().chars().allMatch(ch -> ch == '%')) {
                    out.add(e.toString());
                    return null;
                }
                if (e instanceof ComparisonOperator) {
                    String left = e.getLeftExpression().toString().toLowerCase(Locale.ROOT);
                    String right = e.getRightExpression().toString().toLowerCase(Locale.ROOT);
                    if (left.equals(right) || ownExtreme(e)) {
                        out.add(e.toString());
                    }
                    return null;
                }
                return super.visitBinaryExpression(e, context);
            }
        };
        if (select.getWhere() != null) {
            select.getWhere().accept(visitor, null);
        }
        if (select.getHaving() != null) {
            select.getHaving().accept(visitor, null);
        }
        return out;
    }

    /**
     * {@code col >= (SELECT MIN(col) …)}, {@code col <= (SELECT MAX(col) …)} (always true, but for NULLs) and
     * {@code col < MIN}, {@code col > MAX} (always false), with no WHERE in the sub-query.
     */
    private static boolean ownExtreme(BinaryExpression e) {
        String column = columnName(e.getLeftExpression());
        if (column == null
                || !(e.getRightExpression() instanceof ParenthesedSelect sub)
                || !(sub.getSelect() instanceof PlainSelect inner)
                || inner.getWhere() != null
                || inner.getSelectItems() == null
                || inner.getSelectItems().size() != 1
                || !(inner.getSelectItems().get(0).getExpression() instanceof Function f)
                || f.getParameters() == null
                || f.getParameters().size() != 1
                || !column.equalsIgnoreCase(columnName(f.getParameters().get(0)))) {
            return false;
        }
        String name = f.getName().toLowerCase(Locale.ROOT);
        boolean min = name.equals("min");
        boolean max = name.equals("max");
        return min && (e instanceof GreaterThanEquals || e instanceof MinorThan)
                || max && (e instanceof MinorThanEquals || e instanceof GreaterThan);
    }

    /** JSqlParser reads an unqualified {@code year} or {@code month} as a date unit: it is a column here. */
    private static String columnName(Expression e) {
        return e instanceof Column c
                ? c.getColumnName()
                : e instanceof DateUnitExpression unit ? unit.toString() : null;
    }

    /** Columns the top-level SELECT returns more than once ("the attendance and attendance"), lower case. */
    public static List<String> duplicateColumns(Statement statement) {
        List<String> out = new ArrayList<>();
        if (!(statement instanceof PlainSelect select) || select.getSelectItems() == null) {
            return out;
        }
        Set<String> returned = new HashSet<>();
        for (SelectItem<?> item : select.getSelectItems()) {
            Expression e = item.getExpression();
            if (e instanceof Column || e instanceof Function) {
                String key = e.toString().toLowerCase(Locale.ROOT);
                if (!returned.add(key)) {
                    out.add(key);
                }
            }
        }
        return out;
    }
}
