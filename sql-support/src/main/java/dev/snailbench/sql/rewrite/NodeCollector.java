package dev.snailbench.sql.rewrite;

import dev.snailbench.sql.IdentifierQuoting;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.DateUnitExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.deparser.ExpressionDeParser;
import net.sf.jsqlparser.util.deparser.SelectDeParser;
import net.sf.jsqlparser.util.deparser.StatementDeParser;

/**
 * Collects the table and column nodes of a statement, and the names that are aliases rather than schema
 * identifiers. It rides on JSqlParser's deparser, which visits every node it prints: whatever is in the SQL
 * text is seen, in every clause, without a hand-written traversal that could miss one.
 */
final class NodeCollector {

    /** T-SQL/PostgreSQL functions whose first argument is a date part keyword, which parses as a column. */
    private static final Set<String> DATE_PART_FUNCTIONS =
            Set.of("dateadd", "datediff", "datediff_big", "datepart", "datename", "datetrunc", "date_bucket");

    final List<Table> tables = new ArrayList<>();
    final List<Column> columns = new ArrayList<>();
    final List<Table> allColumnsQualifiers = new ArrayList<>();
    final Set<Object> datePartArguments = Collections.newSetFromMap(new IdentityHashMap<>());
    /**
     * Bare {@code year}, {@code month}, {@code day}… parse as date units even where they name a column
     * ({@code WHERE year = 2021}); those outside a date-part argument are column references.
     */
    final List<DateUnitExpression> dateUnitColumns = new ArrayList<>();
    /** New text of date-unit column references, printed by {@link #print()} (the node itself is immutable). */
    final Map<DateUnitExpression, String> dateUnitRenames = new IdentityHashMap<>();

    private Statement statement;
    private StringBuilder sink;
    private StatementDeParser deparser;
    private boolean collecting = true;
    /** Aliases of tables (alias key → the aliased table node). */
    final Map<String, Table> tableAliases = new HashMap<>();
    /** Aliases of derived tables (subqueries, lateral, table functions) and CTE names. */
    final Set<String> derivedNames = new LinkedHashSet<>();

    final Set<String> cteNames = new LinkedHashSet<>();
    /** Select-list aliases and CTE column lists: names a column reference may mean instead of a column. */
    final Set<String> selectAliases = new LinkedHashSet<>();
    /** Bare ORDER BY items that name an output alias of their own select (they mean the output column). */
    final Set<Column> outputAliasRefs = Collections.newSetFromMap(new IdentityHashMap<>());

    static NodeCollector of(Statement statement) {
        NodeCollector c = new NodeCollector();
        StringBuilder sink = new StringBuilder();
        ExpressionDeParser expressions = new ExpressionDeParser() {
            @Override
            public <S> StringBuilder visit(Column column, S context) {
                if (c.collecting) {
                    c.columns.add(column);
                }
                return super.visit(column, context);
            }

            @Override
            public <S> StringBuilder visit(DateUnitExpression unit, S context) {
                if (c.collecting && !c.datePartArguments.contains(unit)) {
                    c.dateUnitColumns.add(unit);
                }
                String renamed = c.dateUnitRenames.get(unit);
                if (!c.collecting && renamed != null) {
                    getBuilder().append(renamed);
                    return getBuilder();
                }
                return super.visit(unit, context);
            }

            @Override
            public <S> StringBuilder visit(Function function, S context) {
                if (function.getName() != null
                        && DATE_PART_FUNCTIONS.contains(function.getName().toLowerCase(Locale.ROOT))
                        && function.getParameters() != null
                        && !function.getParameters().isEmpty()) {
                    Expression first = (Expression) function.getParameters().get(0);
                    if ((first instanceof Column col && col.getTable() == null)
                            || first instanceof DateUnitExpression) {
                        c.datePartArguments.add(first);
                    }
                }
                return super.visit(function, context);
            }

            @Override
            public <S> StringBuilder visit(AllTableColumns all, S context) {
                if (c.collecting && all.getTable() != null) {
                    c.allColumnsQualifiers.add(all.getTable());
                }
                return super.visit(all, context);
            }
        };
        SelectDeParser selects = new SelectDeParser(expressions, sink) {
            @Override
            public <S> StringBuilder visit(Table table, S context) {
                if (c.collecting) {
                    c.tables.add(table);
                }
                if (table.getAlias() != null) {
                    c.tableAliases.put(
                            IdentifierQuoting.normalize(table.getAlias().getName()), table);
                }
                return super.visit(table, context);
            }

            @Override
            public <S> StringBuilder visit(PlainSelect select, S context) {
                if (select.getSelectItems() != null) {
                    for (SelectItem<?> item : select.getSelectItems()) {
                        if (item.getAlias() != null) {
                            c.selectAliases.add(
                                    IdentifierQuoting.normalize(item.getAlias().getName()));
                        }
                    }
                }
                if (c.collecting) {
                    c.collectOutputAliasRefs(select.getSelectItems(), select.getOrderByElements());
                }
                return super.visit(select, context);
            }

            @Override
            public <S> StringBuilder visit(SetOperationList union, S context) {
                // A UNION's ORDER BY names the output columns of its first branch.
                if (c.collecting
                        && !union.getSelects().isEmpty()
                        && union.getSelects().get(0) instanceof PlainSelect first) {
                    c.collectOutputAliasRefs(first.getSelectItems(), union.getOrderByElements());
                }
                return super.visit(union, context);
            }

            @Override
            public <S> StringBuilder visit(ParenthesedSelect select, S context) {
                if (select.getAlias() != null) {
                    c.derivedNames.add(
                            IdentifierQuoting.normalize(select.getAlias().getName()));
                }
                return super.visit(select, context);
            }

            @Override
            public <S> StringBuilder visit(WithItem<?> with, S context) {
                if (with.getAlias() != null) {
                    String name = IdentifierQuoting.normalize(with.getAlias().getName());
                    c.cteNames.add(name);
                    c.derivedNames.add(name);
                }
                if (with.getWithItemList() != null) {
                    for (SelectItem<?> item : with.getWithItemList()) {
                        c.selectAliases.add(IdentifierQuoting.normalize(item.toString()));
                    }
                }
                return super.visit(with, context);
            }
        };
        c.statement = statement;
        c.sink = sink;
        c.deparser = new StatementDeParser(expressions, selects, sink);
        statement.accept(c.deparser);
        c.collecting = false;
        return c;
    }

    private void collectOutputAliasRefs(List<SelectItem<?>> items, List<OrderByElement> orderBy) {
        if (items == null || orderBy == null) {
            return;
        }
        Set<String> outputs = new HashSet<>();
        for (SelectItem<?> item : items) {
            if (item.getAlias() != null) {
                outputs.add(IdentifierQuoting.normalize(item.getAlias().getName()));
            }
        }
        for (OrderByElement o : orderBy) {
            if (o.getExpression() instanceof Column col
                    && col.getTable() == null
                    && outputs.contains(IdentifierQuoting.normalize(col.getColumnName()))) {
                outputAliasRefs.add(col);
            }
        }
    }

    /** The statement as SQL, with the date-unit renames applied. */
    String print() {
        sink.setLength(0);
        statement.accept(deparser);
        return sink.toString();
    }

    /** Is {@code key} (lower case) an alias of a table, a derived table or a CTE? */
    boolean isRangeAlias(String key) {
        return tableAliases.containsKey(key) || derivedNames.contains(key);
    }
}
