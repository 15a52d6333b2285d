package dev.snailbench.sql;

import dev.snailbench.model.domain.SqlDialect;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What makes a name usable as a table or column identifier in a dialect: length limit, characters,
 * reserved words (which are kept, but always quoted when written into SQL).
 */
public final class IdentifierRules {

    private static final Pattern SIMPLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** PostgreSQL 18 reserved key words (appendix C, "reserved" and "reserved (can be function or type)"). */
    private static final Set<String> POSTGRES_RESERVED = Set.of("all", "analyse", "analyze", "and", "any", "array",
            "as", "asc", "asymmetric", "authorization", "binary", "both", "case", "cast", "check", "collate",
            "collation", "column", "concurrently", "constraint", "create", "cross", "current_catalog", "current_date",
            "current_role", "current_schema", "current_time", "current_timestamp", "current_user", "default",
            "deferrable", "desc", "distinct", "do", "else", "end", "except", "false", "fetch", "for", "foreign",
            "freeze", "from", "full", "grant", "group", "having", "ilike", "in", "initially", "inner", "intersect",
            "into", "is", "isnull", "join", "lateral", "leading", "left", "like", "limit", "localtime",
            "localtimestamp", "natural", "not", "notnull", "null", "offset", "on", "only", "or", "order", "outer",
            "overlaps", "placing", "primary", "references", "returning", "right", "select", "session_user",
            "similar", "some", "symmetric", "system_user", "table", "tablesample", "then", "to", "trailing", "true",
            "union", "unique", "user", "using", "variadic", "verbose", "when", "where", "window", "with");

    /** Transact-SQL reserved keywords. */
    private static final Set<String> SQLSERVER_RESERVED = Set.of("add", "all", "alter", "and", "any", "as", "asc",
            "authorization", "backup", "begin", "between", "break", "browse", "bulk", "by", "cascade", "case", "check",
            "checkpoint", "close", "clustered", "coalesce", "collate", "column", "commit", "compute", "constraint",
            "contains", "containstable", "continue", "convert", "create", "cross", "current", "current_date",
            "current_time", "current_timestamp", "current_user", "cursor", "database", "dbcc", "deallocate",
            "declare", "default", "delete", "deny", "desc", "disk", "distinct", "distributed", "double", "drop",
            "dump", "else", "end", "errlvl", "escape", "except", "exec", "execute", "exists", "exit", "external",
            "fetch", "file", "fillfactor", "for", "foreign", "freetext", "freetexttable", "from", "full", "function",
            "goto", "grant", "group", "having", "holdlock", "identity", "identity_insert", "identitycol", "if", "in",
            "index", "inner", "insert", "intersect", "into", "is", "join", "key", "kill", "left", "like", "lineno",
            "load", "merge", "national", "nocheck", "nonclustered", "not", "null", "nullif", "of", "off", "offsets",
            "on", "open", "opendatasource", "openquery", "openrowset", "openxml", "option", "or", "order", "outer",
            "over", "percent", "pivot", "plan", "precision", "primary", "print", "proc", "procedure", "public",
            "raiserror", "read", "readtext", "reconfigure", "references", "replication", "restore", "restrict",
            "return", "revert", "revoke", "right", "rollback", "rowcount", "rowguidcol", "rule", "save", "schema",
            "securityaudit", "select", "semantickeysquery", "semanticsimilaritydetailstable",
            "semanticsimilaritytable", "session_user", "set", "setuser", "shutdown", "some", "statistics",
            "system_user", "table", "tablesample", "textsize", "then", "to", "top", "tran", "transaction", "trigger",
            "truncate", "try_convert", "tsequal", "union", "unique", "unpivot", "update", "updatetext", "use", "user",
            "values", "varying", "view", "waitfor", "when", "where", "while", "with", "within", "writetext");

    private IdentifierRules() {
    }

    public static int maxLength(SqlDialect dialect) {
        return dialect == SqlDialect.POSTGRESQL ? 63 : 128;
    }

    public static boolean isReserved(String name, SqlDialect dialect) {
        String lower = name.toLowerCase(Locale.ROOT);
        return dialect == SqlDialect.POSTGRESQL ? POSTGRES_RESERVED.contains(lower) : SQLSERVER_RESERVED.contains(lower);
    }

    /**
     * A valid identifier for the dialect derived from a proposed name: characters outside letters, digits and
     * underscore become underscores, a leading digit gets an {@code n} prefix, the length is cut to the limit.
     */
    public static String sanitize(String proposed, SqlDialect dialect) {
        String s = proposed.trim().replaceAll("[^A-Za-z0-9_]+", "_").replaceAll("_+", "_");
        s = s.replaceAll("^_+|_+$", "");
        if (s.isEmpty()) {
            s = "x";
        }
        if (Character.isDigit(s.charAt(0))) {
            s = "n" + s;
        }
        return s.length() > maxLength(dialect) ? s.substring(0, maxLength(dialect)) : s;
    }

    public static boolean isValid(String name, SqlDialect dialect) {
        return name != null && SIMPLE.matcher(name).matches() && name.length() <= maxLength(dialect);
    }
}
