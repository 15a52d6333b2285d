package dev.snailbench.scorer.service.compare;

/** Why a comparator gave its verdict. Codes are stable: reports and clients group by them. */
public enum Reason {
    /** Same rows (and order, when the gold query orders them). */
    MATCH,
    /** Both results have no rows. */
    BOTH_EMPTY,
    /** Equal only within the configured numeric tolerance. */
    MATCH_WITHIN_TOLERANCE,
    /** Set comparison: same distinct rows, different multiplicities (BIRD ignores duplicates). */
    MATCH_IGNORING_DUPLICATES,
    /** Relaxed comparison: every gold column found, the prediction has more columns. */
    MATCH_WITH_EXTRA_COLUMNS,
    /** Relaxed comparison: same columns in another order. */
    MATCH_WITH_COLUMN_ORDER_DIFFERENCE,
    /** The predicted result has columns the gold has not (and otherwise contains the gold columns). */
    EXTRA_COLUMNS,
    /** The predicted result lacks columns of the gold result. */
    MISSING_COLUMNS,
    /** Same columns, permuted: strict and set compare positions. */
    COLUMN_ORDER_DIFFERS,
    /** Same rows in another order while the gold query has ORDER BY. */
    ROW_ORDER_DIFFERS,
    /** Same distinct rows but different multiplicities. */
    DUPLICATE_ROWS_DIFFER,
    /** Different numbers of rows. */
    ROW_COUNT_DIFFERS,
    /** The results differ where one side has NULL. */
    NULLS_DIFFER,
    /** Numbers differ by float noise only: would match with a relative tolerance of 1e-6. */
    NUMERIC_PRECISION_DIFFERS,
    /** Cell values differ. */
    VALUES_DIFFER,
    /** The gold result has rows, the predicted one none. */
    PREDICTED_EMPTY,
    /** The gold result has no rows, the predicted one has some. */
    GOLD_EMPTY,
    /** No comparison: the gold query did not run. */
    GOLD_FAILED,
    /** No comparison: the predicted query did not run. */
    PREDICTED_FAILED,
    /** No comparison: the model produced no SQL. */
    INFERENCE_FAILED;

    public boolean isMatch() {
        return this == MATCH
                || this == BOTH_EMPTY
                || this == MATCH_WITHIN_TOLERANCE
                || this == MATCH_IGNORING_DUPLICATES
                || this == MATCH_WITH_EXTRA_COLUMNS
                || this == MATCH_WITH_COLUMN_ORDER_DIFFERENCE;
    }
}
