package dev.snailbench.model.problem;

import java.time.Duration;

/**
 * Why a request cannot be served, thrown by service, messaging and REST code alike without knowing HTTP:
 * tenancy-support's {@code ProblemMappers} turn each kind into its status and the platform's error body
 * {@code {status, error, field}}. The message is the body's {@code error}, written for the caller; {@code field}
 * names what to fix (may be null); {@code retryAfter} (may be null) when trying again later may succeed. No stack
 * trace: these are answers, not bugs.
 */
public abstract class Problem extends RuntimeException {

    private final String field;
    private final Duration retryAfter;

    protected Problem(String message, String field, Duration retryAfter) {
        super(message, null, false, false);
        this.field = field;
        this.retryAfter = retryAfter;
    }

    public String field() {
        return field;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
