package dev.snailbench.scorer.service.compare;

/**
 * Every comparator and metric for one gold/predicted pair. QATCH metrics in [0, 1] ({@code qatchExecutionAccuracy}
 * is QATCH's, not the strict comparator's); {@code tupleOrder} is null when the gold query has no ORDER BY;
 * {@code validEfficiencyScore} is BIRD's original VES as QATCH computes it (0 and up,
 * {@link QatchMetrics#validEfficiencyScore}), {@code rewardBasedEfficiencyScore} BIRD mini-dev's R-VES (0 to 1.25,
 * {@link Efficiency}); each null when timings are missing.
 */
public record Comparison(
        Verdict strict,
        Verdict set,
        Verdict relaxed,
        double cellPrecision,
        double cellRecall,
        double tupleCardinality,
        double tupleConstraint,
        Double tupleOrder,
        double qatchExecutionAccuracy,
        Double validEfficiencyScore,
        Double rewardBasedEfficiencyScore,
        double softF1) {}
