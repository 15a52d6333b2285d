package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code job submit|status --watch}: a {@link Progress} line until the job ends, then its score. On a terminal the
 * line is redrawn in place; into a file or a pipe a line is written per tenth of the job and when its status changes,
 * so a log reads line by line. The exit code says whether the job succeeded: 1 (with the reason) when it failed, was
 * cancelled or every item failed.
 */
final class JobWatch {

    private final CommandContext context;
    /** How often the job's state is asked for. */
    private final Duration pollInterval;

    private final boolean terminal;

    JobWatch(CommandContext context, Duration pollInterval, boolean terminal) {
        this.context = context;
        this.pollInterval = pollInterval;
        this.terminal = terminal;
    }

    int follow(String jobId, Map<String, String> key) {
        Progress progress = new Progress();
        JsonNode job;
        String logged = null;
        while (true) {
            job = context.client.getOrNull(context.url("generator", "/jobs/" + jobId), key);
            if (job != null) {
                String line = progress.line(System.nanoTime(), job);
                String step = job.path("status").asText() + " "
                        + job.path("done").asInt()
                                * 10
                                / Math.max(1, job.path("total").asInt());
                if (terminal) {
                    context.out.print(line);
                } else if (!step.equals(logged)) {
                    context.out.println(line.substring(1).stripTrailing());
                    logged = step;
                }
                context.out.flush();
                if (Progress.finished(job.path("status").asText())) {
                    break;
                }
            }
            try {
                Thread.sleep(pollInterval.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UserError("interrupted");
            }
        }
        if (terminal) {
            context.out.println();
        }
        if (job.hasNonNull("reason")) {
            context.out.println("reason: " + job.get("reason").asText());
        }
        HttpResponse<String> summary = context.client.exchange(
                "GET", context.url("scorer", "/jobs/" + jobId + "/summary"), key, null, "application/json");
        if (summary.statusCode() == 200) {
            context.out.println(
                    ReportCommand.score(PlatformClient.tree(summary.body()).path("overall")));
        }
        return exitCode(jobId, job);
    }

    /** 0 when the job completed with at least one item that did not fail; else a {@link UserError} saying why. */
    private static int exitCode(String jobId, JsonNode job) {
        String status = job.path("status").asText();
        String outcome = job.path("outcome").isTextual()
                ? job.get("outcome").asText()
                : status.equals("completed")
                                && job.path("total").asInt() > 0
                                && job.path("failed").asInt()
                                        >= job.path("total").asInt()
                        ? "all-failed"
                        : status;
        String reasons = topReasons(job);
        return switch (outcome) {
            case "failed" -> throw new UserError("job " + jobId + " failed");
            case "cancelled" -> throw new UserError("job " + jobId + " was cancelled");
            case "all-failed" ->
                throw new UserError("job " + jobId + ": all "
                        + job.path("total").asInt()
                        + " items failed"
                        + (reasons.isEmpty() ? " (./snailbench report " + jobId + " says why)" : ":\n" + reasons));
            default -> 0;
        };
    }

    /**
     * The job's {@code topReasons} ({@code [{reason, count}]}), one line each (its count, then the reason), or nothing
     * when it has none.
     */
    static String topReasons(JsonNode job) {
        List<String> lines = new ArrayList<>();
        job.path("topReasons")
                .forEach(r -> lines.add(String.format(
                        Locale.ROOT,
                        "  %5d  %s",
                        r.path("count").asInt(),
                        r.path("reason").asText())));
        return String.join("\n", lines);
    }
}
