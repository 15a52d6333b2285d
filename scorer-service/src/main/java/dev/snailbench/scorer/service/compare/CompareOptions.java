package dev.snailbench.scorer.service.compare;

/**
 * How two results are compared. {@code orderMatters}: the gold query has a top-level ORDER BY (or the question
 * asks for an order). {@code nullsEqual}: NULL equals NULL (the convention of Spider, BIRD and QATCH; switch it
 * off to treat NULL like SQL's unknown, which never matches).
 */
public record CompareOptions(boolean orderMatters, Tolerance tolerance, boolean nullsEqual) {

    /** Options for a gold query that does or does not order its rows. */
    @FunctionalInterface
    public interface Factory {
        CompareOptions of(boolean orderMatters);
    }

    /** The relative tolerance of a tie-aware comparison: a floating sum added up in another order. */
    public static final double FLOAT_NOISE = 1e-9;

    /**
     * The comparison for a gold query screening found nondeterministic (its result depends on the plan): rows as a
     * multiset, since any order of rows tied on its ORDER BY is as valid as the one the gold happened to give, and
     * numbers within a relative {@link #FLOAT_NOISE} (a floating sum in another order), or the configured tolerance if
     * larger.
     */
    public static CompareOptions tieAware(CompareOptions base) {
        Tolerance t = base.tolerance();
        return new CompareOptions(
                false, new Tolerance(t.absolute(), Math.max(t.relative(), FLOAT_NOISE)), base.nullsEqual());
    }

    public static CompareOptions defaults(boolean orderMatters) {
        return new CompareOptions(orderMatters, Tolerance.EXACT, true);
    }
}
