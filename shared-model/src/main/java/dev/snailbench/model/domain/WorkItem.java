package dev.snailbench.model.domain;

import java.util.UUID;

/**
 * One unit of evaluation: a question asked of one model, at one naturalness level, on one database.
 * {@code recordedPrediction} is set for the replay backend only.
 */
public record WorkItem(UUID workItemId, String questionId, String question, String goldSql, SqlDialect dialect,
        DatabaseRef database, ModelRef model, NaturalnessLevel level, String recordedPrediction) {

    /**
     * Work-item ids are derived from what the item is, so that resubmitting the same job spec yields the
     * same ids and downstream deduplication makes it a no-op.
     */
    public static UUID idFor(UUID jobId, String questionId, ModelRef model, NaturalnessLevel level) {
        String identity = jobId + "|" + questionId + "|" + model.label() + "|" + model.backend() + "|"
                + level.label();
        return UUID.nameUUIDFromBytes(identity.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
