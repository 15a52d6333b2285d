package dev.snailbench.sql.guard;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SqlFacts;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.IdentifierRules;
import dev.snailbench.sql.PgText;
import dev.snailbench.sql.SqlLexer;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.ItemFacts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.delete.ParenthesedDelete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.insert.ParenthesedInsert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.statement.update.ParenthesedUpdate;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * A friendly early refusal of what is not a single read-only query, before anything reaches the database, with a
 * reason a team can act on. It is not the wall: in the executor, on PostgreSQL the driver's own reading decides the
 * statement count ({@link PgText}), the server refuses a second command in a Parse message, the calls are decided on
 * what the server resolved, and the transaction is read-only and rolled back. Where its reading of the text could
 * differ from PostgreSQL's (a backslash in a string with {@code standard_conforming_strings} off, a line comment ended
 * by a carriage return) it reads the text every way and refuses if any reading finds a denied call or a second
 * statement. The generator and the command-line client ask the same guard of a job's gold and recorded SQL before it
 * runs. Blocking (JSqlParser can be slow): call it on a worker.
 */
public final class SqlGuard {

    /** Longest SQL text accepted; a benchmark query is never this long. */
    public static final int MAX_SQL_CHARS = 100_000;

    /**
     * Functions with side effects outside the query (sessions, files, large objects, sequences, configuration,
     * other servers) or that run SQL hidden in a string. {@code pg_sleep} is refused too: sleeping has no
     * place in a benchmark query and holds a pooled connection; other slow queries are stopped by timeouts.
     */
    private static final Set<String> DENIED_FUNCTIONS = Set.of(
            "pg_sleep",
            "pg_sleep_for",
            "pg_sleep_until",
            "pg_terminate_backend",
            "pg_cancel_backend",
            "pg_reload_conf",
            "pg_rotate_logfile",
            "set_config",
            "pg_switch_wal",
            "pg_promote",
            "pg_notify",
            "pg_create_restore_point",
            "nextval",
            "setval",
            "txid_current",
            "pg_current_xact_id",
            "query_to_xml",
            "query_to_xmlschema",
            "query_to_xml_and_xmlschema",
            "cursor_to_xml",
            "cursor_to_xmlschema",
            "pg_import_system_collations",
            "pg_log_backend_memory_contexts",
            "loread",
            "lowrite",
            "openrowset",
            "opendatasource",
            "openquery",
            "openxml",
            // Run the SQL in their string argument: ts_stat('SELECT pg_read_file(...)'), ts_rewrite(q, 'SELECT ...').
            "ts_stat",
            "ts_rewrite",
            "pg_stat_statements_reset",
            "pg_current_logfile",
            // SQL Server: files, traces and the log read from T-SQL.
            "fn_xe_file_target_read_file",
            "fn_get_audit_file",
            "fn_trace_gettable",
            "fn_dblog",
            "fn_dump_dblog");
    /** Suffixes of the *_to_xml family (query_to_xml, table_to_xml, schema_to_xml, database_to_xml, cursor_...). */
    private static final List<String> DENIED_SUFFIXES = List.of("_to_xml", "_to_xmlschema", "_to_xml_and_xmlschema");

    private static final List<String> DENIED_PREFIXES = List.of(
            "lo_",
            "dblink",
            "pg_advisory",
            "pg_try_advisory",
            "pg_read_",
            "pg_ls_",
            "pg_stat_file",
            "pg_file_",
            "pg_logical_",
            "pg_replication_",
            "pg_create_",
            "pg_drop_",
            "pg_copy_",
            "pg_backup_",
            "pg_start_backup",
            "pg_stop_backup",
            "pg_wal_replay_",
            "pg_stat_reset",
            "pg_xlog_",
            "xp_",
            "sp_",
            // index maintenance that writes even in a read-only transaction
            "gin_clean_pending_list",
            "brin_summarize",
            "brin_desummarize");

