package dev.snailbench.sql.rewrite;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.KeywordQuoting;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;

/**
 * Parses one statement in a dialect. JSqlParser runs the parse on its own thread with a timeout (deeply nested
 * CASE expressions can take minutes); callers still keep it off the event loop.
 */
public final class SqlParsing {

    /** Long enough for any real query; short enough that a pathological one fails the item, not the service. */
    public static final long PARSE_TIMEOUT_MILLIS = 10_000;

    private SqlParsing() {
    }

    public static Statement parse(String sql, SqlDialect dialect) {
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
            return CCJSqlParserUtil.parse(sql, parser -> {
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
