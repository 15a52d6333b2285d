package dev.snailbench.scorer.service;

import dev.snailbench.scorer.repository.ComparatorVerdict;
import dev.snailbench.scorer.repository.ItemResult;

/** The rules that say whether and how an item's result counts and reads, shared by the results API and the reports. */
public final class ItemVerdicts {

    private ItemVerdicts() {}

    /**
     * Execution accuracy of the item, the strict match as 1 or 0 (the summary's {@code executionAccuracy} is its mean):
     * null where it is not counted (linking-only, or the gold query failed), 0 for a failed prediction.
     */
    public static Double strictExecution(ItemResult r) {
        return compared(r) ? (Boolean.TRUE.equals(r.strict.match) ? 1.0 : 0.0) : null;
    }

    /**
     * Whether the comparators judged the item: not when the job is linking-only (nothing ran) nor when the gold
     * query gave no result (nothing to compare with: "not compared", as the statistics leave it out), whereas a
     * failed prediction was compared and lost.
     */
    public static boolean compared(ItemResult r) {
        return !r.linkingOnly && "OK".equals(r.gold.status);
    }

    /** One comparator's match as the item counts it: null where the item was not {@link #compared}, else whether it matched. */
    public static Boolean match(ItemResult r, ComparatorVerdict verdict) {
        return compared(r) ? Boolean.TRUE.equals(verdict.match) : null;
    }

    /** The reviewer's verdict, {@code correct} or {@code incorrect}; null when the item was not reviewed. */
    public static String manualVerdict(ItemResult r) {
        return r.review.verdict == null ? null : r.review.verdict ? "correct" : "incorrect";
    }

    /** Whose schema-linking conventions the item's linking scores follow; the platform's in rows scored without one. */
    public static String linking(ItemResult r) {
        return r.linking == null ? "platform" : r.linking;
    }
}
