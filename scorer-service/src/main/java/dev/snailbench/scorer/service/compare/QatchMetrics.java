package dev.snailbench.scorer.service.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * QATCH's result-table metrics (Papicchio et al.), reproducing its reference code: values are rounded to three
 * decimals half-to-even as Python's {@code round} does, both-empty results score 1 and one empty side 0.
 */
public final class QatchMetrics {

    private QatchMetrics() {}

    /** Share of distinct predicted cells that occur anywhere in the gold result. */
    public static double cellPrecision(List<Row> gold, List<Row> pred) {
        Double special = emptyCase(gold, pred);
        if (special != null) {
            return special;
        }
        Set<Object> goldCells = cells(gold);
        Set<Object> predCells = cells(pred);
        return round3(share(predCells, goldCells));
    }

    /** Share of distinct gold cells that occur anywhere in the prediction. */
    public static double cellRecall(List<Row> gold, List<Row> pred) {
        Double special = emptyCase(gold, pred);
        if (special != null) {
            return special;
        }
        return round3(share(cells(gold), cells(pred)));
    }

    /** Cell precision and recall from one pass over each side's cells (the scorer needs both). */
    public static double[] cellPrecisionAndRecall(List<Row> gold, List<Row> pred) {
        Double special = emptyCase(gold, pred);
        if (special != null) {
            return new double[] {special, special};
        }
        Set<Object> goldCells = cells(gold);
        Set<Object> predCells = cells(pred);
        return new double[] {round3(share(predCells, goldCells)), round3(share(goldCells, predCells))};
    }

    /** Tuple constraint and execution accuracy from one count of each side's (cell-sorted) tuples. */
    public static double[] tupleConstraintAndExecutionAccuracy(List<Row> gold, List<Row> pred) {
        Double special = emptyCase(gold, pred);
        if (special != null) {
            return new double[] {special, special};
        }
        Map<Row, Integer> g = counts(gold, true);
        Map<Row, Integer> p = counts(pred, true);
        return new double[] {
            tupleConstraint(g, p), gold.size() == pred.size() && g.keySet().equals(p.keySet()) ? 1.0 : 0.0
        };
    }

    /** {@link #cellPrecisionAndRecall} on an encoded pair: bit sets of cell codes. */
    static double[] cellPrecisionAndRecall(EncodedPair pair) {
        Double special = emptyCase(pair);
        if (special != null) {
            return new double[] {special, special};
        }
        BitSet gold = EncodedPair.cells(pair.gold);
        BitSet pred = EncodedPair.cells(pair.predicted);
        BitSet both = (BitSet) gold.clone();
        both.and(pred);
        double common = both.cardinality();
        return new double[] {
            round3(pred.isEmpty() ? 0.0 : common / pred.cardinality()),
            round3(gold.isEmpty() ? 0.0 : common / gold.cardinality())
        };
    }

    /** {@link #tupleConstraintAndExecutionAccuracy} on an encoded pair. */
    static double[] tupleConstraintAndExecutionAccuracy(EncodedPair pair) {
        Double special = emptyCase(pair);
        if (special != null) {
            return new double[] {special, special};
        }
        Map<EncodedPair.Key, Integer> g = EncodedPair.counts(pair.gold, true);
        Map<EncodedPair.Key, Integer> p = EncodedPair.counts(pair.predicted, true);
        int ok = 0;
        for (Map.Entry<EncodedPair.Key, Integer> e : g.entrySet()) {
            if (e.getValue().equals(p.get(e.getKey()))) {
                ok++;
            }
        }
        return new double[] {
            round3((double) ok / g.size()),
            pair.gold.length == pair.predicted.length && g.keySet().equals(p.keySet()) ? 1.0 : 0.0
        };
    }

    private static Double emptyCase(EncodedPair pair) {
        if (pair.gold.length == 0 && pair.predicted.length == 0) {
            return 1.0;
        }
        if (pair.gold.length == 0 || pair.predicted.length == 0) {
            return 0.0;
        }
        return null;
    }

    /** min(|gold|, |pred|) / max(|gold|, |pred|) on row counts. */
    public static double tupleCardinality(List<Row> gold, List<Row> pred) {
        Double special = emptyCase(gold, pred);
        if (special != null) {
            return special;
        }
        double a = gold.size();
        double b = pred.size();
        return round3(Math.min(a, b) / Math.max(a, b));
    }

    /**
     * Share of distinct gold tuples (cells sorted inside the tuple, so column order is ignored) that occur in the
     * prediction exactly as many times as in the gold.
     */
    public static double tupleConstraint(List<Row> gold, List<Row> pred) {
        Double special = emptyCase(gold, pred);
        if (special != null) {
            return special;
        }
        return tupleConstraint(counts(gold, true), counts(pred, true));
    }

    private static double tupleConstraint(Map<Row, Integer> g, Map<Row, Integer> p) {
        int ok = 0;
        for (Map.Entry<Row, Integer> e : g.entrySet()) {
            if (e.getValue().equals(p.get(e.getKey()))) {
                ok++;
            }
        }
        return round3((double) ok / g.size());
    }

