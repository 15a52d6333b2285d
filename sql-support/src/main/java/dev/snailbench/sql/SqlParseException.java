package dev.snailbench.sql;

import dev.snailbench.model.domain.SqlDialect;
import java.time.Duration;

/**
 * SQL that {@link SqlParser} cannot read: empty, syntax JSqlParser does not support, or a parse that took longer
 * than the timeout. The message names the dialect and the parser's first complaint; {@link #line()} and
 * {@link #column()} point at the token it stopped at (1-based; -1 when the parser gave no position).
 */
public final class SqlParseException extends RuntimeException {

    private final SqlDialect dialect;
    private final String reason;
    private final int line;
    private final int column;
    private final boolean timedOut;

    public SqlParseException(SqlDialect dialect, String reason, int line, int column, Throwable cause) {
        this(dialect, reason, line, column, cause, false);
    }

    private SqlParseException(
            SqlDialect dialect, String reason, int line, int column, Throwable cause, boolean timedOut) {
        super("cannot parse the SQL as " + (dialect == null ? "SQL" : dialect.displayName()) + ": " + reason, cause);
        this.dialect = dialect;
        this.reason = reason;
        this.line = line;
        this.column = column;
        this.timedOut = timedOut;
    }

    static SqlParseException timedOut(SqlDialect dialect, Duration timeout) {
        return new SqlParseException(
                dialect, "parsing took longer than " + timeout.toMillis() + " ms", -1, -1, null, true);
    }

    public SqlDialect dialect() {
        return dialect;
    }

    /** The parser's complaint without the dialect prefix. */
    public String reason() {
        return reason;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public boolean timedOut() {
        return timedOut;
    }
}
