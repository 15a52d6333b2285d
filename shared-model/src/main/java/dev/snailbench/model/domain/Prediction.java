package dev.snailbench.model.domain;

/**
 * SQL a model already produced for a question ("bring your own predictions"). {@code level} is the naturalness
 * level of the schema the SQL was written against (its identifiers are that level's names, mapped back to native
 * ones before scoring); null: the prediction answers the question at every level of the job.
 */
public record Prediction(String questionId, String predictedSql, NaturalnessLevel level) {

    public Prediction(String questionId, String predictedSql) {
        this(questionId, predictedSql, null);
    }

    /** The key of the work items it answers. */
    public String key() {
        return key(questionId, level);
    }

    public static String key(String questionId, NaturalnessLevel level) {
        return level == null ? questionId : questionId + "@" + level.label();
    }
}
