package dev.snailbench.model.problem;

import java.time.Duration;

/** Not possible right now, possible soon (503): a write not yet readable, a peer not yet ready. */
public final class Unavailable extends Problem {

    public Unavailable(String message, Duration retryAfter) {
        super(message, null, retryAfter);
    }

    public Unavailable(String message) {
        this(message, null);
    }

    /**
     * A write was published but this service's own consumer has not stored it yet: reads retry on this for a short
     * while; if it outlives that, the caller is told to retry (Retry-After 1) rather than given a wrong answer.
     */
    public static Unavailable notReadableYet(String what) {
        return new Unavailable(what + " was accepted but is not readable yet; retry shortly", Duration.ofSeconds(1));
    }
}
