package dev.snailbench.sql.analysis;

import dev.snailbench.sql.IdentifierQuoting;
import net.sf.jsqlparser.expression.DateUnitExpression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;

/**
 * The expression walk both extractors share ({@link IdentifierExtractor}, {@link SnailsIdentifierExtractor}): a
 * column reference and a subquery go to the extractor with the walk's context ({@code C}: its scope, or none),
 * {@code *} names no column, and the bare words JSqlParser reads as something else are columns.
 */
abstract class IdentifierVisitor<C> extends ExpressionVisitorAdapter<Void> {

    IdentifierVisitor() {
        super(null);
    }

    /** A column reference met where {@code context} holds. */
    abstract void column(Column column, C context);

    /** A subquery met where {@code context} holds. */
    abstract void subquery(Select select, C context);

    @Override
    public <S> Void visit(Column column, S context) {
        column(column, context(context));
        return null;
    }

    @Override
    public <S> Void visit(ParenthesedSelect select, S context) {
        subquery(select, context(context));
        return null;
    }

    @Override
    public <S> Void visit(Select select, S context) {
        subquery(select, context(context));
        return null;
    }

    @Override
    public <S> Void visit(AllColumns allColumns, S context) {
        return null;
    }

    @Override
    public <S> Void visit(AllTableColumns allTableColumns, S context) {
        return null;
    }

    /**
     * JSqlParser reads a bare {@code year}, {@code month}, {@code day}, {@code hour}… as a date unit. Outside the
     * unit argument of a date function (which the extractors skip), such a name is a column: {@code where year <
     * 1990} names the column {@code year}, as the SNAILS authors count it.
     */
    @Override
    public <S> Void visit(DateUnitExpression unit, S context) {
        column(new Column(unit.toString()), context(context));
        return null;
    }

    /**
     * JSqlParser reads a bare {@code current} as a time keyword; alone (not CURRENT_DATE and the like, which are
     * values) it can only be a column in a statement the dialect accepts.
     */
    @Override
    public <S> Void visit(TimeKeyExpression key, S context) {
        String name = key.getStringValue();
        if ("current".equals(IdentifierQuoting.normalize(name))) {
            column(new Column(name), context(context));
        }
        return null;
    }

    /** The context this walk was started with: JSqlParser passes it through untyped. */
    @SuppressWarnings("unchecked")
    private C context(Object context) {
        return (C) context;
    }
}
