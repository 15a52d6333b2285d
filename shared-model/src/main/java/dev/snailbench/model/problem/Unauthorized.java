package dev.snailbench.model.problem;

import java.time.Duration;

/** A missing or unknown key (401); {@code field} is the header to fix. */
public final class Unauthorized extends Problem {

    public Unauthorized(String message, String header, Duration retryAfter) {
        super(message, header, retryAfter);
    }

    public Unauthorized(String message, String header) {
        this(message, header, null);
    }
}
