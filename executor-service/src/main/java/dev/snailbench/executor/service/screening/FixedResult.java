package dev.snailbench.executor.service.screening;

import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlLexer;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import net.sf.jsqlparser.statement.Statement;

/**
 * Whether a gold's result, as the scorer compares it, is fixed by the query and its data, so that running the gold
 * again under other plan settings cannot show anything. Then the screener skips those runs, which were most of a small
 * job's database work: each forces sequential scans and sorts through a tiny {@code work_mem}.
 * <p>
 * The multiset of rows a query returns is the same under every plan unless something in it lets the plan choose: a
 * LIMIT, OFFSET, FETCH or TOP anywhere (a cut keeps whichever rows come first), a window function (rows tied on its
 * ORDER BY are numbered in any order), DISTINCT ON, TABLESAMPLE, an aggregate whose value depends on the order rows
 * arrive in (SUM and AVG of floating-point values, STRING_AGG, ARRAY_AGG, …), or a function or value that is not the
 * same on every call (RANDOM, CURRENT_TIMESTAMP, a user-defined function). {@link #textLeavesNoChoice} reads the text
 * for these, conservatively: a function counts as fixed only when it is on a short list of deterministic,
 * order-insensitive ones. A view the query reads may hide any of them, so the screener also reads the database's view
 * definitions the same way ({@code GoldScreener}). The order of the rows is then fixed when the query does not order
 * them (the scorer compares them as a multiset), when its ORDER BY covers every selected column (tied rows are equal
 * rows), or when every ORDER BY key is a selected column and no two neighbouring rows of the gold's own result tie on
 * them.
 */
final class FixedResult {

    /** Words that let the plan choose rows, their order, or their values. */
    private static final Set<String> CHOICES = Set.of(
            "LIMIT",
            "OFFSET",
            "FETCH",
            "TOP",
            "OVER",
            "WINDOW",
            "TABLESAMPLE",
            "CURRENT_TIMESTAMP",
            "CURRENT_TIME",
            "CURRENT_DATE",
            "LOCALTIME",
            "LOCALTIMESTAMP",
            "ROWNUM");

    /**
     * What may stand before an opening parenthesis: keywords that open a subquery, a list or a grouping; type names
     * with a precision; and deterministic functions whose value does not depend on the order rows arrive in
     * (SUM and AVG are not here: over floating-point values their result depends on the order of addition).
     */
    private static final Set<String> BEFORE_PARENTHESIS = Set.of(
            "SELECT",
            "FROM",
            "JOIN",
            "LATERAL",
            "ON",
            "USING",
            "WHERE",
            "AND",
            "OR",
            "NOT",
            "IN",
            "EXISTS",
            "ANY",
            "SOME",
            "ALL",
            "AS",
            "VALUES",
            "HAVING",
            "BY",
            "WHEN",
            "THEN",
            "ELSE",
            "CASE",
            "DISTINCT",
            "UNION",
            "INTERSECT",
            "EXCEPT",
            "IS",
            "BETWEEN",
            "LIKE",
            "ILIKE",
            "SIMILAR",
            "FILTER",
            "ROW",
            "NUMERIC",
            "DECIMAL",
            "VARCHAR",
            "CHAR",
            "CHARACTER",
            "VARYING",
            "BPCHAR",
            "TIME",
            "TIMESTAMP",
            "COUNT",
            "MIN",
            "MAX",
            "BOOL_AND",
            "BOOL_OR",
            "EVERY",
            "LOWER",
            "UPPER",
            "INITCAP",
            "TRIM",
            "BTRIM",
            "LTRIM",
            "RTRIM",
            "LENGTH",
            "CHAR_LENGTH",
            "CHARACTER_LENGTH",
            "OCTET_LENGTH",
            "SUBSTRING",
            "SUBSTR",
            "LEFT",
            "RIGHT",
            "REPLACE",
            "CONCAT",
            "CONCAT_WS",
            "SPLIT_PART",
            "POSITION",
            "STRPOS",
            "LPAD",
            "RPAD",
            "REVERSE",
            "COALESCE",
            "NULLIF",
            "GREATEST",
            "LEAST",
            "CAST",
            "EXTRACT",
            "DATE_PART",
            "DATE_TRUNC",
            "TO_CHAR",
            "TO_DATE",
            "TO_NUMBER",
            "MAKE_DATE",
            "ABS",
            "ROUND",
            "TRUNC",
            "FLOOR",
            "CEIL",
            "CEILING",
            "SIGN",
            "MOD",
            "POWER",
            "SQRT");

