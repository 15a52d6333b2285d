package dev.snailbench.generator.repository;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Where a job is in its life. */
public enum JobStatus {
    /** Accepted; work items not all published yet. */
    QUEUED,
    /** Every work item published; verdicts arriving. */
    RUNNING,
    /** Every work item has a verdict (some may be failures). */
    COMPLETED,
    /** The job could not be expanded or published. */
    FAILED,
    /** Stopped on request. */
    CANCELLED;

    /** Completed, failed or cancelled: nothing about the job changes any more. */
    public boolean finished() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
