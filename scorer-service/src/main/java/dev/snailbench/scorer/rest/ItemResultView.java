package dev.snailbench.scorer.rest;

import static dev.snailbench.scorer.service.ItemVerdicts.compared;
import static dev.snailbench.scorer.service.ItemVerdicts.strictExecution;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.service.ResultPreview;
import java.time.Instant;
import java.util.UUID;

/** One question's scored result as the results API shows it. */
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

    public static ItemResultView of(ItemResult r) {
        return new ItemResultView(
                r.questionId,
                r.workItemId,
                r.model,
                r.databaseKey,
                r.level,
                r.question,
                r.goldSql,
                r.goldStatus,
                r.goldError,
                r.goldRows,
                r.goldSeconds,
                r.predictedStatus,
                r.predictedError,
                r.predictedRows,
                r.predictedSeconds,
                r.inferenceError,
                r.predictedSql,
                r.failed,
                r.linkingOnly,
                match(r, r.strictMatch),
                match(r, r.setMatch),
                match(r, r.relaxedMatch),
                r.reason,
                verdict(r, r.strictMatch, r.strictReason, r.strictDetail),
                verdict(r, r.setMatch, r.setReason, r.setDetail),
                verdict(r, r.relaxedMatch, r.relaxedReason, r.relaxedDetail),
                r.orderBy,
                r.cellPrecision,
                r.cellRecall,
                r.tupleCardinality,
                r.tupleConstraint,
                r.tupleOrder,
                strictExecution(r),
                r.qatchExecutionAccuracy,
                r.validEfficiencyScore,
                r.rewardBasedEfficiencyScore,
                r.softF1,
                r.queryRecall,
                r.queryPrecision,
                r.queryF1,
                r.linkingError,
                r.linkingMethod,
                Boolean.TRUE.equals(r.multipleStatements),
                r.hardness,
                r.labelledHardness,
                r.scoredAt,
                r.manualVerdict == null ? null : r.manualVerdict ? "correct" : "incorrect",
                r.reviewNote,
                r.reviewedBy,
                r.reviewedAt,
                ResultPreview.parse(r.resultPreview),
                r.linking == null ? "platform" : r.linking,
                r.goldNondeterministic,
                Boolean.TRUE.equals(r.excludedFromAccuracy));
    }

    private static Boolean match(ItemResult r, Boolean match) {
        return compared(r) ? Boolean.TRUE.equals(match) : null;
    }

    private static VerdictView verdict(ItemResult r, Boolean match, String reason, String detail) {
        return compared(r) ? new VerdictView(Boolean.TRUE.equals(match), reason, detail) : null;
    }
}
