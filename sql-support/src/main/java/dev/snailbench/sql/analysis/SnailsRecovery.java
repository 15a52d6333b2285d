package dev.snailbench.sql.analysis;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlLexer;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.SqlParser;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.statement.Statement;

/**
 * What the SNAILS authors' analyzer reads of a query that does not parse whole. Their ANTLR T-SQL parser reads one
 * query expression from the start of the text and recovers from a syntax error as ANTLR does; their visitor then walks
 * the tree it built. Here, with JSqlParser telling where the query stops being SQL:
 * <ol>
 * <li><b>Single-token repairs</b>, as ANTLR makes them where it stops: a missing {@code )} is supplied when a
 * parenthesis is open (at the end of a cut-off text every open one is closed), and an unexpected token is dropped
 * when the parser reads on past the token after it. Up to {@value #MAX_REPAIRS} repairs; a text that then parses is
 * read whole.</li>
 * <li><b>What was read before the error</b> otherwise: the query up to the token the parser stopped at, less a
 * dangling list comma, qualifier dot or clause keyword, with its open parentheses closed. Their visitor fails on a
 * search condition or a join with nothing in it (their pipeline then has no identifier): a text that stops at or right
 * after {@code WHERE}, {@code HAVING}, {@code ON}, {@code AND}, {@code OR}, {@code NOT} or a {@code JOIN} yields
 * nothing.</li>
 * </ol>
 */
final class SnailsRecovery {

    static final int MAX_REPAIRS = 4;

    /** Where a search condition or a join starts: their visitor cannot walk it empty. */
    private static final Set<String> EMPTY_FAILS = Set.of(
            "where", "having", "on", "and", "or", "not", "join", "inner", "left", "right", "full", "outer", "cross",
            "apply", "between", "like", "in", "exists", "is");

    /** A separator their parser reads before it finds what follows unreadable. */
    private static final Set<String> SEPARATORS = Set.of(",", ".");

    /** A clause keyword their parser enters before it finds what follows unreadable. */
    private static final Set<String> ENTERED = Set.of(
            "from", "where", "having", "on", "join", "inner", "left", "right", "full", "outer", "cross", "group",
            "order", "by");

    /** A clause keyword or separator that may end what was read with nothing after it. */
    private static final Set<String> DANGLING = Set.of(
            ",",
            ".",
            "=",
            "<",
            ">",
            "!",
            "+",
            "-",
            "*",
            "/",
            "from",
            "select",
            "distinct",
            "all",
            "group",
            "order",
            "by",
            "as",
            "top",
            "asc",
            "desc",
            "union",
            "except",
            "intersect");

    private SnailsRecovery() {}

    /** The statement their parser and visitor read of {@code sql}, or empty when they read nothing. */
    static Optional<Statement> read(SqlParser parser, String sql, SqlDialect dialect) {
        String text =
                unterminatedCut(sql.replace("\r\n", "\n").replace('\r', '\n').replace('\t', ' '));
        Attempt attempt = Attempt.of(parser, text, dialect);
        for (int repairs = 0; attempt.statement == null && repairs < MAX_REPAIRS; repairs++) {
            if (attempt.errorOffset < 0) {
                return Optional.empty();
            }
            // Their parser reads one query expression and stops: a whole query before the error is what it reads.
            Statement complete = completeBefore(parser, text, attempt.errorOffset, dialect);
            if (complete != null) {
                return Optional.of(complete);
            }
            Attempt repaired = repair(parser, text, attempt.errorOffset, dialect);
            if (repaired == null) {
                break;
            }
            text = repaired.text;
            attempt = repaired;
        }
        if (attempt.statement != null) {
            return Optional.of(attempt.statement);
        }
        if (attempt.errorOffset < 0) {
            return Optional.empty();
        }
        return readBefore(parser, text, attempt.errorOffset, dialect);
    }

