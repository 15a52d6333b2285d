package dev.snailbench.scorer.service.report;

import dev.snailbench.model.text.SpreadsheetCells;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.service.ItemVerdicts;
import dev.snailbench.scorer.service.stats.HardnessAgreement;
import dev.snailbench.scorer.service.stats.JobProgress;
import dev.snailbench.scorer.service.stats.JobStatistics.Correlation;
import dev.snailbench.scorer.service.stats.JobStatistics.Estimate;
import dev.snailbench.scorer.service.stats.JobStatistics.Group;
import dev.snailbench.scorer.service.stats.JobStatistics.ReasonCount;
import dev.snailbench.scorer.service.stats.JobStatistics.Summary;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;

/** CSV and self-contained HTML (inline CSS, server-side SVG plots) renderings of a job's results. */
@ApplicationScoped
public class ReportRenderer {

    /**
     * The Content-Security-Policy of every HTML report served: the reports are self-contained (inline styles, no
     * scripts, no images, no requests), so a tenant's text that escaped the escaping could still run nothing,
     * load nothing and send nothing anywhere.
     */
    public static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; style-src 'unsafe-inline'; " + "base-uri 'none'; form-action 'none'; sandbox";

    /**
     * The same policy inside every HTML report, first in its head, for wherever the document is shown without the
     * header (the web UI puts it in a frame's {@code srcdoc}); {@code sandbox} is a header-only directive, the frame's
     * own {@code sandbox} attribute does that there.
     */
    public static final String CONTENT_SECURITY_POLICY_META = "<meta http-equiv=\"Content-Security-Policy\" "
            + "content=\"default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'\">";

    static final List<String> CSV_COLUMNS = List.of(
            "questionId",
            "question",
            "workItemId",
            "model",
            "database",
            "level",
            "hardness",
            "labelledHardness",
            "goldStatus",
            "goldError",
            "predictedStatus",
            "predictedError",
            "inferenceError",
            "failed",
            "strictMatch",
            "strictReason",
            "setMatch",
            "setReason",
            "relaxedMatch",
            "relaxedReason",
            "reason",
            "cellPrecision",
            "cellRecall",
            "tupleCardinality",
            "tupleConstraint",
            "tupleOrder",
            "executionAccuracy",
            "qatchExecutionAccuracy",
            "validEfficiencyScore",
            "rewardBasedEfficiencyScore",
            "softF1",
            "queryRecall",
            "queryPrecision",
            "queryF1",
            "multipleStatements",
            "goldSeconds",
            "predictedSeconds",
            "goldSql",
            "predictedSql",
            "manualVerdict",
            "reviewNote",
            "reviewedBy");

    /**
     * Where the job stands on the first line ({@code # job <id>: completed: 100/100 items done, 0 failed}; a reader
     * skips it as a comment, e.g. pandas' {@code comment='#'}), then the header and one row per item, RFC 4180 quoting.
     */
    public String csv(UUID jobId, JobProgress job, List<ItemResult> items) {
        StringBuilder sb = new StringBuilder("# job ")
                .append(jobId)
                .append(": ")
                .append(oneLine(job.line()))
                .append("\r\n")
                .append(String.join(",", CSV_COLUMNS))
                .append("\r\n");
        for (ItemResult r : items) {
            List<Object> v = List.of(
                    opt(r.questionId),
                    opt(r.question),
                    opt(r.workItemId),
                    opt(r.model),
                    opt(r.databaseKey),
                    opt(r.level),
                    opt(r.hardness),
                    opt(r.labelledHardness),
                    opt(r.gold.status),
                    opt(r.gold.error),
                    opt(r.predicted.status),
                    opt(r.predicted.error),
                    opt(r.inferenceError),
                    r.failed,
                    // Empty where nothing was compared (the gold query failed), as the results API says null.
                    opt(compared(r, r.strict.match)),
                    opt(r.strict.reason),
                    opt(compared(r, r.set.match)),
                    opt(r.set.reason),
                    opt(compared(r, r.relaxed.match)),
                    opt(r.relaxed.reason),
                    opt(r.reason),
                    opt(r.qatch.cellPrecision),
                    opt(r.qatch.cellRecall),
                    opt(r.qatch.tupleCardinality),
                    opt(r.qatch.tupleConstraint),
                    opt(r.qatch.tupleOrder),
                    opt(ItemVerdicts.strictExecution(r)),
                    opt(r.qatch.executionAccuracy),
                    opt(r.qatch.validEfficiencyScore),
                    opt(r.rewardBasedEfficiencyScore),
                    opt(r.softF1),
                    opt(r.linkingScores.recall),
                    opt(r.linkingScores.precision),
                    opt(r.linkingScores.f1),
                    Boolean.TRUE.equals(r.multipleStatements),
                    opt(r.gold.seconds),
                    opt(r.predicted.seconds),
                    opt(r.goldSql),
                    opt(r.predictedSql),
                    Objects.requireNonNullElse(ItemVerdicts.manualVerdict(r), ""),
                    opt(r.review.note),
                    opt(r.review.reviewer));
            for (int i = 0; i < v.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(csvField(String.valueOf(v.get(i))));
            }
            sb.append("\r\n");
        }
        return sb.toString();
    }

