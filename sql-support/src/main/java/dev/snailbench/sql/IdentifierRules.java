package dev.snailbench.sql;

import dev.snailbench.model.domain.SqlDialect;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What makes a name usable as a table or column identifier in a dialect: length limit, characters,
 * reserved words (which are kept, but always quoted when written into SQL).
 */
public final class IdentifierRules {

    private static final Pattern SIMPLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** PostgreSQL 18 reserved key words (appendix C, "reserved" and "reserved (can be function or type)"). */
    private static final Set<String> POSTGRES_RESERVED = Set.of(
            "all",
            "analyse",
            "analyze",
            "and",
            "any",
            "array",
            "as",
            "asc",
            "asymmetric",
            "authorization",
            "binary",
            "both",
            "case",
            "cast",
            "check",
            "collate",
            "collation",
            "column",
            "concurrently",
            "constraint",
            "create",
            "cross",
            "current_catalog",
            "current_date",
            "current_role",
            "current_schema",
            "current_time",
            "current_timestamp",
            "current_user",
            "default",
            "deferrable",
            "desc",
            "distinct",
            "do",
            "else",
            "end",
            "except",
            "false",
            "fetch",
            "for",
            "foreign",
            "freeze",
            "from",
            "full",
            "grant",
            "group",
            "having",
            "ilike",
            "in",
            "initially",
            "inner",
            "intersect",
            "into",
            "is",
            "isnull",
            "join",
            "lateral",
            "leading",
            "left",
            "like",
            "limit",
            "localtime",
            "localtimestamp",
            "natural",
            "not",
            "notnull",
            "null",
            "offset",
            "on",
            "only",
            "or",
            "order",
            "outer",
            "overlaps",
            "placing",
            "primary",
            "references",
            "returning",
            "right",
            "select",
            "session_user",
            "similar",
            "some",
            "symmetric",
            "system_user",
            "table",
            "tablesample",
            "then",
            "to",
            "trailing",
            "true",
            "union",
            "unique",
            "user",
            "using",
            "variadic",
            "verbose",
            "when",
            "where",
            "window",
            "with");

    /**
     * Transact-SQL reserved keywords that begin or belong only to statements other than a query: SQL Server needs no
     * semicolon between statements, so one of them unquoted after a query starts a second statement of the batch.
     */
    private static final Set<String> SQLSERVER_STATEMENT_KEYWORDS = Set.of(
            "alter",
            "backup",
            "begin",
            "break",
            "bulk",
            "checkpoint",
            "close",
            "commit",
            "continue",
            "create",
            "dbcc",
            "deallocate",
            "declare",
            "delete",
            "deny",
            "disk",
            "drop",
            "dump",
            "exec",
            "execute",
            "goto",
            "grant",
            "if",
            "insert",
            "kill",
            "lineno",
            "load",
            "merge",
            "open",
            "print",
            "raiserror",
            "readtext",
            "reconfigure",
            "restore",
            "return",
            "revert",
            "revoke",
            "rollback",
            "save",
            "set",
            "setuser",
            "shutdown",
            "tran",
            "transaction",
            "truncate",
            "update",
            "updatetext",
            "use",
            "waitfor",
            "while",
            "writetext");

    /** Transact-SQL reserved keywords: those of queries, and {@link #SQLSERVER_STATEMENT_KEYWORDS}. */
    private static final Set<String> SQLSERVER_RESERVED = Stream.concat(
                    SQLSERVER_STATEMENT_KEYWORDS.stream(),
                    Stream.of(
                            "add",
                            "all",
                            "and",
                            "any",
                            "as",
                            "asc",
                            "authorization",
                            "between",
                            "browse",
                            "by",
                            "cascade",
                            "case",
                            "check",
                            "clustered",
                            "coalesce",
                            "collate",
                            "column",
                            "compute",
                            "constraint",
                            "contains",
                            "containstable",
                            "convert",
                            "cross",
                            "current",
                            "current_date",
                            "current_time",
                            "current_timestamp",
                            "current_user",
                            "cursor",
                            "database",
                            "default",
                            "desc",
                            "distinct",
                            "distributed",
                            "double",
                            "else",
                            "end",
                            "errlvl",
                            "escape",
                            "except",
                            "exists",
                            "exit",
                            "external",
                            "fetch",
                            "file",
                            "fillfactor",
                            "for",
                            "foreign",
                            "freetext",
                            "freetexttable",
                            "from",
                            "full",
                            "function",
                            "group",
                            "having",
                            "holdlock",
                            "identity",
                            "identity_insert",
                            "identitycol",
                            "in",
                            "index",
                            "inner",
                            "intersect",
                            "into",
                            "is",
                            "join",
                            "key",
                            "left",
                            "like",
                            "national",
                            "nocheck",
                            "nonclustered",
                            "not",
                            "null",
                            "nullif",
                            "of",
                            "off",
                            "offsets",
                            "on",
                            "opendatasource",
                            "openquery",
                            "openrowset",
                            "openxml",
                            "option",
                            "or",
                            "order",
                            "outer",
                            "over",
                            "percent",
                            "pivot",
                            "plan",
                            "precision",
                            "primary",
                            "proc",
                            "procedure",
                            "public",
                            "read",
                            "references",
                            "replication",
                            "restrict",
                            "right",
                            "rowcount",
                            "rowguidcol",
                            "rule",
                            "schema",
                            "securityaudit",
                            "select",
                            "semantickeysquery",
                            "semanticsimilaritydetailstable",
                            "semanticsimilaritytable",
                            "session_user",
                            "some",
                            "statistics",
                            "system_user",
                            "table",
                            "tablesample",
                            "textsize",
                            "then",
                            "to",
                            "top",
                            "trigger",
                            "try_convert",
                            "tsequal",
                            "union",
                            "unique",
                            "unpivot",
                            "user",
                            "values",
                            "varying",
                            "view",
                            "when",
                            "where",
                            "with",
                            "within"))
            .collect(Collectors.toUnmodifiableSet());

    private IdentifierRules() {}

    public static int maxLength(SqlDialect dialect) {
        return dialect == SqlDialect.POSTGRESQL ? 63 : 128;
    }

    /**
     * Whether an unquoted word is a T-SQL reserved keyword of a statement other than a query ({@code SHUTDOWN},
     * {@code WAITFOR}, {@code EXEC}...): SQL Server never reads it as a name.
     */
    public static boolean isSqlServerStatementKeyword(String word) {
        return SQLSERVER_STATEMENT_KEYWORDS.contains(word.toLowerCase(Locale.ROOT));
    }

    public static boolean isReserved(String name, SqlDialect dialect) {
        String lower = name.toLowerCase(Locale.ROOT);
        return dialect == SqlDialect.POSTGRESQL
                ? POSTGRES_RESERVED.contains(lower)
                : SQLSERVER_RESERVED.contains(lower);
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