    /**
     * Their lexer drops a string literal or quoted name that is never closed, to the end of the text: the text is read
     * up to its opening quote (comments are skipped).
     */
    static String unterminatedCut(String text) {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (text.startsWith("--", i)) {
                int nl = text.indexOf('\n', i);
                i = nl < 0 ? text.length() : nl + 1;
                continue;
            }
            if (text.startsWith("/*", i)) {
                int close = text.indexOf("*/", i + 2);
                i = close < 0 ? text.length() : close + 2;
                continue;
            }
            char close = c == '\'' ? '\'' : c == '[' ? ']' : c == '"' ? '"' : 0;
            if (close == 0) {
                i++;
                continue;
            }
            int j = i + 1;
            while (true) {
                int k = text.indexOf(close, j);
                if (k < 0) {
                    return text.substring(0, i);
                }
                if (k + 1 < text.length() && text.charAt(k + 1) == close) {
                    j = k + 2;
                    continue;
                }
                i = k + 1;
                break;
            }
        }
        return text;
    }

    /**
     * ANTLR's single-token insertion of a {@code )}, else its single-token deletion; null when neither reads on, and
     * when the parser stopped at the keyword of a condition or a join (their parser enters it and finds it empty).
     */
    private static Attempt repair(SqlParser parser, String text, int errorOffset, SqlDialect dialect) {
        List<SqlLexer.Token> tokens = SqlLexer.tokens(text, dialect);
        int at = tokenAt(tokens, errorOffset);
        int open = openParentheses(tokens, at);
        if (open > 0) {
            String closing = at == tokens.size() ? " )".repeat(open) : " ) ";
            int cut = at == tokens.size() ? text.length() : tokens.get(at).start();
            Attempt inserted = Attempt.of(parser, text.substring(0, cut) + closing + text.substring(cut), dialect);
            if (inserted.statement != null || inserted.errorOffset > cut + closing.length()) {
                return inserted;
            }
        }
        if (at < tokens.size() && isWord(tokens.get(at), EMPTY_FAILS)) {
            return null;
        }
        if (at < tokens.size()) {
            SqlLexer.Token dropped = tokens.get(at);
            String without = text.substring(0, dropped.start()) + " " + text.substring(dropped.end());
            Attempt deleted = Attempt.of(parser, without, dialect);
            int nextEnd = at + 1 < tokens.size()
                    ? tokens.get(at + 1).end() - (dropped.end() - dropped.start()) + 1
                    : without.length();
            if (deleted.statement != null || deleted.errorOffset >= nextEnd) {
                return deleted;
            }
        }
        return null;
    }

    /** The statement the text before the error token is by itself, or null when that is not a whole query. */
    private static Statement completeBefore(SqlParser parser, String text, int errorOffset, SqlDialect dialect) {
        List<SqlLexer.Token> tokens = SqlLexer.tokens(text, dialect);
        int at = tokenAt(tokens, errorOffset);
        if (at == 0 || at >= tokens.size()) {
            return null;
        }
        Attempt prefix = Attempt.of(parser, text.substring(0, tokens.get(at - 1).end()), dialect);
        return prefix.statement;
    }

    /** The query up to the token the parser stopped at, as their visitor walks it (see the class comment). */
    private static Optional<Statement> readBefore(SqlParser parser, String text, int errorOffset, SqlDialect dialect) {
        List<SqlLexer.Token> tokens = SqlLexer.tokens(text, dialect);
        int end = tokenAt(tokens, errorOffset);
        if (end < tokens.size() && isWord(tokens.get(end), EMPTY_FAILS)) {
            return Optional.empty();
        }
        while (end > 0 && isWord(tokens.get(end - 1), DANGLING)) {
            end--;
        }
        if (end == 0 || isWord(tokens.get(end - 1), EMPTY_FAILS)) {
            return Optional.empty();
        }
        int open = openParentheses(tokens, end);
        if (open < 0) {
            return Optional.empty();
        }
        String prefix = text.substring(0, tokens.get(end - 1).end()) + " )".repeat(open);
        return Optional.ofNullable(Attempt.of(parser, prefix, dialect).statement);
    }

    private static boolean isWord(SqlLexer.Token token, Set<String> words) {
        return token.kind() != SqlLexer.Kind.QUOTED
                && words.contains(token.text().toLowerCase(Locale.ROOT));
    }

    /** The index of the first token that ends after {@code offset} (the size when none does). */
    private static int tokenAt(List<SqlLexer.Token> tokens, int offset) {
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).end() > offset) {
                return i;
            }
        }
        return tokens.size();
    }

    /** Parentheses opened and not closed before token {@code end} (negative when more were closed). */
    private static int openParentheses(List<SqlLexer.Token> tokens, int end) {
        int open = 0;
        for (int i = 0; i < end; i++) {
            SqlLexer.Token t = tokens.get(i);
            if (t.kind() == SqlLexer.Kind.SYMBOL) {
                open += t.text().equals("(") ? 1 : t.text().equals(")") ? -1 : 0;
            }
        }
        return open;
    }

    /**
     * Where T-SQL's grammar refuses what JSqlParser reads (-1 when nowhere): a reserved word as a name part after a
     * dot ({@code t.TABLE}), {@code ORDER} or {@code GROUP} without {@code BY} ({@code SELECT a, ORDER}), a second
     * argument of an aggregate with {@code DISTINCT} ({@code COUNT(DISTINCT a, b)}: at its comma).
     */
    static int refusedByTSql(String text, SqlDialect dialect) {
        if (dialect != SqlDialect.SQLSERVER) {
            return -1;
        }
        List<SqlLexer.Token> tokens = SqlLexer.tokens(text, dialect);
        for (int i = 0; i < tokens.size(); i++) {
            SqlLexer.Token t = tokens.get(i);
            if (t.kind() != SqlLexer.Kind.WORD) {
                continue;
            }
            String word = t.text().toLowerCase(Locale.ROOT);
            boolean afterDot = i > 0
                    && tokens.get(i - 1).text().equals(".")
                    && tokens.get(i - 1).kind() == SqlLexer.Kind.SYMBOL;
            if (afterDot && RESERVED.contains(word)) {
                return t.start();
            }
            if ((word.equals("order") || word.equals("group"))
                    && (i + 1 == tokens.size() || !tokens.get(i + 1).text().equalsIgnoreCase("by"))) {
                return t.start();
            }
            if (AGGREGATES.contains(word)
                    && i + 2 < tokens.size()
                    && tokens.get(i + 1).text().equals("(")
                    && tokens.get(i + 2).text().equalsIgnoreCase("distinct")) {
                int comma = secondArgument(tokens, i + 1);
                if (comma >= 0) {
                    return tokens.get(comma).start();
                }
            }
        }
        return -1;
    }

    /** The comma before a second argument in the parentheses opening at {@code open}, or -1. */
    private static int secondArgument(List<SqlLexer.Token> tokens, int open) {
        int depth = 0;
        for (int i = open; i < tokens.size(); i++) {
            SqlLexer.Token t = tokens.get(i);
            if (t.kind() != SqlLexer.Kind.SYMBOL) {
                continue;
            }
            depth += t.text().equals("(") ? 1 : t.text().equals(")") ? -1 : 0;
            if (depth == 0) {
                return -1;
            }
            if (depth == 1 && t.text().equals(",")) {
                return i;
            }
        }
        return -1;
    }

    private static final Set<String> AGGREGATES =
            Set.of("count", "count_big", "sum", "avg", "min", "max", "stdev", "stdevp", "var", "varp");

    /** T-SQL reserved words its grammar never reads as a name. */
    private static final Set<String> RESERVED = Set.of(
            "select",
            "from",
            "where",
            "group",
            "order",
            "by",
            "having",
            "table",
            "join",
            "on",
            "and",
            "or",
            "not",
            "as",
            "in",
            "is",
            "null",
            "union",
            "into",
            "values",
            "set",
            "case",
            "when",
            "then",
            "else",
            "end",
            "distinct",
            "top",
            "exists",
            "between",
            "like",
            "inner",
            "left",
            "right",
            "full",
            "outer",
            "cross",
            "create",
            "drop",
            "alter",
            "insert",
            "update",
            "delete",
            "primary",
            "foreign",
            "references",
            "check",
            "constraint",
            "column",
            "database",
            "procedure",
            "view",
            "with",
            "except",
            "intersect",
            "all",
            "any",
            "some",
            "escape",
            "asc",
            "desc");

    /** One parse: the statement, or the offset in the text where the parser stopped (-1 when it gave none). */
    private record Attempt(String text, Statement statement, int errorOffset) {

        static Attempt of(SqlParser parser, String text, SqlDialect dialect) {
            try {
                Statement statement = parser.parse(text, dialect);
                int refused = refusedByTSql(text, dialect);
                return refused < 0 ? new Attempt(text, statement, -1) : new Attempt(text, null, refused);
            } catch (SqlParseException e) {
                if (e.timedOut()) {
                    return new Attempt(text, null, -1);
                }
                // The parser stopped at the end of the text: a cut-off query.
                boolean atEnd = e.getCause() instanceof ParseException p
                        && p.currentToken != null
                        && p.currentToken.next != null
                        && p.currentToken.next.kind == CCJSqlParserConstants.EOF;
                return new Attempt(
                        text,
                        null,
                        atEnd ? text.length() : afterSeparator(text, offset(text, e.line(), e.column()), dialect));
            }
        }

        /**
         * JSqlParser stops at a list comma, a qualifier dot or a clause keyword whose continuation it cannot read;
         * their parser reads the separator or enters the clause, and stops at the token after it.
         */
        private static int afterSeparator(String text, int offset, SqlDialect dialect) {
            List<SqlLexer.Token> tokens = SqlLexer.tokens(text, dialect);
            int at = tokenAt(tokens, offset);
            int next = at;
            if (next < tokens.size() && isWord(tokens.get(next), SEPARATORS)) {
                next++;
            } else {
                while (next < tokens.size() && isWord(tokens.get(next), ENTERED)) {
                    next++;
                }
            }
            if (next == at) {
                return offset;
            }
            return next < tokens.size() ? tokens.get(next).start() : text.length();
        }

        /** The offset of a 1-based line and column (the text's end when past it; -1 when there is no position). */
        private static int offset(String text, int line, int column) {
            if (line < 1 || column < 1) {
                return -1;
            }
            int start = 0;
            for (int l = 1; l < line; l++) {
                int nl = text.indexOf('\n', start);
                if (nl < 0) {
                    return text.length();
                }
                start = nl + 1;
            }
            return Math.min(text.length(), start + column - 1);
        }
    }
}
