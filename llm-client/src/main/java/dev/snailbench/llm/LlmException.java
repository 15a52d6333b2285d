package dev.snailbench.llm;

import java.time.Duration;

/** A failed call to a model backend; {@code retryable} for 429, 5xx, timeouts and connection errors. */
public class LlmException extends RuntimeException {

    private final boolean retryable;
    private final Duration retryAfter;

    public LlmException(String message, boolean retryable, Duration retryAfter, Throwable cause) {
        super(message, cause);
        this.retryable = retryable;
        this.retryAfter = retryAfter;
    }

    public boolean retryable() {
        return retryable;
    }

    /** What the server asked for in Retry-After, or null. */
    public Duration retryAfter() {
        return retryAfter;
    }
}
