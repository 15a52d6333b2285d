package dev.snailbench.scorer.service.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap 95% confidence interval of a mean. Seeded: the same data always gives the same interval,
 * so reports are reproducible.
 */
public final class Bootstrap {

    private Bootstrap() {}

    /** Mean and its interval; for fewer than 2 values the interval is the mean itself (or NaN when empty). */
    public record Estimate(double mean, double low, double high, int n) {}

    public static Estimate mean(double[] values, int resamples, long seed) {
        int n = values.length;
        if (n == 0) {
            return new Estimate(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double mean = Arrays.stream(values).average().orElse(Double.NaN);
        if (n == 1 || resamples < 2) {
            return new Estimate(mean, mean, mean, n);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] means = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += values[random.nextInt(n)];
            }
            means[b] = sum / n;
        }
        Arrays.sort(means);
        return new Estimate(mean, percentile(means, 0.025), percentile(means, 0.975), n);
    }

    /** Linear interpolation between order statistics (NumPy's default). */
    static double percentile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }
}
