package dev.snailbench.model.problem;

import java.time.Duration;

/** A client that must slow down (429), told when it may try again. */
public final class TooManyRequests extends Problem {

    public TooManyRequests(String message, String field, Duration retryAfter) {
        super(message, field, retryAfter);
    }
}