    private FixedResult() {}

    /** Whether the gold's result, as the scorer compares it, is the same under every plan. */
    static boolean fixed(Statement statement, String sql, ExecutionOutcome gold) {
        return textLeavesNoChoice(sql) && orderFixed(statement, gold);
    }

    /**
     * Whether nothing in the text lets the plan choose rows or values (see the class comment). Read with the
     * toolkit's {@link SqlLexer}, as the guard reads it for denied calls: literals (dollar-quoted and escape strings
     * too) and comments are skipped, quoted names are names. A quoted or schema-qualified name before a parenthesis
     * counts as a function that is not on the list.
     */
    static boolean textLeavesNoChoice(String sql) {
        List<SqlLexer.Token> tokens = SqlLexer.tokens(sql, SqlDialect.POSTGRESQL);
        for (int i = 0; i < tokens.size(); i++) {
            SqlLexer.Token t = tokens.get(i);
            if (t.kind() == SqlLexer.Kind.WORD) {
                String word = t.text().toUpperCase(Locale.ROOT);
                if (CHOICES.contains(word) || word.equals("ON") && i > 0 && isWord(tokens.get(i - 1), "DISTINCT")) {
                    return false;
                }
            } else if (isSymbol(t, "(") && i > 0) {
                SqlLexer.Token before = tokens.get(i - 1);
                boolean qualified = i > 1 && isSymbol(tokens.get(i - 2), ".");
                if (before.kind() == SqlLexer.Kind.QUOTED
                        || before.kind() == SqlLexer.Kind.WORD
                                && (qualified
                                        || !BEFORE_PARENTHESIS.contains(
                                                before.text().toUpperCase(Locale.ROOT)))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean isWord(SqlLexer.Token t, String word) {
        return t.kind() == SqlLexer.Kind.WORD && t.text().equalsIgnoreCase(word);
    }

    private static boolean isSymbol(SqlLexer.Token t, String symbol) {
        return t.kind() == SqlLexer.Kind.SYMBOL && t.text().equals(symbol);
    }

    /** Whether the order of the gold's rows, as the scorer compares it, is the same under every plan. */
    static boolean orderFixed(Statement statement, ExecutionOutcome gold) {
        if (!StaticGoldRules.ordered(statement) || StaticGoldRules.orderCoversProjection(statement)) {
            return true;
        }
        List<Integer> keys = StaticGoldRules.orderKeyColumns(statement);
        if (keys == null) {
            return false;
        }
        List<List<String>> rows = gold.rows();
        for (int r = 1; r < rows.size(); r++) {
            if (tied(rows.get(r - 1), rows.get(r), keys, gold.columns())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether two rows tie on the key columns, as the database's sort could see it: numbers by value ({@code 1.0}
     * and {@code 1.00} tie), everything else by its text without regard to case.
     */
    private static boolean tied(List<String> a, List<String> b, List<Integer> keys, List<ResultColumn> columns) {
        for (int k : keys) {
            String x = a.get(k);
            String y = b.get(k);
            if (x == null || y == null) {
                if (x != y) {
                    return false;
                }
                continue;
            }
            ValueType type = k < columns.size() ? columns.get(k).type() : ValueType.OTHER;
            if (!sameKey(x, y, type)) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameKey(String x, String y, ValueType type) {
        if (type == ValueType.NUMBER) {
            try {
                return new BigDecimal(x).compareTo(new BigDecimal(y)) == 0;
            } catch (NumberFormatException e) {
                return Objects.equals(x, y);
            }
        }
        // Case-insensitive types and collations (citext, ICU) sort 'A' and 'a' together: a tie, to be safe.
        return x.equalsIgnoreCase(y);
    }
}
