package dev.snailbench.scorer.service.compare;

import java.util.List;

/**
 * BIRD mini-dev's reward-based valid efficiency score (R-VES, {@code evaluation_ves.py} of BIRD's mini-dev set), shown
 * as {@code rewardBasedEfficiencyScore}: a correct prediction earns a reward by how its running time compares with
 * the gold query's, a wrong one 0. With {@code ratio = gold time / predicted time} (means of the timed runs, outliers
 * beyond 3 standard deviations dropped, as {@link QatchMetrics} does): ratio 0 → 0; ratio ≥ 2 → 1.25;
 * 1 ≤ ratio < 2 → 1; 0.5 ≤ ratio < 1 → 0.75; 0.25 ≤ ratio < 0.5 → 0.5; below 0.25 → 0.25. So a value lies in
 * [0, 1.25], 1 meaning "as fast as gold". BIRD's original VES, unbounded, is {@link QatchMetrics#validEfficiencyScore}.
 */
public final class Efficiency {

    private Efficiency() {}

    /** The reward of one item; null when it is correct but has no usable timings. */
    public static Double reward(boolean correct, List<Double> goldTimes, List<Double> predTimes) {
        if (!correct) {
            return 0.0;
        }
        if (goldTimes == null || predTimes == null || goldTimes.isEmpty() || predTimes.isEmpty()) {
            return null;
        }
        double gold = QatchMetrics.cleanMean(goldTimes);
        double predicted = QatchMetrics.cleanMean(predTimes);
        if (!(predicted > 0) || !(gold >= 0)) {
            return null;
        }
        return rewardOf(gold / predicted);
    }

    /** BIRD's reward function of the time ratio (gold / predicted). */
    public static double rewardOf(double ratio) {
        if (ratio == 0) {
            return 0.0;
        }
        if (ratio >= 2) {
            return 1.25;
        }
        if (ratio >= 1) {
            return 1.0;
        }
        if (ratio >= 0.5) {
            return 0.75;
        }
        if (ratio >= 0.25) {
            return 0.5;
        }
        return 0.25;
    }
}
