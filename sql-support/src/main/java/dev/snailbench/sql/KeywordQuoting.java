package dev.snailbench.sql;

import dev.snailbench.model.domain.SqlDialect;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Quotes the words that JSqlParser 5.4 refuses as names although the dialect lets them name a table or column
 * unquoted (SNAILS' CWO has a column {@code number}, SBODemoUS columns {@code Returns} and {@code Settings}).
 * String literals, quoted identifiers and comments are left alone ({@link SqlLexer}); a word followed by "(" is a
 * function call, a type word after {@code AS} or {@code ::} is a cast's type, and {@code double precision} is a
 * type, so those stay as they are. PostgreSQL gets the lower-cased name in double quotes, which is what the
 * unquoted name means there; SQL Server gets square brackets. Parsers retry with it once when a statement does not
 * parse (the scorer's linking, the inference service's denaturalization), so a correct statement is never touched.
 */
public final class KeywordQuoting {

    /** Names in both dialects that JSqlParser reads as keywords (found by parsing every SNAILS and FootballDB name). */
    private static final Set<String> COMMON = Set.of(
            "number",
            "returns",
            "settings",
            "output",
            "statement",
            "prior",
            "only",
            "int",
            "integer",
            "float",
            "real",
            "bool",
            "varchar",
            "uuid");
    /** Reserved in PostgreSQL (a column needs quotes there) but not in SQL Server. */
    private static final Set<String> SQLSERVER_ONLY = Set.of("window", "natural");
    /** Reserved in SQL Server but not in PostgreSQL. */
    private static final Set<String> POSTGRESQL_ONLY = Set.of("use", "double");
    /** Words that are also types: after AS (CAST) or :: they are the type, not a name. */
    private static final Set<String> TYPES =
            Set.of("int", "integer", "float", "real", "bool", "varchar", "uuid", "double");

    /**
     * Words that JSqlParser 5.4 accepts before ASC or DESC, but as the start of another construct, so a column of
     * that name ({@code ORDER BY interval DESC}) parses without error into the wrong tree: INTERVAL of a column
     * "desc", MySQL's KEY expression, Oracle's PRIOR (the name is dropped), a sequence's NEXTVAL, CONNECT_BY_ROOT.
     * The analysis would then report a phantom column {@code desc} and lose the real one and the sort direction.
     * Found by parsing every JSqlParser keyword as {@code ORDER BY <word> DESC|ASC}.
     */
    private static final Set<String> SORT_KEY_MISREAD =
            Set.of("interval", "key", "prior", "nextval", "connect_by_root");
    /** A cheap first look, so that the lexer only runs on the few statements that may need it. */
    private static final Pattern SORT_KEY_HINT =
            Pattern.compile("(?i)\\b(interval|key|prior|nextval|connect_by_root)\\s+(asc|desc)\\b");

    private KeywordQuoting() {}

    /**
     * The statement with each of those words quoted where it directly precedes ASC or DESC, where it can only be a
     * name (both are reserved in both dialects, so they never are the operand of INTERVAL, KEY or PRIOR); the same
     * text otherwise. Unlike {@link #quote}, parsers apply this before the first parse: the misreading parses.
     */
    public static String quoteSortKeys(String sql, SqlDialect dialect) {
        if (sql == null || !SORT_KEY_HINT.matcher(sql).find()) {
            return sql;
        }
        List<SqlLexer.Token> tokens = SqlLexer.tokens(sql, dialect);
        StringBuilder out = new StringBuilder(sql.length() + 8);
        int copied = 0;
        for (int i = 0; i + 1 < tokens.size(); i++) {
            SqlLexer.Token t = tokens.get(i);
            SqlLexer.Token next = tokens.get(i + 1);
            String direction = next.text().toLowerCase(Locale.ROOT);
            if (t.kind() != SqlLexer.Kind.WORD
                    || !SORT_KEY_MISREAD.contains(t.text().toLowerCase(Locale.ROOT))
                    || next.kind() != SqlLexer.Kind.WORD
                    || !(direction.equals("asc") || direction.equals("desc"))) {
                continue;
            }
            out.append(sql, copied, t.start());
            appendQuoted(out, t.text(), dialect);
            copied = t.end();
        }
        return copied == 0 ? sql : out.append(sql, copied, sql.length()).toString();
    }

    private static void appendQuoted(StringBuilder out, String word, SqlDialect dialect) {
        if (dialect == SqlDialect.SQLSERVER) {
            out.append('[').append(word).append(']');
        } else {
            out.append('"').append(word.toLowerCase(Locale.ROOT)).append('"');
        }
    }

    /** The words quoted for a dialect. */
    public static Set<String> words(SqlDialect dialect) {
        return dialect == SqlDialect.SQLSERVER ? union(COMMON, SQLSERVER_ONLY) : union(COMMON, POSTGRESQL_ONLY);
    }

    /** The statement with those words quoted for the dialect; the same text when it has none. */
    public static String quote(String sql, SqlDialect dialect) {
        Set<String> words = words(dialect);
        List<SqlLexer.Token> tokens = SqlLexer.tokens(sql, dialect);
        StringBuilder out = new StringBuilder(sql.length() + 16);
        int copied = 0;
        for (int i = 0; i < tokens.size(); i++) {
            SqlLexer.Token t = tokens.get(i);
            String word = t.text().toLowerCase(Locale.ROOT);
            if (t.kind() != SqlLexer.Kind.WORD || !words.contains(word) || !isName(tokens, i, word)) {
                continue;
            }
            out.append(sql, copied, t.start());
            appendQuoted(out, t.text(), dialect);
            copied = t.end();
        }
        out.append(sql, copied, sql.length());
        return out.toString();
    }

    private static boolean isName(List<SqlLexer.Token> tokens, int i, String word) {
        String next = i + 1 < tokens.size() ? tokens.get(i + 1).text() : "";
        String previous = i > 0 ? tokens.get(i - 1).text() : "";
        String beforePrevious = i > 1 ? tokens.get(i - 2).text() : "";
        if (next.equals("(")) {
            return false;
        }
        if (TYPES.contains(word)
                && (previous.equalsIgnoreCase("as") || previous.equals(":") && beforePrevious.equals(":"))) {
            return false;
        }
        return !(word.equals("double") && next.equalsIgnoreCase("precision"));
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        HashSet<String> all = new HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }
}
