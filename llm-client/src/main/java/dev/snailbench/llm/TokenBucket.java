package dev.snailbench.llm;

/**
 * A per-minute token bucket that hands out reservations: taking more than is available drives the balance
 * negative and returns how long the caller must wait, so waiters are served in order without polling.
 */
public final class TokenBucket {

    private final double capacity;
    private final double perMilli;
    private double tokens;
    private long last;

    public TokenBucket(int perMinute, long nowMillis) {
        this.capacity = perMinute;
        this.perMilli = perMinute / 60_000.0;
        this.tokens = perMinute;
        this.last = nowMillis;
    }

    /** Reserves {@code n} tokens and returns the milliseconds to wait before using them (0 = now). */
    public synchronized long reserve(double n, long nowMillis) {
        tokens = Math.min(capacity, tokens + (nowMillis - last) * perMilli);
        last = nowMillis;
        tokens -= Math.min(n, capacity);
        return tokens >= 0 ? 0 : (long) Math.ceil(-tokens / perMilli);
    }
}
