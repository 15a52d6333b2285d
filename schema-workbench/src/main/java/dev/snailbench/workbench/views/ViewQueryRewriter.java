package dev.snailbench.workbench.views;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.workbench.crosswalk.CrosswalkPlanner;
import dev.snailbench.workbench.crosswalk.CrosswalkRow;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlIdentifiers;
import dev.snailbench.sql.rewrite.SqlParsing;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.DateUnitExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * Rewrites a query on native names into the same query on a crosswalk level's names (the natural views),
 * in the JSqlParser syntax tree: table references become {@code <viewSchema>.<view>}, columns their renamed
 * names, qualifiers that are table names follow their table. Aliases and CTE names stay, and an
 * ORDER BY item naming one of its select's output aliases is left alone (it means the output column).
 * Blocking (parsing): run off the event loop.
 */
public final class ViewQueryRewriter {

    private final Map<String, CrosswalkRow> index;
    private final NaturalnessLevel level;
    private final String viewSchema;
    private final SqlDialect dialect;

    public ViewQueryRewriter(List<CrosswalkRow> crosswalk, NaturalnessLevel level, String viewSchema,
            SqlDialect dialect) {
        this.index = CrosswalkPlanner.index(crosswalk);
        this.level = level;
        this.viewSchema = viewSchema;
        this.dialect = dialect;
    }

    /** @throws InvalidInput when the SQL does not parse */
    public String rewrite(String sql) {
        Statement statement;
        try {
            // sql-support's parsing: square brackets in SQL Server, a timeout, and names JSqlParser refuses but the
            // dialect accepts (a column "number") quoted for a second try.
            statement = SqlParsing.parse(sql, dialect);
        } catch (SqlParsing.SqlParseException e) {
            throw InvalidInput.of("sql", e.getMessage());
        }
        new DateUnitColumns().getTables(statement);
        Names names = new Names();
        names.getTables(statement);
        Renamer renamer = new Renamer(names);
        renamer.getTables(statement);
        return statement.toString();
    }

    private static String unquote(String name) {
        if (name == null || name.length() < 2) {
            return name;
        }
        char first = name.charAt(0);
        char last = name.charAt(name.length() - 1);
        if ((first == '"' && last == '"') || (first == '[' && last == ']') || (first == '`' && last == '`')) {
            return name.substring(1, name.length() - 1);
        }
        return name;
    }

    private static String key(String name) {
        return unquote(name).toLowerCase(Locale.ROOT);
    }

    /** First pass: table aliases, CTE names and ORDER BY items that name an output alias. */
    private static final class Names extends TablesNamesFinder<Void> {
        final Set<String> aliases = new HashSet<>();
        final Set<String> ctes = new HashSet<>();
        final Set<Column> outputAliasRefs = Collections.newSetFromMap(new IdentityHashMap<>());

        Names() {
            init(true);
        }

        @Override
        public <S> Void visit(Table table, S context) {
            if (table.getAlias() != null) {
                aliases.add(key(table.getAlias().getName()));
            }
            return null;
        }

        @Override
        public <S> Void visit(WithItem<?> withItem, S context) {
            if (withItem.getAlias() != null) {
                ctes.add(key(withItem.getAlias().getName()));
            }
            return super.visit(withItem, context);
        }

        @Override
        public <S> Void visit(PlainSelect select, S context) {
            protectOutputAliases(select.getSelectItems(), select.getOrderByElements());
            return super.visit(select, context);
        }

        @Override
        public <S> Void visit(SetOperationList union, S context) {
            // A UNION's ORDER BY names the output columns of its first branch.
            if (!union.getSelects().isEmpty() && union.getSelects().get(0) instanceof PlainSelect first) {
                protectOutputAliases(first.getSelectItems(), union.getOrderByElements());
            }
            return super.visit(union, context);
        }

        private void protectOutputAliases(List<SelectItem<?>> items, List<OrderByElement> orderBy) {
            Set<String> outputs = new HashSet<>();
            for (SelectItem<?> item : items) {
                if (item.getAlias() != null) {
                    outputs.add(key(item.getAlias().getName()));
                }
            }
            if (orderBy != null) {
                for (OrderByElement o : orderBy) {
                    if (o.getExpression() instanceof Column c && c.getTable() == null
                            && outputs.contains(key(c.getColumnName()))) {
                        outputAliasRefs.add(c);
                    }
                }
            }
        }
    }

