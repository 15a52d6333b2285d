package dev.snailbench.sql.rewrite;

import dev.snailbench.model.domain.SqlDialect;
import java.util.Locale;
import java.util.regex.Pattern;

/** Quoting of identifiers as written in SQL: {@code [x]}, {@code "x"}, {@code `x`} or bare. */
public final class Identifiers {

    private static final Pattern BARE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private Identifiers() {
    }

    public static String unquote(String written) {
        if (written == null || written.length() < 2) {
            return written;
        }
        char first = written.charAt(0);
        char last = written.charAt(written.length() - 1);
        if ((first == '[' && last == ']') || (first == '"' && last == '"') || (first == '`' && last == '`')) {
            return written.substring(1, written.length() - 1);
        }
        return written;
    }

    /** Case-insensitive lookup key (SQL Server's default collation and SNAILS' uppercased SQL both need it). */
    public static String key(String written) {
        String bare = unquote(written);
        return bare == null ? null : bare.toLowerCase(Locale.ROOT);
    }

    /** Writes {@code name} with the same quotes as {@code written}; quotes a bare name only when it must. */
    public static String requote(String written, String name, SqlDialect dialect) {
        if (written != null && written.length() >= 2 && !written.equals(unquote(written))) {
            char first = written.charAt(0);
            char last = written.charAt(written.length() - 1);
            return first + name + last;
        }
        if (BARE.matcher(name).matches()) {
            return name;
        }
        return dialect == SqlDialect.SQLSERVER ? "[" + name + "]" : "\"" + name + "\"";
    }
}
