package dev.snailbench.sql;

import dev.snailbench.model.domain.SqlDialect;
import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately small SQL lexer: words, quoted identifiers (as their names), numbers and single-character
 * symbols, each with its place in the text; comments and string literals are skipped. Enough to find function
 * calls whatever the quoting (the executor's guard), and to read or rename identifiers when a statement does not
 * parse (the token fallbacks of schema linking and denaturalization): nothing inside a literal or a comment is
 * ever taken for an identifier.
 */
public final class SqlLexer {

    /** What a token is. */
    public enum Kind {
        WORD,
        QUOTED,
        NUMBER,
        SYMBOL
    }

    /**
     * A token: {@code text} is the word, the unquoted name, the number or the symbol; {@code start}/{@code end}
     * delimit it in the statement (quotes included).
     */
    public record Token(Kind kind, String text, int start, int end) {

        public boolean isIdentifierLike() {
            return kind == Kind.WORD || kind == Kind.QUOTED;
        }
    }

    private SqlLexer() {}

    /**
     * The statements of a text, split at semicolons outside literals, quoted names and comments; a part with no
     * token (a trailing semicolon, a comment) is no statement. Each is the text between its semicolons, trimmed.
     */
    public static List<String> statements(String sql, SqlDialect dialect) {
        List<String> out = new ArrayList<>();
        int start = 0;
        boolean any = false;
        for (Token t : tokens(sql, dialect)) {
            if (t.kind() == Kind.SYMBOL && t.text().equals(";")) {
                if (any) {
                    out.add(sql.substring(start, t.start()).strip());
                }
                start = t.end();
                any = false;
            } else {
                any = true;
            }
        }
        if (any) {
            out.add(sql.substring(start).strip());
        }
        return out;
    }

    /** The tokens' texts only. */
    public static List<String> words(String sql, SqlDialect dialect) {
        return tokens(sql, dialect).stream().map(Token::text).toList();
    }

    public static List<Token> tokens(String sql, SqlDialect dialect) {
        return tokens(sql, dialect, false);
    }

    /**
     * @param backslashQuotes read a backslash in every {@code '...'} string as escaping the next character, as
     *                        PostgreSQL does with {@code standard_conforming_strings} off (a database or role may
     *                        set it); {@code E'...'} strings are read that way always
     */
    public static List<Token> tokens(String sql, SqlDialect dialect, boolean backslashQuotes) {
        List<Token> out = new ArrayList<>();
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                // PostgreSQL ends a line comment at a carriage return as well as at a line feed.
                i = skipLineComment(sql, i + 2);
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                i = skipBlockComment(sql, i + 2);
            } else if (c == '\'') {
                // E'...' (PostgreSQL escape string): backslash escapes a quote inside.
                boolean escapeString = dialect == SqlDialect.POSTGRESQL
                        && i > 0
                        && (sql.charAt(i - 1) == 'e' || sql.charAt(i - 1) == 'E')
                        && !out.isEmpty()
                        && out.get(out.size() - 1).text().equalsIgnoreCase("e");
                if (escapeString) {
                    out.remove(out.size() - 1);
                }
                boolean backslashEscapes = escapeString || backslashQuotes && dialect == SqlDialect.POSTGRESQL;
                i = skipString(sql, i + 1, '\'', backslashEscapes);
            } else if (c == '"') {
                int end = quotedEnd(sql, i + 1, '"');
                String name = IdentifierQuoting.undoubled(sql.substring(i + 1, Math.min(end, n)), '"');
                out.add(new Token(Kind.QUOTED, name, i, Math.min(end + 1, n)));
                i = end + 1;
            } else if (c == '[' && dialect == SqlDialect.SQLSERVER) {
                int end = quotedEnd(sql, i + 1, ']');
                String name = IdentifierQuoting.undoubled(sql.substring(i + 1, Math.min(end, n)), ']');
                out.add(new Token(Kind.QUOTED, name, i, Math.min(end + 1, n)));
                i = end + 1;
            } else if (c == '$' && dialect == SqlDialect.POSTGRESQL && dollarTag(sql, i) != null) {
                String tag = dollarTag(sql, i);
                int close = sql.indexOf(tag, i + tag.length());
                i = close < 0 ? n : close + tag.length();
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < n
                        && (Character.isLetterOrDigit(sql.charAt(i))
                                || sql.charAt(i) == '_'
                                || sql.charAt(i) == '$'
                                || sql.charAt(i) == '#'
                                || sql.charAt(i) == '@')) {
                    i++;
                }
                out.add(new Token(Kind.WORD, sql.substring(start, i), start, i));
            } else if (Character.isDigit(c)) {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
                    i++;
                }
                out.add(new Token(Kind.NUMBER, sql.substring(start, i), start, i));
            } else {
                out.add(new Token(Kind.SYMBOL, String.valueOf(c), i, i + 1));
                i++;
            }
        }
        return out;
    }

    private static int skipLineComment(String sql, int from) {
        int i = from;
        while (i < sql.length() && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
            i++;
        }
        return Math.min(sql.length(), i + 1);
    }

    /** PostgreSQL block comments nest; treating SQL Server's the same way is harmless. */
    private static int skipBlockComment(String sql, int from) {
        int depth = 1;
        int i = from;
        while (i < sql.length() && depth > 0) {
            if (sql.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (sql.startsWith("*/", i)) {
                depth--;
                i += 2;
            } else {
                i++;
            }
        }
        return i;
    }

    private static int skipString(String sql, int from, char quote, boolean backslashEscapes) {
        int i = from;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
            } else if (c == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return i;
    }

    private static int quotedEnd(String sql, int from, char close) {
        int i = from;
        while (i < sql.length()) {
            if (sql.charAt(i) == close) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == close) {
                    i += 2;
                    continue;
                }
                return i;
            }
            i++;
        }
        return sql.length();
    }

    /** {@code $tag$} or {@code $$} at {@code i}, else null (a positional parameter like {@code $1}). */
    static String dollarTag(String sql, int i) {
        int j = i + 1;
        while (j < sql.length() && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
            j++;
        }
        if (j < sql.length() && sql.charAt(j) == '$' && (j == i + 1 || !Character.isDigit(sql.charAt(i + 1)))) {
            return sql.substring(i, j + 1);
        }
        return null;
    }
}
