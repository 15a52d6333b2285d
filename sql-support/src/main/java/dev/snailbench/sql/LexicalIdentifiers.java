package dev.snailbench.sql;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlLexer.Kind;
import dev.snailbench.sql.SqlLexer.Token;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The tables and columns of a statement that does not parse, read from its tokens: what schema linking and
 * denaturalization fall back to, flagged as such by their callers, so that no prediction goes unscored because of
 * a stray token. Literals and comments are never read (the lexer skips them). A word is an identifier unless it is
 * an SQL keyword, a function name (followed by "("), an alias (after AS, or right after a table, a column or a
 * closing parenthesis) or a CTE name. Words after FROM, JOIN, UPDATE or INTO, and qualifiers before a dot, are
 * tables; the others columns. A word that names a column although it is also a keyword in some contexts (year,
 * date, name, type, value…) stays a column: only words that can never name a column unquoted are keywords here;
 * {@code interval} is one only when a literal follows it.
 */
public final class LexicalIdentifiers {

    /** An identifier found in the statement: a table or a column, where it is written. */
    public record Found(boolean table, Token token) {

        /** Lower-case, unquoted. */
        public String name() {
            return token.text().toLowerCase(Locale.ROOT);
        }
    }

    /** Words that cannot be identifiers unquoted, in either dialect (reserved in both, or clause words). */
    static final Set<String> KEYWORDS = Set.of(
            "select",
            "from",
            "where",
            "and",
            "or",
            "not",
            "in",
            "is",
            "null",
            "like",
            "ilike",
            "between",
            "as",
            "on",
            "join",
            "inner",
            "left",
            "right",
            "full",
            "outer",
            "cross",
            "apply",
            "group",
            "by",
            "order",
            "having",
            "limit",
            "offset",
            "fetch",
            "next",
            "only",
            "top",
            "percent",
            "ties",
            "distinct",
            "all",
            "union",
            "intersect",
            "except",
            "case",
            "when",
            "then",
            "else",
            "end",
            "asc",
            "desc",
            "nulls",
            "exists",
            "any",
            "some",
            "with",
            "recursive",
            "over",
            "partition",
            "cast",
            "collate",
            "escape",
            "into",
            "values",
            "true",
            "false",
            "filter",
            "within",
            "lateral",
            "natural",
            "using",
            "window",
            "pivot",
            "unpivot",
            "nolock",
            "set",
            "update",
            "insert",
            "delete",
            "declare",
            "similar",
            "to",
            "unbounded",
            "preceding",
            "following",
            "rows",
            "create",
            "table",
            "view",
            "drop",
            "alter",
            "exec",
            "execute",
            "begin",
            "go",
            "temporary",
            "temp",
            "if",
            // type names, as in CONVERT(float, x) (after AS a type is skipped as an alias would be)
            "float",
            "int",
            "integer",
            "bigint",
            "smallint",
            "tinyint",
            "varchar",
            "nvarchar",
            "char",
            "nchar",
            "decimal",
            "numeric",
            "real",
            "bit",
            "datetime",
            "datetime2",
            "money",
            "double",
            "precision",
            "boolean");

    /** Words after which the next identifier names a table. */
    private static final Set<String> TABLE_CONTEXT = Set.of("from", "join", "update", "into", "apply");

    private LexicalIdentifiers() {}