    /**
     * The outcome of a check: allowed with the normalized SQL (the gold cache key), or refused with a reason. An
     * allowed verdict also carries what the scorer reads from the text as a gold and as a prediction
     * ({@link ItemFacts}), read from the tree the check parsed: the work item's SQL is then parsed once on its way
     * (the verdict is remembered with them); null on a refusal, or where the tree cannot be read that way.
     */
    public record Verdict(
            boolean allowed,
            String reason,
            String normalizedSql,
            SqlFacts.Gold asGold,
            SqlFacts.Predicted asPrediction) {

        static Verdict refuse(String reason) {
            return new Verdict(false, reason, null, null, null);
        }
    }

    /**
     * A verdict and, when this check parsed the text rather than remembered it, the tree it read: the gold
     * screening reads the same statement again right after the gold has run, and reuses it instead of parsing. The
     * tree is never remembered with the verdict (trees are large), and its readers never change it.
     */
    public record Checked(Verdict verdict, Select tree) {

        static Checked refused(String reason) {
            return new Checked(Verdict.refuse(reason), null);
        }
    }

    private final SqlParser parser;
    private final Map<String, Verdict> verdicts;

    /** A guard that parses every statement with the service's shared {@code parser}. */
    public SqlGuard(SqlParser parser) {
        this(parser, 0);
    }

