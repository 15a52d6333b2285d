package dev.snailbench.model.target;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Bytes a thread may still read from team databases' sockets: the wall that bounds a result's memory at the driver,
 * whatever its fetch size (the driver reads a whole batch of rows into memory before the first is handed over).
 * {@link #open} gives the current thread a budget for a query; every read from a team database's socket
 * ({@link BudgetedSocketFactory}) on that thread spends it, and a read past it fails with {@link Exhausted}, which
 * breaks the connection (the pool evicts it). Without an open budget reads are not counted.
 */
public final class ReadBudget {

    /** The budget is spent: the driver's read fails with this as its cause. */
    public static final class Exhausted extends IOException {
        Exhausted(long budget) {
            super("the result is larger than the " + budget + " bytes the executor reads for one query");
        }
    }

    /** The current thread's budget until closed. */
    public static final class Scope implements AutoCloseable {
        private final long budget;
        private long left;

        private Scope(long budget) {
            this.budget = budget;
            this.left = budget;
        }

        /** Bytes read so far under this budget. */
        public long spent() {
            return budget - left;
        }

        @Override
        public void close() {
            CURRENT.remove();
        }
    }

    private static final ThreadLocal<Scope> CURRENT = new ThreadLocal<>();

    private ReadBudget() {}

    /** Gives the current thread {@code bytes} to read until the scope is closed. */
    public static Scope open(long bytes) {
        Scope scope = new Scope(bytes);
        CURRENT.set(scope);
        return scope;
    }

    /** Whether {@code e} or one of its causes is a spent budget. */
    public static boolean exhausted(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof Exhausted) {
                return true;
            }
        }
        return false;
    }

    private static void spend(long n) throws Exhausted {
        Scope scope = CURRENT.get();
        if (scope == null || n <= 0) {
            return;
        }
        scope.left -= n;
        if (scope.left < 0) {
            throw new Exhausted(scope.budget);
        }
    }

    /** A socket stream whose reads spend the reading thread's budget. */
    public static InputStream counting(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    spend(1);
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                spend(n);
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                long skipped = super.skip(n);
                spend(skipped);
                return skipped;
            }
        };
    }
}
