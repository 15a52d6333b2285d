package dev.snailbench.sql.rewrite;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.KeywordQuoting;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;

/**
 * Parses SQL in a dialect: square brackets for SQL Server, names JSqlParser would misread before ASC/DESC quoted
 * first, and one retry with the names JSqlParser refuses quoted ({@link KeywordQuoting}). The one home of this parsing for the rewriters and the executor's guard. JSqlParser runs
 * the parse on a shared thread with a timeout (deeply nested CASE expressions can take minutes); callers still keep
 * it off the event loop.
 */
public final class SqlParsing {

    /** Long enough for any real query; short enough that a pathological one fails the item, not the service. */
    public static final long PARSE_TIMEOUT_MILLIS = 10_000;

    private SqlParsing() {
    }

    /**
     * Parser threads shared by all parses: without them JSqlParser starts and stops a thread per parse (the thread
     * enforces the timeout), which costs more than the parse itself.
     */
    private static final ExecutorService PARSER_THREADS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "sql-parser");
        t.setDaemon(true);
        return t;
    });

    /**
     * Every statement of the text (the executor's guard refuses more than one), with the same dialect handling and
     * keyword-quoting retry as {@link #parse}.
     */
    public static List<Statement> parseStatements(String text, SqlDialect dialect, long timeoutMillis) {
        String sql = KeywordQuoting.quoteSortKeys(text, dialect);
        try {
            return parseStatementsOnce(sql, dialect, timeoutMillis);
        } catch (SqlParseException first) {
            String quoted = KeywordQuoting.quote(sql, dialect);
            if (quoted.equals(sql)) {
                throw first;
            }
            try {
                return parseStatementsOnce(quoted, dialect, timeoutMillis);
            } catch (SqlParseException second) {
                throw first;
            }
        }
    }

    private static List<Statement> parseStatementsOnce(String sql, SqlDialect dialect, long timeoutMillis) {
        try {
            Statements statements = CCJSqlParserUtil.parseStatements(sql, PARSER_THREADS,
                    parser -> parser.withSquareBracketQuotation(dialect == SqlDialect.SQLSERVER)
                            .withTimeOut(timeoutMillis));
            return statements == null ? List.of() : statements.stream().filter(Objects::nonNull).toList();
        } catch (JSQLParserException | RuntimeException e) {
            throw new SqlParseException("cannot parse the SQL as " + dialect.displayName() + ": " + firstLine(e), e);
        }
    }

    public static Statement parse(String text, SqlDialect dialect) {
        // A column named like INTERVAL, KEY or PRIOR before ASC/DESC parses, but into the wrong tree (a phantom
        // column "desc"): quoted first, it is read as the column it is.
        String sql = KeywordQuoting.quoteSortKeys(text, dialect);
        try {
            return parseOnce(sql, dialect);
        } catch (SqlParseException first) {
            // Words JSqlParser reserves but the dialect accepts as identifiers (a column named "number"): quoted,
            // the statement parses and is printed back with those names quoted, the same query: SQL Server's names
            // are case-insensitive, and PostgreSQL gets the lower-cased name, which is what the unquoted one means.
            String quoted = KeywordQuoting.quote(sql, dialect);
            if (quoted.equals(sql)) {
                throw first;
            }
            try {
                return parseOnce(quoted, dialect);
            } catch (SqlParseException second) {
                throw first;
            }
        }
    }

    private static Statement parseOnce(String sql, SqlDialect dialect) {
        try {
            return CCJSqlParserUtil.parse(sql, PARSER_THREADS, parser -> {
                parser.withTimeOut(PARSE_TIMEOUT_MILLIS);
                if (dialect == SqlDialect.SQLSERVER) {
                    parser.withSquareBracketQuotation(true);
                }
            });
        } catch (JSQLParserException e) {
            throw new SqlParseException("cannot parse the SQL as " + dialect.displayName() + ": " + firstLine(e), e);
        }
    }

    private static String firstLine(Throwable e) {
        Throwable t = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause() : e;
        String msg = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = msg.indexOf('\n');
        return nl < 0 ? msg : msg.substring(0, nl);
    }

    /** The SQL could not be parsed; the message names the dialect and the parser's first complaint. */
    public static class SqlParseException extends RuntimeException {
        public SqlParseException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
