package dev.snailbench.model.problem;

/** A request over a size limit (413): the message says the size and the limit. */
public final class TooLarge extends Problem {

    public TooLarge(String message, String field) {
        super(message, field, null);
    }

    public TooLarge(String message) {
        this(message, null);
    }
}
