package dev.snailbench.executor.service;

import java.time.Duration;

/** What one query may use: server-side timeout, rows and bytes kept, rows fetched per round trip (at most). */
public record ExecutionLimits(Duration timeout, int rowCap, long byteCap, int fetchSize) {

    public ExecutionLimits {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (rowCap < 1 || byteCap < 1 || fetchSize < 1) {
            throw new IllegalArgumentException("row cap, byte cap and fetch size must be positive");
        }
    }

    /**
     * Bytes read from the database at most for one query (ReadBudget): twice the byte cap and a mebibyte, room for
     * the rows kept and the batch the driver read ahead; a result past it is truncated there.
     */
    public long readBudget() {
        return 2 * byteCap + (1L << 20);
    }

    public ExecutionLimits withTimeout(Duration other) {
        return new ExecutionLimits(other, rowCap, byteCap, fetchSize);
    }
}