    /**
     * @param parser the service's shared parser (its timeout bounds each check: deeply nested expressions can make
     *               JSqlParser take minutes)
     * @param cachedVerdicts how many verdicts to remember by exact text and dialect (the same gold query comes
     *                       back for every model and level of a job); 0 parses every time
     */
    public SqlGuard(SqlParser parser, int cachedVerdicts) {
        this.parser = parser;
        this.verdicts = cachedVerdicts <= 0
                ? null
                : Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
                    @Override
                    protected boolean removeEldestEntry(Map.Entry<String, Verdict> eldest) {
                        return size() > cachedVerdicts;
                    }
                });
    }

    public Verdict check(String sql, SqlDialect dialect) {
        return checked(sql, dialect).verdict();
    }

    /** {@link #check}, with the parsed tree when this call parsed the text. */
    public Checked checked(String sql, SqlDialect dialect) {
        if (verdicts == null || sql == null) {
            return decide(sql, dialect);
        }
        String key = dialect.id() + "\u0000" + sql;
        Verdict known = verdicts.get(key);
        if (known != null) {
            return new Checked(known, null);
        }
        Checked fresh = decide(sql, dialect);
        verdicts.put(key, fresh.verdict());
        return fresh;
    }

    private Checked decide(String sql, SqlDialect dialect) {
        if (sql == null || sql.isBlank()) {
            return Checked.refused("empty SQL");
        }
        if (sql.length() > MAX_SQL_CHARS) {
            return Checked.refused("SQL is " + sql.length() + " characters, more than " + MAX_SQL_CHARS);
        }
        if (dialect == SqlDialect.POSTGRESQL) {
            // What the driver itself would split is never one statement, whatever JSqlParser reads.
            String split = PgText.refusal(sql);
            if (split != null) {
                return Checked.refused(split);
            }
        }
        // The lexical check runs first and on the raw text, so that even SQL the parser would read differently
        // (quoted names, comments) cannot smuggle a denied call past the AST check.
        String denied = deniedCall(sql, dialect);
        if (denied != null) {
            return Checked.refused(
                    denied.startsWith("a Unicode")
                            ? "uses " + denied + ", which the guard cannot read"
                            : "calls " + denied + "(), a function with side effects or hidden SQL");
        }
        List<Statement> list;
        try {
            // sql-support's parsing, as the rewriters and the scorer do: square brackets in SQL Server, and names
            // JSqlParser refuses but the dialect accepts (a column "number") quoted for a second try. Only the
            // verdict and the cache key come from the tree; the text that runs is the caller's.
            list = parser.parseStatements(sql, dialect);
        } catch (SqlParseException e) {
            return Checked.refused("not a parseable " + dialect.displayName() + " statement: " + e.reason());
        }
        if (list.size() != 1) {
            return Checked.refused("exactly one statement may run, got " + list.size());
        }
        Statement statement = list.get(0);
        if (!(statement instanceof Select select)) {
            return Checked.refused("only SELECT queries may run, got " + kind(statement));
        }
        // JSqlParser read one query; SQL Server, needing no semicolon, may read a second statement.
        if (dialect == SqlDialect.SQLSERVER) {
            String keyword = statementKeyword(sql);
            if (keyword != null) {
                return Checked.refused("uses " + keyword + " outside quotes, a T-SQL keyword of statements other "
                        + "than a query: SQL Server would run it as a second statement of the batch (a name spelt "
                        + "so is written [" + keyword.toLowerCase(Locale.ROOT) + "])");
            }
        }
        String problem = new ReadOnlyCheck().problemIn(select);
        if (problem != null) {
            return Checked.refused(problem);
        }
        SqlFacts.Gold asGold = readAsGold(select);
        return new Checked(
                new Verdict(true, null, select.toString(), asGold, readAsPrediction(sql, dialect, select, asGold)),
                select);
    }

    // What the scorer reads never decides a verdict: a tree it cannot read leaves the reading to the scorer.
    private static SqlFacts.Gold readAsGold(Select select) {
        try {
            return ItemFacts.gold(select);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private SqlFacts.Predicted readAsPrediction(String sql, SqlDialect dialect, Select select, SqlFacts.Gold asGold) {
        try {
            return ItemFacts.predicted(parser, sql, dialect, select, asGold);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String kind(Statement statement) {
        // CreateTable -> CREATE TABLE, AlterSystemStatement -> ALTER SYSTEM
        String name = statement
                .getClass()
                .getSimpleName()
                .replaceAll("Statement$", "")
                .replaceAll("([a-z])([A-Z])", "$1 $2")
                .toUpperCase(Locale.ROOT);
        String first = name.split(" ")[0];
        return switch (first) {
            case "UNSUPPORTED" -> "a statement of an unsupported kind";
            case "CREATE", "ALTER", "DROP", "TRUNCATE", "RENAME", "COMMENT" -> "DDL (" + name + ")";
            case "INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "REPLACE" -> "DML (" + name + ")";
            case "GRANT", "REVOKE" -> "a privilege change (" + name + ")";
            default -> name;
        };
    }

    /**
     * The first unquoted T-SQL keyword of a statement other than a query ({@link IdentifierRules}), outside comments
     * and strings as SQL Server reads them (block comments nest, no backslash escapes), not after a dot; null when
     * there is none.
     */
    static String statementKeyword(String sql) {
        List<SqlLexer.Token> tokens = SqlLexer.tokens(sql, SqlDialect.SQLSERVER);
        for (int i = 0; i < tokens.size(); i++) {
            SqlLexer.Token t = tokens.get(i);
            boolean afterDot = i > 0 && tokens.get(i - 1).text().equals(".");
            if (t.kind() == SqlLexer.Kind.WORD && !afterDot && IdentifierRules.isSqlServerStatementKeyword(t.text())) {
                return t.text().toUpperCase(Locale.ROOT);
            }
        }
        return null;
    }

    public static boolean deniedName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        int dot = n.lastIndexOf('.');
        if (dot >= 0) {
            n = n.substring(dot + 1);
        }
        if (DENIED_FUNCTIONS.contains(n)) {
            return true;
        }
        for (String prefix : DENIED_PREFIXES) {
            if (n.startsWith(prefix)) {
                return true;
            }
        }
        for (String suffix : DENIED_SUFFIXES) {
            if (n.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Finds a call of a denied function outside comments and string literals, at any nesting, plain, quoted or
     * schema-qualified ({@code pg_catalog."ts_stat"(}); null when there is none. A PostgreSQL Unicode-escaped name
     * ({@code U&"ts\0073tat"}) is refused as such: its spelling cannot be checked.
     */
    public static String deniedCall(String sql, SqlDialect dialect) {
        String denied = deniedCall(SqlLexer.tokens(sql, dialect), sql);
        if (denied == null && dialect == SqlDialect.POSTGRESQL) {
            // As a server with standard_conforming_strings off reads the text.
            denied = deniedCall(SqlLexer.tokens(sql, dialect, true), sql);
        }
        return denied;
    }

    private static String deniedCall(List<SqlLexer.Token> tokens, String sql) {
        for (int i = 0; i + 1 < tokens.size(); i++) {
            SqlLexer.Token t = tokens.get(i);
            String next = tokens.get(i + 1).text();
            if (t.kind() == SqlLexer.Kind.WORD
                    && t.text().equalsIgnoreCase("u")
                    && next.equals("&")
                    && i + 2 < tokens.size()
                    && tokens.get(i + 2).kind() == SqlLexer.Kind.QUOTED
                    && sql.charAt(tokens.get(i + 2).start()) == '"') {
                return "a Unicode-escaped name (U&\"...\")";
            }
            if (next.equals("(") && t.isIdentifierLike() && deniedName(t.text())) {
                return t.text().toLowerCase(Locale.ROOT);
            }
        }
        return null;
    }

    /** Walks the whole statement: data-modifying CTEs, SELECT INTO, locking clauses, denied calls. */
    private static final class ReadOnlyCheck extends TablesNamesFinder<Void> {

        private final List<String> problems = new ArrayList<>();

        String problemIn(Select select) {
            try {
                getTables((Statement) select);
            } catch (UnsupportedOperationException e) {
                // The finder cannot walk some constructs; the lexical check and the read-only transaction remain.
            }
            checkSelect(select);
            return problems.isEmpty() ? null : problems.get(0);
        }

        private void checkSelect(Select select) {
            if (select.getForMode() != null) {
                problems.add("locking clause FOR " + select.getForMode() + " is not read-only");
            }
            if (select.getWithItemsList() != null) {
                for (WithItem<?> item : select.getWithItemsList()) {
                    checkWithItem(item);
                }
            }
        }

        private void checkWithItem(WithItem<?> item) {
            Object body = item.getStatement();
            if (body != null && !(body instanceof ParenthesedSelect)) {
                problems.add("WITH " + item.getAliasName() + " is a data-modifying CTE ("
                        + body.getClass()
                                .getSimpleName()
                                .replace("Parenthesed", "")
                                .toUpperCase(Locale.ROOT) + ")");
            }
        }

        @Override
        public <S> Void visit(WithItem<?> withItem, S context) {
            checkWithItem(withItem);
            return super.visit(withItem, context);
        }

        @Override
        public <S> Void visit(PlainSelect plainSelect, S context) {
            if ((plainSelect.getIntoTables() != null
                            && !plainSelect.getIntoTables().isEmpty())
                    || plainSelect.getIntoTempTable() != null
                    || plainSelect.getMySqlSelectIntoClause() != null) {
                problems.add("SELECT ... INTO creates a table");
            }
            if (plainSelect.getForMode() != null) {
                problems.add("locking clause FOR " + plainSelect.getForMode() + " is not read-only");
            }
            return super.visit(plainSelect, context);
        }

        @Override
        public <S> Void visit(Function function, S context) {
            String name = unquotedName(function);
            if (name != null && deniedName(name)) {
                problems.add(
                        "calls " + name.toLowerCase(Locale.ROOT) + "(), a function with side effects or hidden SQL");
            }
            return super.visit(function, context);
        }

        @Override
        public <S> Void visit(Delete delete, S context) {
            problems.add("contains a DELETE");
            return null;
        }

        @Override
        public <S> Void visit(ParenthesedDelete delete, S context) {
            problems.add("contains a DELETE");
            return null;
        }

        @Override
        public <S> Void visit(Update update, S context) {
            problems.add("contains an UPDATE");
            return null;
        }

        @Override
        public <S> Void visit(ParenthesedUpdate update, S context) {
            problems.add("contains an UPDATE");
            return null;
        }

        @Override
        public <S> Void visit(Insert insert, S context) {
            problems.add("contains an INSERT");
            return null;
        }

        @Override
        public <S> Void visit(ParenthesedInsert insert, S context) {
            problems.add("contains an INSERT");
            return null;
        }

        @Override
        public <S> Void visit(Merge merge, S context) {
            problems.add("contains a MERGE");
            return null;
        }

        /** {@code "pg_catalog"."pg_sleep"} as {@code pg_catalog.pg_sleep}: each part unquoted on its own. */
        private static String unquotedName(Function function) {
            List<String> parts = function.getMultipartName();
            if (parts == null || parts.isEmpty()) {
                return function.getName() == null ? null : IdentifierQuoting.unquote(function.getName());
            }
            return String.join(
                    ".", parts.stream().map(IdentifierQuoting::unquote).toList());
        }
    }
}
