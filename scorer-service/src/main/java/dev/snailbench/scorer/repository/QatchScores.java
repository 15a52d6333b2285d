package dev.snailbench.scorer.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * QATCH's metrics of the predicted against the gold result ({@code service.compare.QatchMetrics}), 0 to 1. All null
 * when nothing was compared.
 */
@Embeddable
public class QatchScores {

    @Column(name = "cellPrecision")
    public Double cellPrecision;

    @Column(name = "cellRecall")
    public Double cellRecall;

    @Column(name = "tupleCardinality")
    public Double tupleCardinality;

    @Column(name = "tupleConstraint")
    public Double tupleConstraint;

    @Column(name = "tupleOrder")
    public Double tupleOrder;

    /** QATCH's execution accuracy (the API's {@code qatchExecutionAccuracy}; its {@code executionAccuracy} is the strict match). */
    @Column(name = "executionAccuracy")
    public Double executionAccuracy;

    /** BIRD's original VES as QATCH computes it ({@code QatchMetrics.validEfficiencyScore}). */
    @Column(name = "validEfficiencyScore")
    public Double validEfficiencyScore;
}
