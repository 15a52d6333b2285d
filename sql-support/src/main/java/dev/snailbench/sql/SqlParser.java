package dev.snailbench.sql;

import dev.snailbench.model.domain.SqlDialect;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;

/**
 * The one way the platform parses SQL: JSqlParser on a bounded pool of its own threads, each parse with a timeout,
 * because parsing is CPU-bound and can take minutes on deeply nested expressions. T-SQL gets square-bracket quoting;
 * a name JSqlParser misreads before ASC/DESC is quoted first, and a statement refused for a word the dialect accepts
 * as a name (a column {@code number}) is tried once more with such words quoted ({@link KeywordQuoting}).
 * The caller blocks until the result or the timeout: call it on a worker thread, never on the event loop.
 * Each service makes one instance (sized and timed from its configuration) and shares it.
 */
public final class SqlParser implements AutoCloseable {

    private final ExecutorService pool;
    private final Duration timeout;

    /**
     * @param threads parses that may run at once (more wait for a thread; the wait counts against the timeout)
     * @param timeout longest time one parse may take before it fails with {@link SqlParseException}
     */
    public SqlParser(int threads, Duration timeout) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "sql-parser-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.timeout = timeout;
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * One statement (trailing semicolons ignored).
     *
     * @throws SqlParseException when the SQL is empty, does not parse, or takes longer than the timeout
     */
    public Statement parse(String sql, SqlDialect dialect) {
        requireText(sql, dialect);
        return withKeywordRetry(stripTrailingSemicolons(sql), dialect, CCJSqlParser::Statement);
    }

    /**
     * Every statement of the text, in order (the executor's guard refuses more than one).
     *
     * @throws SqlParseException when the SQL is empty, does not parse, or takes longer than the timeout
     */
    public List<Statement> parseStatements(String sql, SqlDialect dialect) {
        requireText(sql, dialect);
        Statements statements = withKeywordRetry(sql, dialect, CCJSqlParser::Statements);
        return statements == null
                ? List.of()
                : statements.stream().filter(Objects::nonNull).toList();
    }

    private static void requireText(String sql, SqlDialect dialect) {
        if (sql == null || sql.isBlank()) {
            throw new SqlParseException(dialect, "empty SQL", -1, -1, null);
        }
    }

    private <T> T withKeywordRetry(String sql, SqlDialect dialect, Production<T> production) {
        // A column named like INTERVAL, KEY or PRIOR before ASC/DESC parses, but into the wrong tree (a phantom
        // column "desc"): quoted first, it is read as the column it is.
        String text = KeywordQuoting.quoteSortKeys(BlankLines.joined(sql, dialect), dialect);
        try {
            return parseOnce(text, dialect, production);
        } catch (SqlParseException first) {
            // Words JSqlParser reserves but the dialect accepts as identifiers (a column named "number"): quoted,
            // the statement parses and prints back with those names quoted, the same query (SQL Server's names are
            // case-insensitive; PostgreSQL gets the lower-cased name, which is what the unquoted one means).
            String quoted = KeywordQuoting.quote(text, dialect);
            if (quoted.equals(text) || first.timedOut()) {
                throw first;
            }
            try {
                return parseOnce(quoted, dialect, production);
            } catch (SqlParseException second) {
                throw first;
            }
        }
    }

    /** The fast grammar first; the one with deeper lookahead only when it refuses the text (as JSqlParser does). */
    private <T> T parseOnce(String text, SqlDialect dialect, Production<T> production) {
        try {
            return run(text, dialect, false, production);
        } catch (SqlParseException simple) {
            if (simple.timedOut()) {
                throw simple;
            }
            return run(text, dialect, true, production);
        }
    }

    private <T> T run(String text, SqlDialect dialect, boolean complex, Production<T> production) {
        CCJSqlParser parser = CCJSqlParserUtil.newParser(text)
                .withSquareBracketQuotation(dialect == SqlDialect.SQLSERVER)
                .withAllowComplexParsing(complex);
        Future<T> future = pool.submit(() -> production.apply(parser));
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            parser.interrupted = true;
            future.cancel(true);
            throw SqlParseException.timedOut(dialect, timeout);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            int line = -1;
            int column = -1;
            if (cause instanceof ParseException p && p.currentToken != null && p.currentToken.next != null) {
                line = p.currentToken.next.beginLine;
                column = p.currentToken.next.beginColumn;
            }
            throw new SqlParseException(dialect, firstLine(cause), line, column, cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            parser.interrupted = true;
            future.cancel(true);
            throw new SqlParseException(dialect, "interrupted while parsing", -1, -1, e);
        }
    }

    static String stripTrailingSemicolons(String sql) {
        String s = sql.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return s;
    }

    private static String firstLine(Throwable t) {
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    /** A JSqlParser grammar entry point ({@code Statement()} or {@code Statements()}). */
    @FunctionalInterface
    private interface Production<T> {
        T apply(CCJSqlParser parser) throws ParseException;
    }
}
