package dev.snailbench.sql;

import dev.snailbench.model.domain.SqlDialect;

/**
 * JSqlParser ends a statement at two empty lines ({@code \n\n\n}); PostgreSQL and SQL Server read them as whitespace.
 * Outside literals, quoted names and comments a space goes between consecutive line feeds, so a query with blank lines
 * is one statement to the parser as it is to the database; lines and columns stay where they were.
 */
final class BlankLines {

    private BlankLines() {}

    static String joined(String sql, SqlDialect dialect) {
        if (!sql.contains("\n\n")) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length() + 8);
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int end;
            if (c == '\'') {
                end = closing(sql, i + 1, "'", dialect == SqlDialect.POSTGRESQL && escapeString(sql, i));
            } else if (c == '"') {
                end = closing(sql, i + 1, "\"", false);
            } else if (c == '[' && dialect == SqlDialect.SQLSERVER) {
                end = closing(sql, i + 1, "]", false);
            } else if (c == '-' && sql.startsWith("--", i)) {
                end = i + 2;
                while (end < n && sql.charAt(end) != '\n' && sql.charAt(end) != '\r') {
                    end++;
                }
            } else if (c == '/' && sql.startsWith("/*", i)) {
                int close = sql.indexOf("*/", i + 2);
                end = close < 0 ? n : close + 2;
            } else if (c == '$' && dialect == SqlDialect.POSTGRESQL && SqlLexer.dollarTag(sql, i) != null) {
                String tag = SqlLexer.dollarTag(sql, i);
                int close = sql.indexOf(tag, i + tag.length());
                end = close < 0 ? n : close + tag.length();
            } else {
                out.append(c);
                if (c == '\n' && i + 1 < n && sql.charAt(i + 1) == '\n') {
                    out.append(' ');
                }
                i++;
                continue;
            }
            out.append(sql, i, end);
            i = end;
        }
        return out.toString();
    }

    /** {@code E'...'}: a PostgreSQL escape string, where a backslash escapes the next character. */
    private static boolean escapeString(String sql, int quote) {
        return quote > 0
                && (sql.charAt(quote - 1) == 'e' || sql.charAt(quote - 1) == 'E')
                && (quote == 1 || !Character.isLetterOrDigit(sql.charAt(quote - 2)) && sql.charAt(quote - 2) != '_');
    }

    /** The index after the closing {@code quote} (a doubled one is part of the text), or the text's end. */
    private static int closing(String sql, int from, String quote, boolean backslashEscapes) {
        int i = from;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
            } else if (sql.startsWith(quote, i)) {
                if (sql.startsWith(quote, i + 1)) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return sql.length();
    }
}