    /** Every table and column occurrence, in the order written. */
    public static List<Found> find(String sql, SqlDialect dialect) {
        List<Token> tokens = SqlLexer.tokens(sql, dialect);
        Set<String> aliases = aliasesAndCteNames(tokens);
        List<Found> found = new ArrayList<>();
        boolean tableContext = false;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            String word = t.text().toLowerCase(Locale.ROOT);
            if (t.kind() == Kind.SYMBOL) {
                // A comma keeps a FROM list going; anything else but a dot ends it.
                tableContext = tableContext && (t.text().equals(",") || t.text().equals("."));
                continue;
            }
            if (!t.isIdentifierLike()) {
                continue;
            }
            if (t.kind() == Kind.WORD && (KEYWORDS.contains(word) || intervalLiteral(sql, tokens, i))) {
                tableContext = TABLE_CONTEXT.contains(word);
                continue;
            }
            boolean call = next(tokens, i, "(") && t.kind() == Kind.WORD;
            boolean qualifier = next(tokens, i, ".");
            boolean qualified = i > 0 && tokens.get(i - 1).text().equals(".");
            if (call || word.startsWith("@") || aliases.contains(word) && !qualified || isAlias(tokens, i)) {
                continue;
            }
            if (qualifier) {
                // schema.table in a FROM list, or table.column / alias.column: a table unless it is an alias.
                boolean schemaOfTable = tableContext;
                if (!schemaOfTable && !aliases.contains(word)) {
                    found.add(new Found(true, t));
                }
                continue;
            }
            found.add(new Found(tableContext, t));
        }
        return found;
    }

    /** The distinct table and column names, lower-case. */
    public static Names names(String sql, SqlDialect dialect) {
        Set<String> tables = new LinkedHashSet<>();
        Set<String> columns = new LinkedHashSet<>();
        for (Found f : find(sql, dialect)) {
            (f.table() ? tables : columns).add(f.name());
        }
        return new Names(tables, columns);
    }

    /** Distinct names of the tables and columns a statement uses. */
    public record Names(Set<String> tables, Set<String> columns) {}

    /**
     * Whether the word at {@code i} is the INTERVAL of an interval literal ({@code INTERVAL '1 day'},
     * {@code INTERVAL 3 DAY}) rather than a column named {@code interval} (SBODemoUS has two): the literal follows it.
     * The lexer skips string literals, so the text between this token and the next tells.
     */
    private static boolean intervalLiteral(String sql, List<Token> tokens, int i) {
        Token t = tokens.get(i);
        if (t.kind() != Kind.WORD || !t.text().equalsIgnoreCase("interval")) {
            return false;
        }
        if (i + 1 < tokens.size() && tokens.get(i + 1).kind() == Kind.NUMBER) {
            return true;
        }
        int end = i + 1 < tokens.size() ? tokens.get(i + 1).start() : sql.length();
        String between = sql.substring(t.end(), end).strip();
        return between.startsWith("'")
                || between.regionMatches(true, 0, "E'", 0, 2)
                || between.regionMatches(true, 0, "N'", 0, 2);
    }

    private static boolean next(List<Token> tokens, int i, String symbol) {
        return i + 1 < tokens.size()
                && tokens.get(i + 1).kind() == Kind.SYMBOL
                && tokens.get(i + 1).text().equals(symbol);
    }

    /** Names introduced as aliases ({@code AS x}, {@code ) x}, {@code table x}) and CTE names ({@code x AS (}). */
    private static Set<String> aliasesAndCteNames(List<Token> tokens) {
        Set<String> out = new HashSet<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (!t.isIdentifierLike()) {
                continue;
            }
            String word = t.text().toLowerCase(Locale.ROOT);
            if (t.kind() == Kind.WORD && KEYWORDS.contains(word)) {
                continue;
            }
            boolean cte = i + 2 < tokens.size()
                    && tokens.get(i + 1).text().equalsIgnoreCase("as")
                    && tokens.get(i + 2).text().equals("(");
            if (cte || isAlias(tokens, i)) {
                out.add(word);
            }
        }
        return out;
    }

    /**
     * Whether the identifier at {@code i} names an alias: it follows AS (not in CAST(… AS type), where it is a type
     * and not an identifier either), or it directly follows an identifier, a number or a closing parenthesis.
     */
    private static boolean isAlias(List<Token> tokens, int i) {
        if (i == 0 || next(tokens, i, "(")) {
            return false;
        }
        Token previous = tokens.get(i - 1);
        if (previous.kind() == Kind.WORD && previous.text().equalsIgnoreCase("as")) {
            return true;
        }
        if (previous.kind() == Kind.NUMBER) {
            // TOP 5 name: the number is TOP's, the word the first column.
            return !(i >= 2 && tokens.get(i - 2).text().equalsIgnoreCase("top"));
        }
        return previous.text().equals(")")
                || previous.isIdentifierLike()
                        && !(previous.kind() == Kind.WORD
                                && KEYWORDS.contains(previous.text().toLowerCase(Locale.ROOT)));
    }
}
