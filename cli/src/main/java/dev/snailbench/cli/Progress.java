package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * The line {@code job submit --watch} redraws in place: a bar, items done and failed, the rate and an ETA.
 * Each line is padded to the length of the one before it, so a shorter line leaves nothing of the longer one behind
 * (a carriage return only moves the cursor). The ETA divides what is left by a smoothed rate (an exponential moving
 * average of the rate between polls: items are scored in bursts, and the last burst alone would make it jump),
 * and is shown only while the job runs.
 */
final class Progress {

    /** Weight of the newest rate in the moving average. */
    private static final double SMOOTHING = 0.3;

    private static final int BAR = 30;

    private long firstNanos = -1;
    private int firstDone;
    private long lastNanos;
    private int lastDone;
    /** Items per second, smoothed; negative until two polls have been seen. */
    private double smoothedRate = -1;

    private int lastLength;

    static boolean finished(String status) {
        return status.equals("completed") || status.equals("failed") || status.equals("cancelled");
    }

    /** The text to print for the job's state at {@code nanos}: a carriage return and the padded line. */
    String line(long nanos, JsonNode job) {
        int total = job.path("total").asInt();
        int done = job.path("done").asInt();
        String status = job.path("status").asText();
        if (firstNanos < 0) {
            firstNanos = nanos;
            firstDone = done;
        } else if (nanos > lastNanos) {
            double rate = Math.max(0, done - lastDone) / ((nanos - lastNanos) / 1e9);
            smoothedRate = smoothedRate < 0 ? rate : SMOOTHING * rate + (1 - SMOOTHING) * smoothedRate;
        }
        lastNanos = nanos;
        lastDone = done;
        int filled = total == 0 ? 0 : (int) ((long) BAR * Math.min(done, total) / total);
        StringBuilder text = new StringBuilder(String.format(
                Locale.ROOT,
                "[%s%s] %d/%d done, %d failed",
                "#".repeat(filled),
                ".".repeat(BAR - filled),
                done,
                total,
                job.path("failed").asInt()));
        double seconds = (nanos - firstNanos) / 1e9;
        if (seconds > 0 && done > firstDone) {
            text.append(String.format(Locale.ROOT, ", %.1f items/s", (done - firstDone) / seconds));
        }
        if (!finished(status) && smoothedRate > 0 && total > done) {
            text.append(", ETA ").append(duration((total - done) / smoothedRate));
        }
        text.append(", ").append(status);
        int length = text.length();
        text.append(" ".repeat(Math.max(0, lastLength - length)));
        lastLength = length;
        return "\r" + text;
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s < 90 ? s + " s" : String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }
}
