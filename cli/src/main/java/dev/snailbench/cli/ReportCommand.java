package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code report JOB [--items] [--html FILE | --csv FILE] [--open]}: the scorer's report of a job, where the job stands
 * first (status, done/total), then its summary (score, manual accuracy once items were reviewed, tables by level and,
 * for several models, by model and by model and level, failure reasons, verdicts by reason), every item only with
 * {@code --items}; the HTML or CSV report into a file, and {@code --open} shows the HTML one in the browser.
 */
final class ReportCommand {

    private final CommandContext context;
    /** Shows a file in the desktop's browser ({@code --open}). */
    private final Consumer<Path> browser;

    ReportCommand(CommandContext context, Consumer<Path> browser) {
        this.context = context;
        this.browser = browser;
    }

    /** A summary in the shape of report.json without its items: {@code job} and {@code summary}. */
    private static JsonNode summaryAsReport(JsonNode summary) {
        var report = PlatformClient.json().createObjectNode();
        report.set("job", summary.path("job"));
        report.set("summary", summary);
        return report;
    }

    void run(CliArgs a) {
        String jobId = a.word(1, "a job id");
        Map<String, String> key = CommandContext.apiKey(a);
        if (a.has("--open") && a.has("--csv")) {
            throw new UserError("--open shows the HTML report: use it with --html FILE, or alone");
        }
        if (a.has("--html") || a.has("--csv") || a.has("--open")) {
            writeFile(a, jobId, key);
            return;
        }
        // Without --items only the summary is asked (it carries where the job stands): the scorer keeps it computed,
        // while report.json sends every item.
        JsonNode report = a.has("--items")
                ? context.client.call("GET", context.url("scorer", "/jobs/" + jobId + "/report.json"), key, null)
                : summaryAsReport(
                        context.client.call("GET", context.url("scorer", "/jobs/" + jobId + "/summary"), key, null));
        if (context.printedAsJson(a, a.has("--items") ? report : report.path("summary"))) {
            return;
        }
        JsonNode summary = report.path("summary");
        JsonNode overall = summary.path("overall");
        // Where the job stands comes first: a running or cancelled job's figures are not its final ones.
        context.out.println("job " + jobId + ": " + progress(report.path("job")));
        context.out.println(score(overall));
        if (overall.path("reviewed").asInt() > 0) {
            context.out.println(manual(overall));
        }
        breakdown("by level", summary.path("byLevel"), List.of("level"));
        if (summary.path("byModel").size() > 1) {
            breakdown("by model", summary.path("byModel"), List.of("model"));
            if (summary.path("byLevel").size() > 1) {
                breakdown("by model and level", summary.path("byModelAndLevel"), List.of("model", "level"));
            }
        }
        if (!summary.path("failureReasons").isEmpty()) {
            context.out.println("failure reasons:");
            summary.path("failureReasons")
                    .forEach(r -> context.out.printf(
                            Locale.ROOT,
                            "  %5d  %s%n",
                            r.path("count").asLong(),
                            r.path("reason").asText()));
        }
        List<Map.Entry<String, JsonNode>> reasons = new ArrayList<>();
        overall.path("reasons").fields().forEachRemaining(reasons::add);
        reasons.sort((x, y) -> Long.compare(y.getValue().asLong(), x.getValue().asLong()));
        if (!reasons.isEmpty()) {
            context.out.println("verdicts by reason:");
            reasons.forEach(r ->
                    context.out.printf(Locale.ROOT, "  %5d  %s%n", r.getValue().asLong(), r.getKey()));
        }
        if (a.has("--items")) {
            context.out.println();
            ArrayNode rows = PlatformClient.json().createArrayNode();
            for (JsonNode item : report.path("items")) {
                rows.addObject()
                        .put("question", item.path("questionId").asText())
                        .put("model", item.path("model").asText(""))
                        .put("level", item.path("level").asText(""))
                        .put("strict", yesNo(item.path("strictMatch")))
                        .put("set", yesNo(item.path("setMatch")))
                        .put("relaxed", yesNo(item.path("relaxedMatch")))
                        .put("manual", item.path("manualVerdict").asText("-"))
                        .put("reason", item.path("reason").asText(""));
            }
            TablePrinter.print(
                    context.out,
                    rows,
                    List.of("question", "model", "level", "strict", "set", "relaxed", "manual", "reason"));
        } else {
            context.out.println("every item: ./snailbench report " + jobId + " --items (or --csv FILE, --html FILE)");
        }
    }

