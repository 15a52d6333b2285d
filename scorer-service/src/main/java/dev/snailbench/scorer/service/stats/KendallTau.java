package dev.snailbench.scorer.service.stats;

import java.util.HashMap;
import java.util.Map;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.correlation.KendallsCorrelation;

/**
 * Kendall's tau-b (commons-math3's {@link KendallsCorrelation}) with a two-sided p-value from the normal
 * approximation with the tie-corrected variance of the S statistic — the same as SciPy's
 * {@code kendalltau(..., method="asymptotic")} (SciPy switches to an exact p-value for small samples without
 * ties; we always use the approximation).
 */
public final class KendallTau {

    private static final NormalDistribution NORMAL = new NormalDistribution();

    private KendallTau() {}

    /** tau-b and its p-value; NaN for both when fewer than 2 pairs or a constant series. */
    public record Result(double tau, double pValue, int n) {}

    public static Result of(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x has " + x.length + " values, y " + y.length);
        }
        int n = x.length;
        if (n < 2) {
            return new Result(Double.NaN, Double.NaN, n);
        }
        double tau = new KendallsCorrelation().correlation(x, y);
        if (Double.isNaN(tau)) {
            return new Result(Double.NaN, Double.NaN, n);
        }
        Ties tx = Ties.of(x);
        Ties ty = Ties.of(y);
        double n0 = n * (n - 1.0) / 2;
        double s = tau * Math.sqrt((n0 - tx.pairs) * (n0 - ty.pairs));
        double var = (n * (n - 1.0) * (2.0 * n + 5) - tx.v - ty.v) / 18
                + tx.t1 * ty.t1 / (2.0 * n * (n - 1))
                + (n > 2 ? tx.t2 * ty.t2 / (9.0 * n * (n - 1) * (n - 2)) : 0);
        if (!(var > 0)) {
            return new Result(tau, Double.NaN, n);
        }
        double z = Math.abs(s) / Math.sqrt(var);
        double p = 2 * NORMAL.cumulativeProbability(-z);
        return new Result(tau, Math.min(1.0, p), n);
    }

    /** Tie statistics: sums over groups of tied values of t(t-1)/2, t(t-1)(2t+5), t(t-1) and t(t-1)(t-2). */
    private record Ties(double pairs, double v, double t1, double t2) {
        static Ties of(double[] values) {
            Map<Double, Integer> counts = new HashMap<>();
            for (double d : values) {
                counts.merge(d, 1, Integer::sum);
            }
            double pairs = 0;
            double v = 0;
            double t1 = 0;
            double t2 = 0;
            for (int t : counts.values()) {
                if (t > 1) {
                    pairs += t * (t - 1.0) / 2;
                    v += t * (t - 1.0) * (2.0 * t + 5);
                    t1 += t * (t - 1.0);
                    t2 += t * (t - 1.0) * (t - 2.0);
                }
            }
            return new Ties(pairs, v, t1, t2);
        }
    }
}
