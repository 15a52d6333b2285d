package dev.snailbench.model.problem;

/** A service or backend this request needed answered with a failure (502). */
public final class UpstreamFailed extends Problem {

    public UpstreamFailed(String message) {
        super(message, null, null);
    }
}