    /**
     * First of all: JSqlParser reads a bare {@code year}, {@code month}… as a date unit; where such a word is
     * a column of the crosswalk and stands as an operand, select item, GROUP BY or ORDER BY item, it is a column.
     */
    private final class DateUnitColumns extends TablesNamesFinder<Void> {

        DateUnitColumns() {
            init(true);
        }

        private Expression fix(Expression e) {
            if (e instanceof DateUnitExpression d
                    && CrosswalkPlanner.lookup(index, CrosswalkRow.COLUMN, d.toString()) != null) {
                return new Column(d.toString());
            }
            return e;
        }

        private void fixAll(List<? extends Object> items) {
            if (items == null) {
                return;
            }
            for (Object item : items) {
                if (item instanceof SelectItem<?> si) {
                    ((SelectItem<Expression>) si).setExpression(fix(si.getExpression()));
                } else if (item instanceof OrderByElement o) {
                    o.setExpression(fix(o.getExpression()));
                }
            }
        }

        @Override
        public <S> Void visit(PlainSelect select, S context) {
            fixAll(select.getSelectItems());
            fixAll(select.getOrderByElements());
            if (select.getGroupBy() != null && select.getGroupBy().getGroupByExpressionList() != null) {
                ExpressionList<Expression> group = select.getGroupBy().getGroupByExpressionList();
                for (int i = 0; i < group.size(); i++) {
                    group.set(i, fix(group.get(i)));
                }
            }
            return super.visit(select, context);
        }

        @Override
        public <S> Void visit(SetOperationList union, S context) {
            fixAll(union.getOrderByElements());
            return super.visit(union, context);
        }

        @Override
        public void visitBinaryExpression(BinaryExpression b) {
            b.setLeftExpression(fix(b.getLeftExpression()));
            b.setRightExpression(fix(b.getRightExpression()));
            super.visitBinaryExpression(b);
        }

        @Override
        public <S> Void visit(InExpression in, S context) {
            in.setLeftExpression(fix(in.getLeftExpression()));
            return super.visit(in, context);
        }

        @Override
        public <S> Void visit(Between between, S context) {
            between.setLeftExpression(fix(between.getLeftExpression()));
            return super.visit(between, context);
        }
    }

    /** Second pass: renames in place. */
    private final class Renamer extends TablesNamesFinder<Void> {
        private final Names names;

        Renamer(Names names) {
            this.names = names;
            init(true);
        }

        @Override
        public <S> Void visit(Table table, S context) {
            if (table.getSchemaName() == null && names.ctes.contains(key(table.getName()))) {
                return null;
            }
            CrosswalkRow row = CrosswalkPlanner.lookup(index, CrosswalkRow.TABLE, unquote(table.getName()));
            if (row != null) {
                table.setName(SqlIdentifiers.quote(row.at(level), dialect));
                table.setSchemaName(SqlIdentifiers.quote(viewSchema, dialect));
            }
            return null;
        }

        @Override
        public <S> Void visit(Column column, S context) {
            if (names.outputAliasRefs.contains(column)) {
                return null;
            }
            Table qualifier = column.getTable();
            if (qualifier != null && qualifier.getName() != null && !names.aliases.contains(key(qualifier.getName()))
                    && !names.ctes.contains(key(qualifier.getName()))) {
                CrosswalkRow t = CrosswalkPlanner.lookup(index, CrosswalkRow.TABLE, unquote(qualifier.getName()));
                if (t != null) {
                    qualifier.setName(SqlIdentifiers.quote(t.at(level), dialect));
                    qualifier.setSchemaName(null);
                }
            }
            CrosswalkRow row = CrosswalkPlanner.lookup(index, CrosswalkRow.COLUMN, unquote(column.getColumnName()));
            if (row != null) {
                column.setColumnName(SqlIdentifiers.quote(row.at(level), dialect));
            }
            return null;
        }
    }
}