    private static String oneLine(String s) {
        return s.replaceAll("[\\r\\n]+", " ");
    }

    private static Boolean compared(ItemResult r, Boolean match) {
        return ItemVerdicts.compared(r) ? match : null;
    }

    private static Object opt(Object o) {
        return o == null ? "" : o;
    }

    static String csvField(String s) {
        // A cell a spreadsheet would read as a formula gets an apostrophe: a report cannot run code.
        String safe = SpreadsheetCells.text(s);
        if (safe.contains(",") || safe.contains("\"") || safe.contains("\n") || safe.contains("\r")) {
            return '"' + safe.replace("\"", "\"\"") + '"';
        }
        return safe;
    }

    /** The HTML report: headline numbers, plots, group tables, correlations, and every item. */
    public String html(Summary summary, List<ItemResult> items) {
        StringBuilder sb = new StringBuilder();
        String name = items.stream()
                .map(r -> r.jobName)
                .filter(n -> n != null && !n.isBlank())
                .findFirst()
                .orElse(null);
        String title = name == null ? "job " + summary.jobId() : name;
        sb.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append(CONTENT_SECURITY_POLICY_META)
                .append("<title>Snailbench: ")
                .append(Html.escape(title))
                .append("</title><style>")
                // Wide tables scroll sideways inside their own box with the group column kept in view, so a laptop
                // screen shows them without the page itself becoming wider than the window.
                .append("body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1600px}"
                        + ".scroll{overflow-x:auto;max-width:100%;margin:8px 0 24px}table{border-collapse:collapse}"
                        + "td,th{border:1px solid #ccc;padding:3px 6px;font-size:12px;text-align:left;"
                        + "vertical-align:top}th{background:#f3f3f3}td.n,td.r{white-space:nowrap}"
                        + "td.g,th.g{position:sticky;left:0;white-space:nowrap;background:#fff}th.g{background:#f3f3f3}"
                        + "td.r{font-size:11px;color:#555}summary{cursor:pointer}.ok{color:#1b7a1b}.bad{color:#b00}.na{color:#777}"
                        + "svg{margin:8px 16px 8px 0}.status{font-size:16px;font-weight:600;padding:6px 10px;"
                        + "border-radius:4px;background:#eef3ee}.status.running{background:#e3ecfa}"
                        + ".status.cancelled,.status.unknown{background:#f3e6d0}")
                .append("</style></head><body>");
        // Where the job stands comes first: a running or cancelled job's figures are not its final ones.
        JobProgress job = summary.job();
        sb.append("<p class=\"status ")
                .append(Html.escape(job.status()))
                .append("\" id=\"job-status\">")
                .append(Html.escape(capitalized(job.line())))
                .append("</p>");
        sb.append("<h1>").append(Html.escape(title)).append("</h1>");
        if (name != null) {
            sb.append("<p>Job ").append(summary.jobId()).append("</p>");
        }
        Group o = summary.overall();
        sb.append("<p>")
                .append(o.items())
                .append(" items, ")
                .append(o.scored())
                .append(" with a gold result, ")
                .append(o.goldFailed())
                .append(" gold failed, ")
                .append(o.predictionFailed())
                .append(" predictions failed.</p>");
        sb.append("<p>").append(Html.escape(summary.method())).append("</p>");
        if (o.multipleStatements() > 0) {
            sb.append("<p><strong>")
                    .append(o.multipleStatements())
                    .append(" of ")
                    .append(o.items())
                    .append(" predictions hold several statements</strong>: linked over all of them; the executor "
                            + "runs exactly one statement, so they fail execution.</p>");
        }
        long linkingOnly = items.stream().filter(r -> r.linkingOnly).count();
        if (linkingOnly > 0) {
            sb.append("<p><strong>Execution was not run</strong> for ")
                    .append(linkingOnly)
                    .append(" of ")
                    .append(items.size())
                    .append(" items: their job names no database (linking only). They are "
                            + "scored on schema linking and query characteristics; execution metrics leave them "
                            + "out.</p>");
        }
        // A reviewer's verdicts make manualAccuracy differ from executionAccuracy: show it once there are some.
        boolean reviewed = items.stream().anyMatch(r -> r.review.verdict != null);
        if (reviewed) {
            long count = items.stream().filter(r -> r.review.verdict != null).count();
            sb.append("<p>")
                    .append(count)
                    .append(count == 1 ? " item" : " items")
                    .append(" reviewed by hand: manualAccuracy takes the reviewer's verdict where there is one, "
                            + "the strict comparator's elsewhere.</p>");
        }
        metricsTable(sb, "Overall", List.of(o), reviewed);
        failureReasonsTable(sb, summary.failureReasons());

        sb.append("<h2>Plots</h2>");
        sb.append(byLevelPerModel(summary, "executionAccuracy", "Execution accuracy by naturalness level"));
        sb.append(byLevelPerModel(summary, "queryRecall", "QueryRecall by naturalness level"));
        sb.append(perDatabase(summary));
        sb.append(failureReasons(o));

        metricsTable(sb, "By model", summary.byModel(), reviewed);
        metricsTable(sb, "By database", summary.byDatabase(), reviewed);
        metricsTable(sb, "By naturalness level", summary.byLevel(), reviewed);
        if (summary.byModel().size() > 1) {
            metricsTable(sb, "By model and naturalness level", summary.byModelAndLevel(), reviewed);
        }
        metricsTable(sb, "By hardness", summary.byHardness(), reviewed);
        metricsTable(sb, "By the dataset's hardness label", summary.byLabelledHardness(), reviewed);
        hardnessAgreement(sb, summary.hardnessAgreement());
        GoldScreeningSection.render(sb, summary.goldScreening());
        metricsTable(sb, "By model × database × level × hardness", summary.byModelDatabaseLevelHardness(), reviewed);
        correlations(sb, summary.naturalnessCorrelations());
        itemsTable(sb, items);
        return sb.append("</body></html>").toString();
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Every reason items failed for, one line each with its count, commonest first. */
    private static void failureReasonsTable(StringBuilder sb, List<ReasonCount> reasons) {
        if (reasons.isEmpty()) {
            return;
        }
        sb.append("<h2>Failure reasons</h2><div class=\"scroll\"><table id=\"failure-reasons\"><tr><th>items</th>"
                + "<th>reason</th></tr>");
        for (ReasonCount r : reasons) {
            sb.append("<tr><td class=\"n\">")
                    .append(r.count())
                    .append("</td><td>")
                    .append(Html.escape(r.reason()))
                    .append("</td></tr>");
        }
        sb.append("</table></div>");
    }

    private static String byLevelPerModel(Summary s, String metric, String title) {
        Map<String, Map<String, Double>> means = new TreeMap<>();
        TreeSet<String> levels = new TreeSet<>();
        for (Group g : s.byModelAndLevel()) {
            Estimate e = g.metrics().get(metric);
            if (e == null) {
                continue;
            }
            levels.add(g.key().get("level"));
            means.computeIfAbsent(g.key().get("model"), k -> new LinkedHashMap<>())
                    .put(g.key().get("level"), e.mean());
        }
        if (means.isEmpty()) {
            return "<p>No " + Html.escape(metric) + " values.</p>";
        }
        return Svg.groupedBars(title, orderLevels(levels), means, 1.0);
    }

    private static List<String> orderLevels(TreeSet<String> levels) {
        List<String> order = new ArrayList<>();
        for (String l : List.of("Native", "Regular", "Low", "Least")) {
            if (levels.remove(l)) {
                order.add(l);
            }
        }
        order.addAll(levels);
        return order;
    }

    private static String perDatabase(Summary s) {
        Map<String, Map<String, Double>> series = new LinkedHashMap<>();
        List<String> dbs = new ArrayList<>();
        for (Group g : s.byDatabase()) {
            String db = databaseLabel(g.key().get("database"));
            dbs.add(db);
            for (String m : List.of("executionAccuracy", "setAccuracy", "relaxedAccuracy", "softF1")) {
                Estimate e = g.metrics().get(m);
                if (e != null) {
                    series.computeIfAbsent(m, k -> new LinkedHashMap<>()).put(db, e.mean());
                }
            }
        }
        if (series.isEmpty()) {
            return "";
        }
        return Svg.groupedBars("Accuracy per database", dbs, series, 1.0);
    }

    /** A plot label for a database: the database name of a JDBC URL rather than the whole URL. */
    static String databaseLabel(String database) {
        if (database == null) {
            return "?";
        }
        String withoutOptions = database.split("[?;]", 2)[0];
        int slash = withoutOptions.lastIndexOf('/');
        return slash >= 0 && slash < withoutOptions.length() - 1 ? withoutOptions.substring(slash + 1) : database;
    }

    private static String failureReasons(Group overall) {
        Map<String, Double> counts = new LinkedHashMap<>();
        double max = 1;
        for (Map.Entry<String, Long> e : overall.reasons().entrySet()) {
            counts.put(e.getKey(), e.getValue().doubleValue());
            max = Math.max(max, e.getValue());
        }
        if (counts.isEmpty()) {
            return "";
        }
        return Svg.groupedBars("Items by reason", new ArrayList<>(counts.keySet()), Map.of("items", counts), max);
    }

    private static void metricsTable(StringBuilder sb, String title, List<Group> groups, boolean reviewed) {
        if (groups.isEmpty()) {
            return;
        }
        TreeSet<String> metrics = new TreeSet<>();
        groups.forEach(g -> metrics.addAll(g.metrics().keySet()));
        List<String> ordered = new ArrayList<>();
        JobStatisticsOrder.METRICS.forEach(m -> {
            if (metrics.contains(m) && (reviewed || !m.equals("manualAccuracy"))) {
                ordered.add(m);
            }
        });
        sb.append("<h2>")
                .append(Html.escape(title))
                .append("</h2><div class=\"scroll\"><table><tr><th class=\"g\">group</th><th>items</th>"
                        + "<th>gold failed</th><th>prediction failed</th>");
        ordered.forEach(m -> sb.append("<th>").append(Html.escape(m)).append(" (95% CI)</th>"));
        sb.append("<th>reasons</th></tr>");
        for (Group g : groups) {
            String key = g.key().isEmpty()
                    ? "all"
                    : g.key().entrySet().stream()
                            .map(k -> k.getKey() + ": " + k.getValue())
                            .collect(Collectors.joining(", "));
            sb.append("<tr><td class=\"g\">")
                    .append(Html.escape(key))
                    .append("</td><td>")
                    .append(g.items())
                    .append("</td><td>")
                    .append(g.goldFailed())
                    .append("</td><td>")
                    .append(g.predictionFailed())
                    .append("</td>");
            for (String m : ordered) {
                Estimate e = g.metrics().get(m);
                sb.append("<td class=\"n\">")
                        .append(
                                e == null
                                        ? ""
                                        : String.format(
                                                Locale.ROOT, "%.3f [%.3f, %.3f]", e.mean(), e.ciLow(), e.ciHigh()))
                        .append("</td>");
            }
            sb.append("<td class=\"r\">").append(reasons(g.reasons())).append("</td></tr>");
        }
        sb.append("</table></div>");
    }

    /**
     * A group's reasons on one line, most frequent first: the two commonest in view, the rest one click away, so a
     * group with a dozen reasons does not make its row a dozen lines tall.
     */
    static String reasons(Map<String, Long> reasons) {
        List<Map.Entry<String, Long>> sorted = reasons.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .toList();
        String shown = sorted.stream()
                .limit(2)
                .map(r -> Html.escape(r.getKey()) + "&nbsp;" + r.getValue())
                .collect(Collectors.joining(" · "));
        if (sorted.size() <= 2) {
            return shown;
        }
        return "<details><summary>" + shown + " · " + (sorted.size() - 2) + " more</summary>"
                + sorted.stream()
                        .skip(2)
                        .map(r -> Html.escape(r.getKey()) + "&nbsp;" + r.getValue())
                        .collect(Collectors.joining("<br>"))
                + "</details>";
    }

    /**
     * Where the hardness computed from the gold SQL and the dataset's label part, for a reader comparing the
     * by-hardness tables with a paper's (which use the label). Nothing when no question carries a label.
     */
    static void hardnessAgreement(StringBuilder sb, HardnessAgreement agreement) {
        if (agreement == null || agreement.labelled() == 0) {
            return;
        }
        sb.append("<p>Spider hardness of the gold SQL agrees with the dataset's label on ")
                .append(agreement.agree())
                .append(" of ")
                .append(agreement.labelled())
                .append(" questions.");
        if (!agreement.disagreements().isEmpty()) {
            sb.append("</p><details><summary>Questions where they differ (label → computed)</summary><p>")
                    .append(agreement.disagreements().stream()
                            .map(d -> Html.escape(d.questionId()) + ": " + Html.escape(d.labelled()) + " → "
                                    + Html.escape(d.computed()))
                            .collect(Collectors.joining(" · ")));
            int unlisted = agreement.labelled()
                    - agreement.agree()
                    - agreement.disagreements().size();
            if (unlisted > 0) {
                sb.append(" · ").append(unlisted).append(" more");
            }
            sb.append("</p></details>");
        } else {
            sb.append("</p>");
        }
    }

    private static void correlations(StringBuilder sb, List<Correlation> list) {
        sb.append("<h2>Naturalness correlations (Kendall tau-b)</h2>");
        if (list.isEmpty()) {
            sb.append("<p>No item has identifiers of known naturalness (SNAILS databases or renamed levels).</p>");
            return;
        }
        sb.append(
                "<div class=\"scroll\"><table><tr><th>model</th><th>measure</th><th>outcome</th><th>tau-b</th><th>p</th><th>n</th></tr>");
        for (Correlation c : list) {
            sb.append("<tr><td>")
                    .append(Html.escape(c.model()))
                    .append("</td><td>")
                    .append(c.measure())
                    .append("</td><td>")
                    .append(c.outcome())
                    .append("</td><td>")
                    .append(num(c.tauB()))
                    .append("</td><td>")
                    .append(num(c.pValue()))
                    .append("</td><td>")
                    .append(c.n())
                    .append("</td></tr>");
        }
        sb.append("</table></div>");
    }

    private static String num(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.4f", d);
    }

    private static void itemsTable(StringBuilder sb, List<ItemResult> items) {
        sb.append(
                "<h2>Items</h2><div class=\"scroll\"><table><tr><th class=\"g\">question</th><th>model</th><th>level</th><th>gold</th>"
                        + "<th>predicted</th><th>strict</th><th>set</th><th>relaxed</th><th>reason</th><th>cell P/R</th>"
                        + "<th>soft-F1</th><th>QueryRecall</th></tr>");
        for (ItemResult r : items) {
            sb.append("<tr><td class=\"g\">")
                    .append(Html.escape(r.questionId))
                    .append("</td><td>")
                    .append(Html.escape(r.model))
                    .append("</td><td>")
                    .append(Html.escape(r.level))
                    .append("</td><td>")
                    .append(Html.escape(r.gold.status))
                    .append("</td><td>")
                    .append(Html.escape(r.predicted.status))
                    .append("</td>")
                    .append(mark(r, r.strict.match))
                    .append(mark(r, r.set.match))
                    .append(mark(r, r.relaxed.match))
                    .append("<td>")
                    .append(Html.escape(r.reason))
                    .append("</td><td>")
                    .append(
                            r.qatch.cellPrecision == null
                                    ? ""
                                    : String.format(
                                            Locale.ROOT, "%.3f / %.3f", r.qatch.cellPrecision, r.qatch.cellRecall))
                    .append("</td><td>")
                    .append(num(r.softF1))
                    .append("</td><td>")
                    .append(num(r.linkingScores.recall))
                    .append("</td></tr>");
        }
        sb.append("</table></div>");
    }

    /** A comparator's verdict; "not compared" where the gold query gave nothing to compare with (or nothing ran). */
    private static String mark(ItemResult r, Boolean b) {
        if (!ItemVerdicts.compared(r)) {
            return "<td class=\"na\">not compared</td>";
        }
        return Boolean.TRUE.equals(b) ? "<td class=\"ok\">✓</td>" : "<td class=\"bad\">✗</td>";
    }

    /** The metric order of the tables. */
    static final class JobStatisticsOrder {
        static final List<String> METRICS = List.of(
                "executionAccuracy",
                "manualAccuracy",
                "setAccuracy",
                "relaxedAccuracy",
                "qatchExecutionAccuracy",
                "cellPrecision",
                "cellRecall",
                "tupleCardinality",
                "tupleConstraint",
                "tupleOrder",
                "validEfficiencyScore",
                "rewardBasedEfficiencyScore",
                "softF1",
                "queryRecall",
                "queryPrecision",
                "queryF1");

        private JobStatisticsOrder() {}
    }
}
