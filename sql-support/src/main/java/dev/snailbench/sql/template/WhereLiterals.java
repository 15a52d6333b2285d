package dev.snailbench.sql.template;

import dev.snailbench.sql.IdentifierQuoting;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.PlainSelect;

/** The columns a query compares with a literal in its top-level WHERE and HAVING (sub-queries are not read). */
final class WhereLiterals extends ExpressionVisitorAdapter<Void> {

    /**
     * One comparison: the column's table ({@code null} when the query does not place it), its name unquoted as
     * written, the literal's value (a string's text with doubled quotes undone, else as written) and whether it is
     * not a string.
     */
    record Compared(String table, String column, String value, boolean numeric) {}

    private final QueryTables scope;
    private final boolean bareBooleans;
    private final List<Compared> found = new ArrayList<>();

    private WhereLiterals(QueryTables scope, boolean bareBooleans) {
        this.scope = scope;
        this.bareBooleans = bareBooleans;
    }

    /** @param bareBooleans whether an unquoted {@code true}/{@code false} counts as a literal too */
    static List<Compared> of(PlainSelect select, QueryTables scope, boolean bareBooleans) {
        WhereLiterals visitor = new WhereLiterals(scope, bareBooleans);
        if (select.getWhere() != null) {
            select.getWhere().accept(visitor, null);
        }
        if (select.getHaving() != null) {
            select.getHaving().accept(visitor, null);
        }
        return List.copyOf(visitor.found);
    }

    @Override
    protected <S> Void visitBinaryExpression(BinaryExpression e, S context) {
        if (e instanceof ComparisonOperator || e instanceof LikeExpression) {
            if (e.getLeftExpression() instanceof Column c && value(e.getRightExpression()) != null) {
                add(c, e.getRightExpression());
                return null;
            }
            if (e.getRightExpression() instanceof Column c && value(e.getLeftExpression()) != null) {
                add(c, e.getLeftExpression());
                return null;
            }
        }
        return super.visitBinaryExpression(e, context);
    }

    @Override
    public <S> Void visit(InExpression e, S context) {
        if (e.getLeftExpression() instanceof Column c && e.getRightExpression() instanceof ExpressionList<?> list) {
            for (Object o : list) {
                if (o instanceof Expression x && value(x) != null) {
                    add(c, x);
                }
            }
            return null;
        }
        return super.visit(e, context);
    }

    private void add(Column c, Expression literal) {
        found.add(new Compared(
                scope.tableOf(c),
                IdentifierQuoting.unquote(c.getColumnName()),
                value(literal),
                !(literal instanceof StringValue)));
    }

    /** A literal's value, or null when {@code e} is none. */
    private String value(Expression e) {
        if (e instanceof StringValue s) {
            return s.getValue().replace("''", "'");
        }
        if (e instanceof LongValue || e instanceof DoubleValue) {
            return e.toString();
        }
        if (!bareBooleans || e == null) {
            return null;
        }
        String text = e.toString().toLowerCase(Locale.ROOT);
        return text.equals("true") || text.equals("false") ? text : null;
    }
}
