package dev.snailbench.model.domain;

/** SQL a model already produced for a question ("bring your own predictions"). */
public record Prediction(String questionId, String predictedSql) {
}
