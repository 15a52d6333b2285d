package dev.snailbench.model.problem;

/** A service or backend this request needed did not answer in time (504). */
public final class UpstreamTimeout extends Problem {

    public UpstreamTimeout(String message) {
        super(message, null, null);
    }
}
