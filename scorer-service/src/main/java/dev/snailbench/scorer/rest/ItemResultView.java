package dev.snailbench.scorer.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.snailbench.scorer.model.ItemResult;
import java.time.Instant;
import java.util.UUID;

/** One question's scored result as the results API shows it. */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ItemResultView(String questionId, UUID workItemId, String model, String database, String level,
        String goldStatus, String goldError, Integer goldRows, Double goldSeconds,
        String predictedStatus, String predictedError, Integer predictedRows, Double predictedSeconds,
        String inferenceError, String predictedSql, boolean failed, boolean strictMatch, boolean setMatch,
        boolean relaxedMatch, String reason, VerdictView strict, VerdictView set, VerdictView relaxed,
        boolean goldOrderBy, Double cellPrecision, Double cellRecall, Double tupleCardinality, Double tupleConstraint,
        Double tupleOrder, Double executionAccuracy, Double validEfficiencyScore, Double softF1, Double queryRecall,
        Double queryPrecision, Double queryF1, String linkingError, String linkingMethod, String hardness,
        Instant scoredAt) {

    /** One comparator's verdict (null reason when the item failed before any comparison). */
    public record VerdictView(boolean match, String reason, String detail) {
    }

    public static ItemResultView of(ItemResult r) {
        return new ItemResultView(r.questionId, r.workItemId, r.model, r.databaseKey, r.level,
                r.goldStatus, r.goldError, r.goldRows, r.goldSeconds,
                r.predictedStatus, r.predictedError, r.predictedRows, r.predictedSeconds,
                r.inferenceError, r.predictedSql, r.failed, Boolean.TRUE.equals(r.strictMatch),
                Boolean.TRUE.equals(r.setMatch), Boolean.TRUE.equals(r.relaxedMatch), r.reason,
                new VerdictView(Boolean.TRUE.equals(r.strictMatch), r.strictReason, r.strictDetail),
                new VerdictView(Boolean.TRUE.equals(r.setMatch), r.setReason, r.setDetail),
                new VerdictView(Boolean.TRUE.equals(r.relaxedMatch), r.relaxedReason, r.relaxedDetail),
                r.orderBy, r.cellPrecision, r.cellRecall, r.tupleCardinality, r.tupleConstraint, r.tupleOrder,
                r.executionAccuracy, r.validEfficiencyScore, r.softF1, r.queryRecall, r.queryPrecision, r.queryF1,
                r.linkingError, r.linkingMethod, r.hardness, r.scoredAt);
    }
}
