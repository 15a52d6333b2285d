package dev.snailbench.scorer.service.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Server-side SVG bar charts: no script, no external resource, readable when the HTML file is mailed. */
final class Svg {

    private static final String[] PALETTE = {
        "#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666"
    };

    private Svg() {}

    /** The widest a character of the plots' sans-serif text is, per pixel of font size (capitals included). */
    private static final double CHAR_WIDTH = 0.7;
    /** Category labels are slanted by this many degrees, so that long ones (reasons, database names) never overlap. */
    private static final int SLANT = 35;

    /**
     * Grouped bars: for each category (x axis) one bar per series, values in [0, 1] (or [0, max] when
     * {@code max} > 1). The drawing is as large as its text needs: slanted category labels, the legend and the title
     * are never cut by the drawing's edges.
     */
    static String groupedBars(
            String title, List<String> categories, Map<String, Map<String, Double>> series, double max) {
        int groupWidth = Math.max(60, 22 * Math.max(1, series.size()) + 16);
        List<String> labels = categories.stream().map(Svg::label).toList();
        double cos = Math.cos(Math.toRadians(SLANT));
        double sin = Math.sin(Math.toRadians(SLANT));
        // The plot starts far enough right that the first slanted labels (drawn leftwards from their bars) fit.
        int plotLeft = 60;
        for (int c = 0; c < labels.size(); c++) {
            int anchor = 10 + c * groupWidth + (22 * Math.max(1, series.size())) / 2;
            double extent = textWidth(labels.get(c), 11) * cos + 11 * sin;
            plotLeft = Math.max(plotLeft, (int) Math.ceil(extent) + 6 - anchor);
        }
        int legendWidth = 30
                + series.keySet().stream()
                        .mapToInt(k -> (int) Math.ceil(textWidth(k, 11)))
                        .max()
                        .orElse(0);
        int plotRight = plotLeft + 10 + groupWidth * Math.max(1, categories.size());
        int width = Math.max(plotRight + legendWidth, 20 + (int) Math.ceil(textWidth(title, 14)));
        int plotTop = 30;
        int plotBottom = Math.max(200, plotTop + 16 * series.size());
        double longest =
                labels.stream().mapToDouble(l -> textWidth(l, 11)).max().orElse(0);
        int height = plotBottom + 14 + (int) Math.ceil(longest * sin + 11 * cos) + 8;
        // Round ticks (1, 2 or 5 × 10^k) up to the first at or above the largest value: 0, 10, 20, 30 for 27 items.
        double step = niceStep(max <= 0 ? 1 : max);
        int ticks = (int) Math.ceil((max <= 0 ? 1 : max) / step - 1e-9);
        double top = step * ticks;
        double scale = (plotBottom - plotTop) / top;
        StringBuilder sb = new StringBuilder();
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(width)
                .append("\" height=\"")
                .append(height)
                .append("\" role=\"img\" aria-label=\"")
                .append(Html.escape(title))
                .append("\">");
        sb.append("<text x=\"10\" y=\"18\" font-size=\"14\" font-weight=\"bold\">")
                .append(Html.escape(title))
                .append("</text>");
        for (int t = 0; t <= ticks; t++) {
            double v = step * t;
            int y = (int) Math.round(plotBottom - v * scale);
            sb.append("<line x1=\"")
                    .append(plotLeft)
                    .append("\" x2=\"")
                    .append(plotRight)
                    .append("\" y1=\"")
                    .append(y)
                    .append("\" y2=\"")
                    .append(y)
                    .append("\" stroke=\"#ddd\"/>");
            sb.append("<text x=\"")
                    .append(plotLeft - 5)
                    .append("\" y=\"")
                    .append(y + 4)
                    .append("\" font-size=\"10\" text-anchor=\"end\">")
                    .append(tick(v))
                    .append("</text>");
        }
        int s = 0;
        for (Map.Entry<String, Map<String, Double>> e : series.entrySet()) {
            String color = PALETTE[s % PALETTE.length];
            for (int c = 0; c < categories.size(); c++) {
                Double v = e.getValue().get(categories.get(c));
                if (v == null || v.isNaN()) {
                    continue;
                }
                int x = plotLeft + 10 + c * groupWidth + s * 22;
                int h = (int) Math.round(v * scale);
                sb.append("<rect x=\"")
                        .append(x)
                        .append("\" y=\"")
                        .append(plotBottom - h)
                        .append("\" width=\"18\" " + "height=\"")
                        .append(h)
                        .append("\" fill=\"")
                        .append(color)
                        .append("\"><title>")
                        .append(Html.escape(e.getKey() + " / " + categories.get(c) + ": " + format(v)))
                        .append("</title></rect>");
            }
            int ly = plotTop + s * 16;
            sb.append("<rect x=\"")
                    .append(plotRight + 10)
                    .append("\" y=\"")
                    .append(ly)
                    .append("\" width=\"10\" " + "height=\"10\" fill=\"")
                    .append(color)
                    .append("\"/>");
            sb.append("<text x=\"")
                    .append(plotRight + 25)
                    .append("\" y=\"")
                    .append(ly + 9)
                    .append("\" font-size=\"11\">")
                    .append(Html.escape(e.getKey()))
                    .append("</text>");
            s++;
        }
        for (int c = 0; c < categories.size(); c++) {
            int x = plotLeft + 10 + c * groupWidth + (22 * Math.max(1, series.size())) / 2;
            String full = categories.get(c);
            String label = labels.get(c);
            // A cut label keeps its full text as a tooltip.
            sb.append("<text x=\"")
                    .append(x)
                    .append("\" y=\"")
                    .append(plotBottom + 14)
                    .append("\" font-size=\"11\" text-anchor=\"end\" transform=\"rotate(-")
                    .append(SLANT)
                    .append(' ')
                    .append(x)
                    .append(' ')
                    .append(plotBottom + 14)
                    .append(")\">")
                    .append(label.equals(full) ? "" : "<title>" + Html.escape(full) + "</title>")
                    .append(Html.escape(label))
                    .append("</text>");
        }
        return sb.append("</svg>").toString();
    }

    /** A category's label: at most 40 characters, a longer one cut with an ellipsis. */
    private static String label(String full) {
        return full.length() > 40 ? full.substring(0, 39) + "…" : full;
    }

    /** At most how wide {@code text} is drawn at {@code fontSize} pixels. */
    static double textWidth(String text, int fontSize) {
        return text.length() * fontSize * CHAR_WIDTH;
    }

    /** The tick step for an axis up to {@code max}: 1, 2 or 5 × 10^k, giving 3 to 5 intervals (0.2 for [0, 1]). */
    static double niceStep(double max) {
        double raw = max / 5;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double fraction = raw / magnitude;
        double nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
        return nice * magnitude;
    }

    /** A tick's label as written: 0.2, 5, 30 (no trailing zeros, no float noise). */
    static String tick(double v) {
        return BigDecimal.valueOf(v)
                .setScale(6, RoundingMode.HALF_EVEN)
                .stripTrailingZeros()
                .toPlainString();
    }

    static String format(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%.0f" : "%.2f", v);
    }
}
