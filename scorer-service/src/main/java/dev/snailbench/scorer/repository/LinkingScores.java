package dev.snailbench.scorer.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * Schema linking of the predicted against the gold SQL: recall, precision and F1 over the identifiers (null when the
 * gold did not parse, or there is no prediction), why they are missing, and how the predicted identifiers were read.
 */
@Embeddable
public class LinkingScores {

    @Column(name = "queryRecall")
    public Double recall;

    @Column(name = "queryPrecision")
    public Double precision;

    @Column(name = "queryF1")
    public Double f1;

    @Column(name = "linkingError", columnDefinition = "text")
    public String error;

    /** {@code parsed}, or {@code tokens} when the predicted SQL did not parse and its identifiers were read from its tokens. */
    @Column(name = "linkingMethod")
    public String method;
}
