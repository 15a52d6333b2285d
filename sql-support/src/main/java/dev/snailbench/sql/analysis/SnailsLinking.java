package dev.snailbench.sql.analysis;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlLexer;
import dev.snailbench.sql.SqlParser;
import java.util.List;
import java.util.Set;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.conditional.XorExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * Schema linking by the SNAILS authors' conventions ({@code linking: "snails"}), to reproduce the paper's
 * QueryRecall: identifiers as {@link SnailsIdentifierExtractor} reads them, and what their pipeline does around
 * its parser.
 * <ul>
 * <li>Of a statement that does not parse whole, what their parser recovers ({@link SnailsRecovery}); there is no
 * token fallback: where it recovers nothing, the prediction scores QueryRecall 0.</li>
 * <li>Their Python wrapper reads the parser's output from the {@code repr} of its bytes: any {@code '} in that output
 * is escaped as {@code \'}, which is not JSON, and the query gets no identifier at all. The parser prints the text of
 * a parenthesised search condition ({@code WHERE a = 1 AND (b = 'x' OR b = 'y')}) as the "logical operator" of the
 * condition, so a query with such a condition holding a string literal, in a part their visitor walks, has no
 * identifier; a non-ASCII character in what it prints does the same.</li>
 * <li>Scores: a side without identifiers divides by zero, which they score 0 ({@link LinkingScore#snails}).</li>
 * </ul>
 * The default linking ({@link PredictedIdentifiers}, {@link IdentifierExtractor}) stays the careful one.
 */
public final class SnailsLinking {

    private SnailsLinking() {}

    /** The identifiers of a gold or predicted SQL text by the authors' conventions (empty when they found none). */
    public static QueryIdentifiers identifiers(SqlParser parser, String sql, SqlDialect dialect) {
        List<String> statements = sql == null ? List.of() : SqlLexer.statements(sql, dialect);
        if (statements.isEmpty()) {
            return empty();
        }
        // Their parser reads the first query of the text and stops there; what it reads of a query that does not
        // parse whole is SnailsRecovery's concern.
        String text = joinSpacedOperators(flattenBracketedNames(statements.get(0), dialect), dialect);
        Statement statement = SnailsRecovery.read(parser, text, dialect).orElse(null);
        if (statement == null || joinWithoutCondition(statement)) {
            return empty();
        }
        QueryIdentifiers ids = SnailsIdentifierExtractor.extract(statement);
        if (outputUnreadable(statement, ids)) {
            return empty();
        }
        return ids;
    }

    /**
     * Their T-SQL grammar reads a comparison operator as two tokens ({@code '<' '='}), so {@code a < = 1} and
     * {@code a ! = 'x'} are read as {@code <=} and {@code !=}; JSqlParser refuses them. The white space inside such an
     * operator (outside literals and comments) is removed.
     */
    static String joinSpacedOperators(String sql, SqlDialect dialect) {
        List<SqlLexer.Token> tokens = SqlLexer.tokens(sql, dialect);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i + 1 < tokens.size(); i++) {
            SqlLexer.Token a = tokens.get(i);
            SqlLexer.Token b = tokens.get(i + 1);
            if (a.kind() == SqlLexer.Kind.SYMBOL
                    && b.kind() == SqlLexer.Kind.SYMBOL
                    && b.start() > a.end()
                    && sql.substring(a.end(), b.start()).isBlank()
                    && OPERATORS.contains(a.text() + b.text())) {
                out.append(sql, copied, a.end());
                copied = b.start();
            }
        }
        return out.append(sql, copied, sql.length()).toString();
    }

    /**
     * A line break inside a bracketed name ({@code [VALID\nFROM]}) is dropped from the name their wrapper reads; it
     * becomes a space here, which the name loses as any white space does.
     */
    static String flattenBracketedNames(String sql, SqlDialect dialect) {
        if (dialect != SqlDialect.SQLSERVER) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql);
        for (SqlLexer.Token t : SqlLexer.tokens(sql, dialect)) {
            if (t.kind() == SqlLexer.Kind.QUOTED && sql.charAt(t.start()) == '[') {
                for (int i = t.start(); i < t.end(); i++) {
                    char c = sql.charAt(i);
                    if (c == '\n' || c == '\r' || c == '\t') {
                        out.setCharAt(i, ' ');
                    }
                }
            }
        }
        return out.toString();
    }

    /**
     * A join that needs a condition ({@code [INNER|LEFT|...] JOIN t}) and has none: their grammar requires ON, and
     * their visitor fails on the missing condition, so their pipeline has no identifier for the query.
     */
    static boolean joinWithoutCondition(Statement statement) {
        return statement instanceof Select select && joinWithoutCondition(select);
    }

    private static boolean joinWithoutCondition(Select s) {
        if (s instanceof PlainSelect ps) {
            return joinWithoutCondition(ps.getFromItem(), ps.getJoins());
        }
        if (s instanceof SetOperationList sol) {
            return !sol.getSelects().isEmpty()
                    && joinWithoutCondition(sol.getSelects().get(0));
        }
        return s instanceof ParenthesedSelect p && p.getSelect() != null && joinWithoutCondition(p.getSelect());
    }

    private static boolean joinWithoutCondition(FromItem from, List<Join> joins) {
        if (from instanceof ParenthesedSelect p && joinWithoutCondition(p)) {
            return true;
        }
        if (from instanceof ParenthesedFromItem pf && joinWithoutCondition(pf.getFromItem(), pf.getJoins())) {
            return true;
        }
        if (joins != null) {
            for (Join j : joins) {
                boolean needsCondition = !j.isSimple() && !j.isCross() && !j.isNatural() && !j.isApply();
                boolean hasCondition = j.getOnExpressions() != null
                                && !j.getOnExpressions().isEmpty()
                        || j.getUsingColumns() != null && !j.getUsingColumns().isEmpty();
                if (needsCondition && !hasCondition || joinWithoutCondition(j.getFromItem(), null)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final Set<String> OPERATORS = Set.of("<=", ">=", "<>", "!=", "!<", "!>");

    private static QueryIdentifiers empty() {
        return new QueryIdentifiers(Set.of(), Set.of(), Set.of());
    }

    /** Whether their wrapper fails to read what their parser prints for this statement (see the class comment). */
    static boolean outputUnreadable(Statement statement, QueryIdentifiers ids) {
        for (String name : ids.keys()) {
            if (!name.chars().allMatch(c -> c < 128)) {
                return true;
            }
        }
        return statement instanceof Select select && quotedCondition(select);
    }

    private static boolean quotedCondition(Select s) {
        if (s instanceof PlainSelect ps) {
            if (condition(ps.getWhere()) || condition(ps.getHaving())) {
                return true;
            }
            if (fromQuoted(ps.getFromItem()) || joinsQuoted(ps.getJoins())) {
                return true;
            }
            return subqueries(ps);
        }
        if (s instanceof SetOperationList sol) {
            return !sol.getSelects().isEmpty()
                    && quotedCondition(sol.getSelects().get(0));
        }
        return s instanceof ParenthesedSelect p && p.getSelect() != null && quotedCondition(p.getSelect());
    }

    private static boolean joinsQuoted(List<Join> joins) {
        if (joins == null) {
            return false;
        }
        for (Join j : joins) {
            if (fromQuoted(j.getFromItem())) {
                return true;
            }
            if (j.getOnExpressions() != null) {
                for (Expression on : j.getOnExpressions()) {
                    if (condition(on)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean fromQuoted(FromItem item) {
        if (item instanceof ParenthesedSelect p) {
            return quotedCondition(p);
        }
        if (item instanceof ParenthesedFromItem pf) {
            return fromQuoted(pf.getFromItem()) || joinsQuoted(pf.getJoins());
        }
        return false;
    }

    /** Subqueries in the select list, WHERE and HAVING (their visitor walks those too). */
    private static boolean subqueries(PlainSelect ps) {
        boolean[] found = {false};
        ExpressionVisitorAdapter<Void> finder = new ExpressionVisitorAdapter<>() {
            @Override
            public <S> Void visit(ParenthesedSelect select, S context) {
                found[0] |= quotedCondition(select);
                return null;
            }

            @Override
            public <S> Void visit(Select select, S context) {
                found[0] |= quotedCondition(select);
                return null;
            }
        };
        ps.getSelectItems().forEach(i -> i.getExpression().accept(finder, null));
        if (ps.getWhere() != null) {
            ps.getWhere().accept(finder, null);
        }
        if (ps.getHaving() != null) {
            ps.getHaving().accept(finder, null);
        }
        return found[0];
    }

    /**
     * A search condition: AND/OR chains are walked; a parenthesised condition (not right after NOT, where the
     * parser prints the parenthesis instead) holding a string literal is printed with its quotes.
     */
    private static boolean condition(Expression e) {
        if (e == null) {
            return false;
        }
        if (e instanceof AndExpression || e instanceof OrExpression || e instanceof XorExpression) {
            BinaryExpression b = (BinaryExpression) e;
            return condition(b.getLeftExpression()) || condition(b.getRightExpression());
        }
        if (e instanceof NotExpression not) {
            Expression inner = unparenthesise(not.getExpression());
            return inner != not.getExpression() ? condition(inner) : false;
        }
        Expression inner = unparenthesise(e);
        if (inner != e && isCondition(inner)) {
            return hasStringLiteral(inner) || condition(inner);
        }
        return false;
    }

    private static Expression unparenthesise(Expression e) {
        if (e instanceof Parenthesis p) {
            return p.getExpression();
        }
        if (e instanceof ParenthesedExpressionList<?> list && list.size() == 1) {
            return list.get(0);
        }
        return e;
    }

    private static boolean isCondition(Expression e) {
        return e instanceof AndExpression
                || e instanceof OrExpression
                || e instanceof XorExpression
                || e instanceof ComparisonOperator
                || e instanceof LikeExpression
                || e instanceof InExpression
                || e instanceof Between
                || e instanceof IsNullExpression
                || e instanceof ExistsExpression
                || e instanceof NotExpression;
    }

    private static boolean hasStringLiteral(Expression e) {
        boolean[] found = {false};
        e.accept(
                new ExpressionVisitorAdapter<Void>() {
                    @Override
                    public <S> Void visit(StringValue value, S context) {
                        found[0] = true;
                        return null;
                    }
                },
                null);
        return found[0];
    }
}
