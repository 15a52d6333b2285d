package dev.snailbench.scorer.service.compare;

import jakarta.enterprise.context.ApplicationScoped;

/** Runs every comparator and QATCH metric on one pair of results. CPU-bound: call it off the event loop. */
@ApplicationScoped
public class ResultComparisons {

    private final ResultComparator comparator = new ResultComparator();

    public Comparison compare(ResultTable gold, ResultTable predicted, CompareOptions options) {
        var g = gold.rows();
        var p = predicted.rows();
        double[] cells = QatchMetrics.cellPrecisionAndRecall(g, p);
        double[] tuples = QatchMetrics.tupleConstraintAndExecutionAccuracy(g, p);
        return new Comparison(
                comparator.strict(gold, predicted, options),
                comparator.set(gold, predicted, options),
                comparator.relaxed(gold, predicted, options),
                cells[0],
                cells[1],
                QatchMetrics.tupleCardinality(g, p),
                tuples[0],
                QatchMetrics.tupleOrder(g, p, options.orderMatters()),
                tuples[1],
                QatchMetrics.validEfficiencyScore(tuples[1], gold.timesSeconds(), predicted.timesSeconds()),
                SoftF1.score(g, p));
    }
}
