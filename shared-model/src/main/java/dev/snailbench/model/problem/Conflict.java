package dev.snailbench.model.problem;

/** The request contradicts the state of what it names (409): a name taken, a job already finished. */
public final class Conflict extends Problem {

    public Conflict(String message, String field) {
        super(message, field, null);
    }

    public Conflict(String message) {
        this(message, null);
    }
}