    /**
     * The report's first line: the job's status and how far it got ({@code completed: 100/100 items done, 35
     * failed}), and for a running or cancelled job what that means for the figures.
     */
    static String progress(JsonNode job) {
        String status = job.path("status").asText("unknown");
        String counts = job.path("done").asInt() + "/"
                + (job.path("total").isNumber() ? job.path("total").asText() : "?") + " items done, "
                + job.path("failed").asInt() + " failed";
        return switch (status) {
            case "running" -> "running: " + counts + " (still running: the figures below will change)";
            case "cancelled" ->
                "cancelled: " + counts + " (cancelled"
                        + (job.path("reason").isTextual()
                                ? ": " + job.path("reason").asText()
                                : "") + "; the other items will not be scored)";
            case "completed" -> "completed: " + counts;
            default ->
                "status unknown: " + job.path("done").asInt() + " items done, "
                        + job.path("failed").asInt() + " failed";
        };
    }

    /** SNAILS' manual accuracy: a reviewer's verdict where there is one, the strict comparator's elsewhere. */
    static String manual(JsonNode overall) {
        int reviewed = overall.path("reviewed").asInt();
        return String.format(
                Locale.ROOT,
                "manual accuracy %s (%d item%s reviewed by hand; the strict verdict " + "elsewhere)",
                percent(overall.path("metrics").path("manualAccuracy")),
                reviewed,
                reviewed == 1 ? "" : "s");
    }

    /** A table of groups (by level, by model, ...): items, how many had a gold result, and the headline metrics. */
    private void breakdown(String title, JsonNode groups, List<String> keys) {
        if (groups.isEmpty()) {
            return;
        }
        context.out.println(title + ":");
        ArrayNode rows = PlatformClient.json().createArrayNode();
        for (JsonNode g : groups) {
            var row = rows.addObject();
            keys.forEach(k -> row.put(k, g.path("key").path(k).asText()));
            JsonNode m = g.path("metrics");
            row.put("items", g.path("items").asInt())
                    .put(
                            "gold ran",
                            g.path("items").asInt() - g.path("goldFailed").asInt())
                    .put("strict EX", percent(m.path("executionAccuracy")))
                    .put("set EX", percent(m.path("setAccuracy")))
                    .put("relaxed EX", percent(m.path("relaxedAccuracy")))
                    .put(
                            "QueryRecall",
                            m.path("queryRecall").path("mean").isNumber()
                                    ? String.format(
                                            Locale.ROOT,
                                            "%.3f",
                                            m.path("queryRecall").path("mean").asDouble())
                                    : "—");
        }
        List<String> columns = new ArrayList<>(keys);
        columns.addAll(List.of("items", "gold ran", "strict EX", "set EX", "relaxed EX", "QueryRecall"));
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        TablePrinter.print(new PrintStream(table, true, StandardCharsets.UTF_8), rows, columns);
        table.toString(StandardCharsets.UTF_8).lines().forEach(l -> context.out.println("  " + l));
    }

    /** The HTML report (CSV with --csv) into the named file, or a temporary one for --open alone. */
    private void writeFile(CliArgs a, String jobId, Map<String, String> key) {
        boolean html = !a.has("--csv");
        Path file = a.has("--html") || a.has("--csv")
                ? CommandContext.file(a.option(html ? "--html" : "--csv"))
                : Path.of(System.getProperty("java.io.tmpdir"), "snailbench-report-" + jobId + ".html");
        String text = context.client.text(
                context.url("scorer", "/jobs/" + jobId + (html ? "/report.html" : "/report.csv")), key);
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UserError("cannot write " + file + ": " + e.getMessage());
        }
        context.out.println("report of job " + jobId + " written to " + file.toAbsolutePath());
        if (a.has("--open")) {
            browser.accept(file.toAbsolutePath());
        }
    }

    /** One line: strict, set and relaxed execution accuracy over the items whose gold ran, and how many failed. */
    static String score(JsonNode overall) {
        JsonNode metrics = overall.path("metrics");
        int items = overall.path("items").asInt();
        int goldRan = items - overall.path("goldFailed").asInt();
        int failed = overall.path("goldFailed").asInt()
                + overall.path("predictionFailed").asInt();
        return String.format(
                Locale.ROOT,
                "score: strict EX %s, set EX %s, relaxed EX %s of the %d items whose gold " + "ran; %d of %d failed",
                percent(metrics.path("executionAccuracy")),
                percent(metrics.path("setAccuracy")),
                percent(metrics.path("relaxedAccuracy")),
                goldRan,
                failed,
                items);
    }

    private static String percent(JsonNode estimate) {
        return estimate.path("mean").isNumber()
                ? String.format(
                        Locale.ROOT, "%.1f%%", 100 * estimate.get("mean").asDouble())
                : "—";
    }

    private static String yesNo(JsonNode match) {
        return match.isBoolean() ? (match.asBoolean() ? "yes" : "no") : "-";
    }

    /** The desktop's own opener (xdg-open, or macOS' open); without one, the user is told where the file is. */
    static void openInBrowser(Path file) {
        String opener =
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac") ? "open" : "xdg-open";
        try {
            new ProcessBuilder(opener, file.toString()).inheritIO().start();
        } catch (IOException e) {
            throw new UserError("cannot start " + opener + " to show the report (" + e.getMessage() + "); open "
                    + file.toUri() + " in a browser");
        }
    }
}
