package dev.snailbench.scorer.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.snailbench.scorer.service.ResultPreview;
import java.time.Instant;
import java.util.UUID;

/** One question's scored result as the results API shows it ({@link ItemResultViews} builds it). */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ItemResultView(
        String questionId,
        UUID workItemId,
        String model,
        String database,
        String level,
        String question,
        String goldSql,
        String goldStatus,
        String goldError,
        Integer goldRows,
        Double goldSeconds,
        String predictedStatus,
        String predictedError,
        Integer predictedRows,
        Double predictedSeconds,
        String inferenceError,
        String predictedSql,
        boolean failed,
        boolean linkingOnly,
        Boolean strictMatch,
        Boolean setMatch,
        Boolean relaxedMatch,
        String reason,
        VerdictView strict,
        VerdictView set,
        VerdictView relaxed,
        boolean goldOrderBy,
        Double cellPrecision,
        Double cellRecall,
        Double tupleCardinality,
        Double tupleConstraint,
        Double tupleOrder,
        Double executionAccuracy,
        Double qatchExecutionAccuracy,
        Double validEfficiencyScore,
        Double rewardBasedEfficiencyScore,
        Double softF1,
        Double queryRecall,
        Double queryPrecision,
        Double queryF1,
        String linkingError,
        String linkingMethod,
        boolean multipleStatements,
        String hardness,
        String labelledHardness,
        Instant scoredAt,
        String manualVerdict,
        String reviewNote,
        String reviewedBy,
        Instant reviewedAt,
        ResultPreview preview,
        String linking,
        String goldNondeterministic,
        boolean excludedFromAccuracy) {

    /**
     * One comparator's verdict (null reason when the item failed before any comparison). For an item of a
     * linking-only job the matches and verdicts are null: there was nothing to compare.
     */
    public record VerdictView(boolean match, String reason, String detail) {}
}
