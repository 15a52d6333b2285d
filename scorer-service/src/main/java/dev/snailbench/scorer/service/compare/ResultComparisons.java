package dev.snailbench.scorer.service.compare;

import jakarta.enterprise.context.ApplicationScoped;

/** Runs every comparator and QATCH metric on one pair of results. CPU-bound: call it off the event loop. */
@ApplicationScoped
public class ResultComparisons {

    private final ResultComparator comparator = new ResultComparator();

    public Comparison compare(ResultTable gold, ResultTable predicted, CompareOptions options) {
        var g = gold.rows();
        var p = predicted.rows();
        return new Comparison(
                comparator.strict(gold, predicted, options),
                comparator.set(gold, predicted, options),
                comparator.relaxed(gold, predicted, options),
                QatchMetrics.cellPrecision(g, p),
                QatchMetrics.cellRecall(g, p),
                QatchMetrics.tupleCardinality(g, p),
                QatchMetrics.tupleConstraint(g, p),
                QatchMetrics.tupleOrder(g, p, options.orderMatters()),
                QatchMetrics.executionAccuracy(g, p),
                QatchMetrics.validEfficiencyScore(g, p, gold.timesSeconds(), predicted.timesSeconds()),
                SoftF1.score(g, p));
    }
}
