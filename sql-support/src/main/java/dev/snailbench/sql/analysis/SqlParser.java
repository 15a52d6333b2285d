package dev.snailbench.sql.analysis;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.KeywordQuoting;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;

/**
 * JSqlParser on its own small thread pool with a timeout: parsing is CPU-bound and can take minutes on deeply
 * nested expressions, so it never runs on the event loop nor blocks a caller forever. T-SQL gets square-bracket
 * quoting. Callers block (on a worker thread) until the result or the timeout.
 */
public final class SqlParser implements AutoCloseable {

    private final ExecutorService pool;
    private final Duration timeout;

    public SqlParser(int threads, Duration timeout) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "sql-parser-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.pool = Executors.newFixedThreadPool(threads, factory);
        this.timeout = timeout;
    }

    /**
     * @throws SqlParseException with a message saying why (syntax error, timeout)
     */
    public Statement parse(String sql, SqlDialect dialect) {
        if (sql == null || sql.isBlank()) {
            throw new SqlParseException("empty SQL");
        }
        // A column named like INTERVAL, KEY or PRIOR before ASC/DESC parses, but into the wrong tree: quote it first.
        String text = KeywordQuoting.quoteSortKeys(stripTrailingSemicolons(sql), dialect);
        try {
            return parseOnce(text, dialect);
        } catch (SqlParseException first) {
            // Words JSqlParser reserves but SQL Server and PostgreSQL accept as plain identifiers (a column
            // named "number"): quote them and try once more. The rewrite is only for analysis, never executed.
            String quoted = KeywordQuoting.quote(text, dialect);
            if (quoted.equals(text)) {
                throw first;
            }
            try {
                return parseOnce(quoted, dialect);
            } catch (SqlParseException second) {
                throw first;
            }
        }
    }

    private Statement parseOnce(String text, SqlDialect dialect) {
        CCJSqlParser parser = CCJSqlParserUtil.newParser(text)
                .withSquareBracketQuotation(dialect == SqlDialect.SQLSERVER)
                .withAllowComplexParsing(true);
        Future<Statement> future = pool.submit(parser::Statement);
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            parser.interrupted = true;
            throw new SqlParseException("parsing took longer than " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new SqlParseException(firstLine(cause.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(true);
            throw new SqlParseException("interrupted while parsing");
        }
    }

    static String stripTrailingSemicolons(String sql) {
        String s = sql.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return s;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "syntax error";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    /** SQL that JSqlParser cannot read (syntax it does not support, or the parse timed out). */
    public static final class SqlParseException extends RuntimeException {
        public SqlParseException(String message) {
            super(message);
        }
    }
}
