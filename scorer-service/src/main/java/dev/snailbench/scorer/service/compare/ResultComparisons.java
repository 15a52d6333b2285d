package dev.snailbench.scorer.service.compare;

import jakarta.enterprise.context.ApplicationScoped;

/** Runs every comparator and QATCH metric on one pair of results. CPU-bound: call it off the event loop. */
@ApplicationScoped
public class ResultComparisons {

    private final ResultComparator comparator = new ResultComparator();

    public Comparison compare(ComparableTable gold, ComparableTable predicted, CompareOptions options) {
        var g = gold.rows();
        var p = predicted.rows();
        // Cells hashed once for the QATCH metrics and Soft-F1, which only test equality.
        EncodedPair encoded = EncodedPair.of(g, p);
        double[] cells = QatchMetrics.cellPrecisionAndRecall(encoded);
        double[] tuples = QatchMetrics.tupleConstraintAndExecutionAccuracy(encoded);
        Verdict[] verdicts = comparator.all(gold, predicted, options, encoded);
        return new Comparison(
                verdicts[0],
                verdicts[1],
                verdicts[2],
                cells[0],
                cells[1],
                QatchMetrics.tupleCardinality(g, p),
                tuples[0],
                QatchMetrics.tupleOrder(g, p, options.orderMatters()),
                tuples[1],
                QatchMetrics.validEfficiencyScore(tuples[1], gold.timesSeconds(), predicted.timesSeconds()),
                Efficiency.reward(tuples[1] == 1.0, gold.timesSeconds(), predicted.timesSeconds()),
                SoftF1.score(encoded));
    }
}
