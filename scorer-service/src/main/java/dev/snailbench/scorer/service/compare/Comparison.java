package dev.snailbench.scorer.service.compare;

/**
 * Every comparator and metric for one gold/predicted pair. QATCH metrics in [0, 1]; {@code tupleOrder} is null
 * when the gold query has no ORDER BY, {@code validEfficiencyScore} when timings are missing.
 */
public record Comparison(Verdict strict, Verdict set, Verdict relaxed, double cellPrecision, double cellRecall,
        double tupleCardinality, double tupleConstraint, Double tupleOrder, double executionAccuracy,
        Double validEfficiencyScore, double softF1) {
}
