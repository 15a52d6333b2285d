package dev.snailbench.scorer.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * How one query of an item ran (the gold or the predicted one): the executor's status, the SQLSTATE and message when
 * it failed, the row count when it succeeded, and its time. All null when the query did not run.
 */
@Embeddable
public class RunOutcome {

    /** The executor's {@code ExecutionStatus} name. */
    public String status;

    /** {@code <SQLSTATE> <message>} of a failed run; null when it succeeded. */
    @Column(columnDefinition = "text")
    public String error;

    /** Rows of a successful run. */
    public Integer rows;

    public Double seconds;
}
