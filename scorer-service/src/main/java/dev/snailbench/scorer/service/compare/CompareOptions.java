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

    public static CompareOptions defaults(boolean orderMatters) {
        return new CompareOptions(orderMatters, Tolerance.EXACT, true);
    }
}
