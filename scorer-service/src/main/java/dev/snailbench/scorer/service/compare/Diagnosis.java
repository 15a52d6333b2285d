package dev.snailbench.scorer.service.compare;

import static dev.snailbench.scorer.service.compare.RowLists.bagEqual;
import static dev.snailbench.scorer.service.compare.RowLists.distinct;
import static dev.snailbench.scorer.service.compare.RowLists.firstMissing;
import static dev.snailbench.scorer.service.compare.RowLists.isIdentity;
import static dev.snailbench.scorer.service.compare.RowLists.nulls;
import static dev.snailbench.scorer.service.compare.RowLists.setEqual;

import java.util.Arrays;
import java.util.List;

/** Why two results differ, in the words of a verdict: empty sides, widths, then the most specific cause. */
final class Diagnosis {

    /** What "float noise" means in a diagnosis: equal within a relative 1e-6. */
    static final Tolerance NOISE = new Tolerance(0, 1e-6);

    private Diagnosis() {}

    static Verdict emptiness(List<Row> g, List<Row> p) {
        if (g.isEmpty() && p.isEmpty()) {
            return Verdict.of(Reason.BOTH_EMPTY);
        }
        if (g.isEmpty()) {
            return Verdict.of(Reason.GOLD_EMPTY, "gold has no rows, predicted " + p.size());
        }
        if (p.isEmpty()) {
            return Verdict.of(Reason.PREDICTED_EMPTY, "gold has " + g.size() + " rows, predicted none");
        }
        return null;
    }

    static Verdict widthDiffers(List<Row> g, List<Row> p, int gw, int pw, Tolerance tol) {
        if (pw < gw) {
            return Verdict.of(Reason.MISSING_COLUMNS, "gold has " + gw + " columns, predicted " + pw);
        }
        boolean contained = g.size() == p.size() && new ColumnMatcher(g, p, tol).find() != null;
        return Verdict.of(
                Reason.EXTRA_COLUMNS,
                "gold has " + gw + " columns, predicted " + pw
                        + (contained ? "; the gold columns are all in the prediction (relaxed match)" : ""));
    }

    /** Why two results of equal width differ, most specific cause first. */
    static Verdict diagnose(List<Row> g, List<Row> p, Tolerance tol, boolean bag) {
        if (g.size() == p.size()) {
            int[] mapping = new ColumnMatcher(g, p, tol).find();
            if (mapping != null && !isIdentity(mapping)) {
                return Verdict.of(
                        Reason.COLUMN_ORDER_DIFFERS, "gold columns are at predicted positions " + positions(mapping));
            }
        }
        if (bag && setEqual(g, p, tol)) {
            return Verdict.of(Reason.DUPLICATE_ROWS_DIFFER, duplicatesDetail(g, p));
        }
        long gn = nulls(g);
        long pn = nulls(p);
        if (gn != pn) {
            return Verdict.of(Reason.NULLS_DIFFER, "gold has " + gn + " NULL cells, predicted " + pn);
        }
        if (!tol.enabled() && (bag ? bagEqual(g, p, NOISE) : setEqual(g, p, NOISE))) {
            return Verdict.of(
                    Reason.NUMERIC_PRECISION_DIFFERS,
                    "numbers differ only beyond a relative 1e-6 " + "(set a numeric tolerance to accept)");
        }
        if (!bag && g.size() != p.size()) {
            // Sets of different sizes: say so, but after the more specific causes above.
            Row missing = firstMissing(g, p);
            return Verdict.of(
                    Reason.VALUES_DIFFER,
                    (missing == null ? "" : "gold row " + missing + " is not in the prediction; ") + "gold has "
                            + distinct(g) + " distinct rows, predicted "
                            + distinct(p));
        }
        Row missing = firstMissing(g, p);
        return Verdict.of(
                Reason.VALUES_DIFFER,
                missing == null ? "rows differ" : "gold row " + missing + " is not in the prediction");
    }

    static String duplicatesDetail(List<Row> g, List<Row> p) {
        return "same distinct rows; gold has " + g.size() + " rows (" + distinct(g) + " distinct), predicted "
                + p.size() + " (" + distinct(p) + " distinct)";
    }

    static String positions(int[] mapping) {
        return Arrays.toString(Arrays.stream(mapping).map(i -> i + 1).toArray());
    }

    static String label(ComparableTable table, int column) {
        return column < table.columns().size() ? " (" + table.columns().get(column) + ")" : "";
    }

    static String describe(Tolerance tol) {
        return "absolute " + tol.absolute() + " / relative " + tol.relative();
    }
}
