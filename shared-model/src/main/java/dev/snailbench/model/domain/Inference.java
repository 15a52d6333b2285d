package dev.snailbench.model.domain;

/**
 * What the model answered. {@code predictedSql} is at native names (denaturalized) or null when inference
 * failed, in which case {@code error} says why. {@code rawAnswer}, the model's text as it came, is kept in the
 * inference service's record; events leave it out ({@link #withoutRawAnswer}).
 */
public record Inference(String predictedSql, String rawAnswer, String error, long latencyMillis) {

    public static Inference failed(String error) {
        return new Inference(null, null, error, 0);
    }

    /** The same inference without the raw answer, for events: no later hop reads it. */
    public Inference withoutRawAnswer() {
        return rawAnswer == null ? this : new Inference(predictedSql, null, error, latencyMillis);
    }

    public boolean succeeded() {
        return predictedSql != null;
    }
}
