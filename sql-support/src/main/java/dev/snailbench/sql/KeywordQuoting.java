package dev.snailbench.sql;

import dev.snailbench.model.domain.SqlDialect;
import java.util.Locale;
import java.util.Set;

/**
 * Quotes the few words that JSqlParser 5.4 treats as keywords although SQL Server and PostgreSQL let them name
 * columns unquoted (SNAILS' CWO database has a column {@code number}). String literals, quoted identifiers and
 * comments are left alone; a word followed by "(" is a function call and stays as it is. Parsers retry with it
 * once when a statement does not parse (the scorer's linking, the inference service's denaturalization).
 */
public final class KeywordQuoting {

    public static final Set<String> WORDS = Set.of("number");

    private KeywordQuoting() {
    }

    /** The statement with those words quoted for the dialect; the same text when it has none. */
    public static String quote(String sql, SqlDialect dialect) {
        String open = dialect == SqlDialect.SQLSERVER ? "[" : "\"";
        String close = dialect == SqlDialect.SQLSERVER ? "]" : "\"";
        StringBuilder out = new StringBuilder(sql.length() + 16);
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '[' || c == '`') {
                char end = c == '[' ? ']' : c;
                int j = sql.indexOf(end, i + 1);
                j = j < 0 ? n : j + 1;
                out.append(sql, i, j);
                i = j;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int j = sql.indexOf('\n', i);
                j = j < 0 ? n : j;
                out.append(sql, i, j);
                i = j;
            } else if (Character.isLetter(c) || c == '_') {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
                    j++;
                }
                String word = sql.substring(i, j);
                int k = j;
                while (k < n && Character.isWhitespace(sql.charAt(k))) {
                    k++;
                }
                boolean call = k < n && sql.charAt(k) == '(';
                if (!call && WORDS.contains(word.toLowerCase(Locale.ROOT))) {
                    out.append(open).append(word).append(close);
                } else {
                    out.append(word);
                }
                i = j;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
