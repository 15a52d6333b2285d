package dev.snailbench.model.problem;

/** No such resource for the caller (404); another tenant's is reported the same way. */
public final class NotFound extends Problem {

    public NotFound(String message) {
        super(message, null, null);
    }
}
