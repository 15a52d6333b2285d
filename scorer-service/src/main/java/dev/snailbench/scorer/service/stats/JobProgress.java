package dev.snailbench.scorer.service.stats;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.snailbench.scorer.repository.ItemResult;
import java.util.List;
import java.util.Locale;

/**
 * Where a job stands, as every report says first: {@code status} {@code running} (items still without a verdict),
 * {@code completed} (every item has one), {@code cancelled} (by its tenant; the rest never will), or {@code unknown}
 * (its items were scored before they carried the job's size); {@code done} of {@code total} items scored (total null
 * when unknown), {@code failed} of them failures; {@code reason} why it was cancelled.
 */
@JsonPropertyOrder({"status", "done", "total", "failed", "reason"})
public record JobProgress(String status, int done, Integer total, int failed, String reason) {

    public static final String RUNNING = "running";
    public static final String COMPLETED = "completed";
    public static final String CANCELLED = "cancelled";
    public static final String UNKNOWN = "unknown";

    /**
     * The progress of a job from its scored items and its cancellation (null when it was not cancelled): the job's
     * size is what its items carry.
     */
    public static JobProgress of(List<ItemResult> items, boolean cancelled, String cancellationReason) {
        int failed = 0;
        Integer total = null;
        for (ItemResult r : items) {
            failed += r.failed ? 1 : 0;
            if (r.jobItems != null) {
                total = total == null ? r.jobItems : Math.max(total, r.jobItems);
            }
        }
        String status = cancelled ? CANCELLED : total == null ? UNKNOWN : items.size() >= total ? COMPLETED : RUNNING;
        return new JobProgress(status, items.size(), total, failed, cancelled ? cancellationReason : null);
    }

    /** Whether the report will not change any more (but for reviews). */
    public boolean finished() {
        return COMPLETED.equals(status) || CANCELLED.equals(status);
    }

    /**
     * One line, the first of every report: {@code completed: 100/100 items done, 35 failed}; a running or cancelled
     * job says what that means for the figures that follow.
     */
    public String line() {
        String counts = done + "/" + (total == null ? "?" : total) + " items done, " + failed + " failed";
        return switch (status) {
            case RUNNING -> "running: " + counts + " (still running: the figures below will change)";
            case CANCELLED ->
                "cancelled: " + counts + " (cancelled" + (reason == null || reason.isBlank() ? "" : ": " + reason)
                        + "; the other items will not be scored)";
            case UNKNOWN ->
                "status unknown: " + done + " items done, " + failed + " failed (scored before the "
                        + "platform recorded job sizes)";
            default -> status.toLowerCase(Locale.ROOT) + ": " + counts;
        };
    }
}
