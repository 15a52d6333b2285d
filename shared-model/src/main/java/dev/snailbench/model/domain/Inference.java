package dev.snailbench.model.domain;

/**
 * What the model answered. {@code predictedSql} is at native names (denaturalized) or null when inference
 * failed, in which case {@code error} says why.
 */
public record Inference(String predictedSql, String rawAnswer, String error, long latencyMillis) {

    public static Inference failed(String error) {
        return new Inference(null, null, error, 0);
    }

    public boolean succeeded() {
        return predictedSql != null;
    }
}
