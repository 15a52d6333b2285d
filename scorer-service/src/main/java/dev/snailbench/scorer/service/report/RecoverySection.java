package dev.snailbench.scorer.service.report;

import dev.snailbench.scorer.service.stats.JobStatistics.Estimate;
import dev.snailbench.scorer.service.stats.JobStatistics.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The Schema-Refiner experiment's section: three jobs asking the same questions of the original, the injected
 * (ambiguous) and the refined schema of one database, and per metric what the refined schema wins back:
 * recovery = (refined − injected) / (original − injected) — null ("n/a") when the injection cost nothing — and
 * attained = refined / original — null when the original scores 0. A metric is listed when all three jobs have it.
 */
public final class RecoverySection {

    public record Row(
            String metric, double original, double injected, double refined, Double recovery, Double attained) {}

    public record Section(UUID original, UUID injected, UUID refined, List<Row> rows) {}

    static final List<String> CSV_COLUMNS =
            List.of("metric", "original", "injected", "refined", "recovery", "attained");

    private RecoverySection() {}

    public static Row row(String metric, double original, double injected, double refined) {
        double cost = original - injected;
        return new Row(
                metric,
                original,
                injected,
                refined,
                Math.abs(cost) < 1e-12 ? null : (refined - injected) / cost,
                Math.abs(original) < 1e-12 ? null : refined / original);
    }

    /** The rows of the overall means of three job summaries, in the report's metric order. */
    public static Section of(Summary original, Summary injected, Summary refined) {
        List<Row> rows = new ArrayList<>();
        for (String m : ReportRenderer.JobStatisticsOrder.METRICS) {
            Estimate o = original.overall().metrics().get(m);
            Estimate i = injected.overall().metrics().get(m);
            Estimate r = refined.overall().metrics().get(m);
            if (o != null && i != null && r != null) {
                rows.add(row(m, o.mean(), i.mean(), r.mean()));
            }
        }
        return new Section(original.jobId(), injected.jobId(), refined.jobId(), List.copyOf(rows));
    }

    public static String csv(Section s) {
        StringBuilder sb = new StringBuilder(String.join(",", CSV_COLUMNS)).append("\r\n");
        for (Row r : s.rows()) {
            sb.append(ReportRenderer.csvField(r.metric()))
                    .append(',')
                    .append(num(r.original()))
                    .append(',')
                    .append(num(r.injected()))
                    .append(',')
                    .append(num(r.refined()))
                    .append(',')
                    .append(num(r.recovery()))
                    .append(',')
                    .append(num(r.attained()))
                    .append("\r\n");
        }
        return sb.toString();
    }

    /** A self-contained page with the table (no script, no external resource). */
    public static String html(Section s) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + ReportRenderer.CONTENT_SECURITY_POLICY_META
                + "<title>Snailbench: Schema-Refiner recovery</title><style>body{font-family:system-ui,sans-serif;"
                + "margin:24px;color:#222}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 6px;"
                + "font-size:12px;text-align:right}th{background:#f3f3f3}td:first-child{text-align:left}</style>"
                + "</head><body><h1>Schema-Refiner: recovery per metric</h1>");
        sb.append("<p>Jobs: original ")
                .append(s.original())
                .append(", injected ")
                .append(s.injected())
                .append(", refined ")
                .append(s.refined())
                .append(". Recovery = (refined − injected) / (original − "
                        + "injected), n/a when the injection cost nothing; attained = refined / original.</p>");
        sb.append("<table><tr>");
        CSV_COLUMNS.forEach(c -> sb.append("<th>").append(c).append("</th>"));
        sb.append("</tr>");
        for (Row r : s.rows()) {
            sb.append("<tr><td>")
                    .append(Html.escape(r.metric()))
                    .append("</td><td>")
                    .append(num(r.original()))
                    .append("</td><td>")
                    .append(num(r.injected()))
                    .append("</td><td>")
                    .append(num(r.refined()))
                    .append("</td><td>")
                    .append(num(r.recovery()))
                    .append("</td><td>")
                    .append(num(r.attained()))
                    .append("</td></tr>");
        }
        return sb.append("</table></body></html>").toString();
    }

    private static String num(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.4f", d);
    }
}
