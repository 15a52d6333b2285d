package dev.snailbench.sql;

import dev.snailbench.model.domain.SqlDialect;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Quoting of one identifier as SQL writes it: {@code "x"} (standard, PostgreSQL), {@code [x]} (SQL Server),
 * {@code `x`} (MySQL, which SQL Server and PostgreSQL answers sometimes borrow) or bare. Inside quotes the closing
 * character is escaped by doubling it ({@code "a""b"}, {@code [a]]b]}, {@code `a``b`}). The one place the platform
 * adds or removes identifier quotes, and the one rule by which it compares names ({@link #normalize}).
 */
public final class IdentifierQuoting {

    private static final Pattern BARE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private IdentifierQuoting() {}

    /**
     * The name inside matching quotes at both ends, with doubled closing characters undone; anything else (bare,
     * quotes that do not match, a quote in the middle, null) is returned as written.
     */
    public static String unquote(String written) {
        if (written == null || written.length() < 2) {
            return written;
        }
        char first = written.charAt(0);
        char last = written.charAt(written.length() - 1);
        char close = closing(first);
        if (close == 0 || last != close) {
            return written;
        }
        return undoubled(written.substring(1, written.length() - 1), close);
    }

    /** The text between an identifier's quotes with each doubled {@code close} undone ({@code a""b} is {@code a"b}). */
    static String undoubled(String inner, char close) {
        String doubled = String.valueOf(close) + close;
        return inner.indexOf(close) < 0 ? inner : inner.replace(doubled, String.valueOf(close));
    }

    /**
     * The form in which names are compared: without the white space around it and its quotes, in lower case (SQL
     * Server's default collation and SNAILS' uppercased SQL both need it); null stays null.
     */
    public static String normalize(String written) {
        String bare = written == null ? null : unquote(written.strip());
        return bare == null ? null : bare.toLowerCase(Locale.ROOT);
    }

    /**
     * Always-quoted form in the dialect's quotes: PostgreSQL folds unquoted names to lower case, so a mixed-case name
     * must be quoted to survive; quoting every name also covers reserved words in both dialects.
     */
    public static String quote(String name, SqlDialect dialect) {
        return dialect == SqlDialect.POSTGRESQL ? wrap(name, '"') : wrap(name, '[');
    }

    /**
     * Writes {@code name} with the same quotes as {@code written}; quotes a bare name only when it must (a reserved
     * word, a name the dialect would not read bare).
     */
    public static String requote(String written, String name, SqlDialect dialect) {
        if (written != null && written.length() >= 2 && !written.equals(unquote(written))) {
            return wrap(name, written.charAt(0));
        }
        if (BARE.matcher(name).matches() && !IdentifierRules.isReserved(name, dialect)) {
            return name;
        }
        return quote(name, dialect);
    }

    private static String wrap(String name, char open) {
        char close = closing(open);
        return open + name.replace(String.valueOf(close), String.valueOf(close) + close) + close;
    }

    private static char closing(char open) {
        return switch (open) {
            case '"' -> '"';
            case '`' -> '`';
            case '[' -> ']';
            default -> 0;
        };
    }
}
