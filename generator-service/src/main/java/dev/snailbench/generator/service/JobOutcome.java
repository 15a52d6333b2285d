package dev.snailbench.generator.service;

import dev.snailbench.generator.repository.JobStatus;
import dev.snailbench.generator.repository.WorkItemStateRepository.ReasonCount;
import java.util.List;

/**
 * What a finished job came to, in one word, so a job whose every item failed does not read as a success:
 * {@code succeeded} (completed, no item failed), {@code some-failed}, {@code all-failed} (completed, every item
 * failed), {@code cancelled}, {@code failed} (it could not be expanded; {@code reason} says why); null while it is
 * queued or running.
 */
public final class JobOutcome {

    private JobOutcome() {}

    public static String of(JobStatus status, int total, int failed) {
        return switch (status) {
            case QUEUED, RUNNING -> null;
            case CANCELLED -> "cancelled";
            case FAILED -> "failed";
            case COMPLETED -> failed == 0 ? "succeeded" : failed >= total ? "all-failed" : "some-failed";
        };
    }

    /** The job's own reason, or for a job whose items all failed, the commonest reason they failed for. */
    public static String reason(String jobReason, String outcome, int failed, List<ReasonCount> top) {
        if (jobReason != null || !"all-failed".equals(outcome) || top.isEmpty()) {
            return jobReason;
        }
        ReasonCount first = top.get(0);
        return "all " + failed + " items failed; the commonest reason (" + first.count() + " items): " + first.reason();
    }
}
