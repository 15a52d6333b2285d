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
                r.gold.status,
                r.gold.error,
                r.gold.rows,
                r.gold.seconds,
                r.predicted.status,
                r.predicted.error,
                r.predicted.rows,
                r.predicted.seconds,
                r.inferenceError,
                r.predictedSql,
                r.failed,
                r.linkingOnly,
                match(r, r.strict.match),
                match(r, r.set.match),
                match(r, r.relaxed.match),
                r.reason,
                verdict(r, r.strict.match, r.strict.reason, r.strict.detail),
                verdict(r, r.set.match, r.set.reason, r.set.detail),
                verdict(r, r.relaxed.match, r.relaxed.reason, r.relaxed.detail),
                r.orderBy,
                r.qatch.cellPrecision,
                r.qatch.cellRecall,
                r.qatch.tupleCardinality,
                r.qatch.tupleConstraint,
                r.qatch.tupleOrder,
                strictExecution(r),
                r.qatch.executionAccuracy,
                r.qatch.validEfficiencyScore,
                r.rewardBasedEfficiencyScore,
                r.softF1,
                r.linkingScores.recall,
                r.linkingScores.precision,
                r.linkingScores.f1,
                r.linkingScores.error,
                r.linkingScores.method,
                Boolean.TRUE.equals(r.multipleStatements),
                r.hardness,
                r.labelledHardness,
                r.scoredAt,
                r.review.verdict == null ? null : r.review.verdict ? "correct" : "incorrect",
                r.review.note,
                r.review.reviewer,
                r.review.at,
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