    /**
     * Spearman's rank correlation between the gold and predicted positions of the rows both share (first
     * occurrences, rows compared as ordered lists), normalised to [0, 1]; null when the gold has no ORDER BY
     * (QATCH reports nothing then).
     */
    public static Double tupleOrder(List<Row> gold, List<Row> pred, boolean orderBy) {
        if (!orderBy) {
            return null;
        }
        Double special = emptyCase(gold, pred);
        if (special != null) {
            return special;
        }
        Set<Row> goldSet = new HashSet<>(gold);
        Set<Row> predSet = new HashSet<>(pred);
        LinkedHashSet<Row> newPred = new LinkedHashSet<>();
        for (Row r : pred) {
            if (goldSet.contains(r)) {
                newPred.add(r);
            }
        }
        List<Row> newTarget = new ArrayList<>();
        Map<Row, Integer> targetRank = new HashMap<>();
        for (Row r : gold) {
            if (predSet.contains(r) && !targetRank.containsKey(r)) {
                targetRank.put(r, newTarget.size());
                newTarget.add(r);
            }
        }
        double rho;
        if (newTarget.isEmpty()) {
            rho = 0.0;
        } else {
            long sumSq = 0;
            int i = 0;
            for (Row r : newPred) {
                long d = i - targetRank.get(r);
                sumSq += d * d;
                i++;
            }
            long n = newTarget.size() > 1 ? newTarget.size() : 2;
            rho = 1 - 6.0 * sumSq / (n * (n * n - 1));
        }
        return (round3(rho) + 1) / 2;
    }

    /**
     * QATCH's execution accuracy: 1 when the row counts agree and the sets of rows (cells sorted inside each row)
     * are equal. Like QATCH it ignores multiplicities once the counts agree; the strict comparator does not.
     */
    public static double executionAccuracy(List<Row> gold, List<Row> pred) {
        Double special = emptyCase(gold, pred);
        if (special != null) {
            return special;
        }
        if (gold.size() != pred.size()) {
            return 0.0;
        }
        return counts(gold, true).keySet().equals(counts(pred, true).keySet()) ? 1.0 : 0.0;
    }

    /**
     * BIRD's original valid efficiency score (Li et al., BIRD, NeurIPS 2023) as QATCH's {@code ValidEfficiencyScore}
     * computes it: QATCH's execution accuracy × sqrt of the ratio of the two mean times, each the mean of the timed
     * runs within mean ± 3 population standard deviations ({@link #cleanMean}). QATCH's {@code run_metric} hands the
     * predicted query to {@code relative_execution_efficiency} as its target, so the ratio is predicted time / gold
     * time: a prediction 4× slower scores 2.0, where the paper's formula (gold / predicted) gives 0.5. 0 when the
     * prediction is incorrect; null when times are missing or the gold time is not positive.
     */
    public static Double validEfficiencyScore(
            List<Row> gold, List<Row> pred, List<Double> goldTimes, List<Double> predTimes) {
        return validEfficiencyScore(executionAccuracy(gold, pred), goldTimes, predTimes);
    }

    /** {@link #validEfficiencyScore(List, List, List, List)} from QATCH's execution accuracy already computed. */
    public static Double validEfficiencyScore(
            double executionAccuracy, List<Double> goldTimes, List<Double> predTimes) {
        if (executionAccuracy == 0.0) {
            return 0.0;
        }
        if (goldTimes == null || predTimes == null || goldTimes.isEmpty() || predTimes.isEmpty()) {
            return null;
        }
        double g = cleanMean(goldTimes);
        double p = cleanMean(predTimes);
        if (!(g > 0) || !(p >= 0)) {
            return null;
        }
        return executionAccuracy * Math.sqrt(p / g);
    }

    static double cleanMean(List<Double> times) {
        double mean = times.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double var = times.stream()
                .mapToDouble(t -> (t - mean) * (t - mean))
                .average()
                .orElse(0);
        double sd = Math.sqrt(var);
        return times.stream()
                .mapToDouble(Double::doubleValue)
                .filter(t -> t >= mean - 3 * sd && t <= mean + 3 * sd)
                .average()
                .orElse(mean);
    }

    /** Python's round(x, 3): half-to-even on the exact binary value. */
    public static double round3(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return x;
        }
        return new BigDecimal(x).setScale(3, RoundingMode.HALF_EVEN).doubleValue();
    }

    private static Double emptyCase(List<Row> gold, List<Row> pred) {
        if (gold.isEmpty() && pred.isEmpty()) {
            return 1.0;
        }
        if (gold.isEmpty() || pred.isEmpty()) {
            return 0.0;
        }
        return null;
    }

    private static Set<Object> cells(List<Row> rows) {
        // Sized for every cell distinct: growing a set of 5,000 cells rehashes it a dozen times.
        int cells = rows.isEmpty() ? 0 : rows.size() * rows.get(0).size();
        Set<Object> out = new HashSet<>(Math.max(16, (int) (cells / 0.75f) + 1));
        for (Row r : rows) {
            for (int i = 0; i < r.size(); i++) {
                out.add(r.get(i));
            }
        }
        return out;
    }

    private static double share(Set<Object> of, Set<Object> in) {
        if (of.isEmpty()) {
            return 0.0;
        }
        int hit = 0;
        for (Object o : of) {
            if (in.contains(o)) {
                hit++;
            }
        }
        return (double) hit / of.size();
    }

    private static Map<Row, Integer> counts(List<Row> rows, boolean sortCells) {
        Map<Row, Integer> out = new HashMap<>(rows.size() * 2);
        for (Row r : rows) {
            out.merge(sortCells ? r.sortedCells() : r, 1, Integer::sum);
        }
        return out;
    }
}
