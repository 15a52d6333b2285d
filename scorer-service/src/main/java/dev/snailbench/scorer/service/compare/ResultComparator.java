package dev.snailbench.scorer.service.compare;

import static dev.snailbench.scorer.service.compare.Diagnosis.describe;
import static dev.snailbench.scorer.service.compare.Diagnosis.diagnose;
import static dev.snailbench.scorer.service.compare.Diagnosis.duplicatesDetail;
import static dev.snailbench.scorer.service.compare.Diagnosis.emptiness;
import static dev.snailbench.scorer.service.compare.Diagnosis.label;
import static dev.snailbench.scorer.service.compare.Diagnosis.positions;
import static dev.snailbench.scorer.service.compare.Diagnosis.widthDiffers;
import static dev.snailbench.scorer.service.compare.RowLists.bagEqual;
import static dev.snailbench.scorer.service.compare.RowLists.firstDifference;
import static dev.snailbench.scorer.service.compare.RowLists.isIdentity;
import static dev.snailbench.scorer.service.compare.RowLists.listEqual;
import static dev.snailbench.scorer.service.compare.RowLists.project;
import static dev.snailbench.scorer.service.compare.RowLists.setEqual;
import static dev.snailbench.scorer.service.compare.RowLists.width;

import java.util.List;

/**
 * The three execution comparators, each giving a verdict with a reason code:
 * <ul>
 * <li><b>strict</b>: same columns in the same positions, same rows as a bag (duplicates count); row order only
 * when the gold query has a top-level ORDER BY;</li>
 * <li><b>set</b> (BIRD): same columns in the same positions, same rows as a set;</li>
 * <li><b>relaxed</b> (SNAILS): every gold column must appear in the prediction, found by its values (not by name
 * or position), extra predicted columns allowed, same rows as a bag (ordered when the gold orders).</li>
 * </ul>
 * Stateless and thread-safe.
 */
public final class ResultComparator {

    /**
     * The three verdicts of one pair, sharing the row counts they all need (one pass instead of four); exact
     * equality of the original rows is read from their encoding.
     */
    Verdict[] all(ComparableTable gold, ComparableTable predicted, CompareOptions options, EncodedPair encoded) {
        PairMemo memo = new PairMemo(encoded);
        return new Verdict[] {
            strict(gold, predicted, options, memo),
            set(gold, predicted, options, memo),
            relaxed(gold, predicted, options, memo)
        };
    }

    public Verdict strict(ComparableTable gold, ComparableTable predicted, CompareOptions options) {
        return strict(gold, predicted, options, new PairMemo());
    }

    private Verdict strict(ComparableTable gold, ComparableTable predicted, CompareOptions options, PairMemo memo) {
        return compare(
                gold,
                predicted,
                options,
                true,
                memo,
                (g, p, tol) -> strictRows(g, p, tol, options.orderMatters(), memo));
    }

    private Verdict strictRows(List<Row> g, List<Row> p, Tolerance tol, boolean orderMatters, PairMemo memo) {
        if (g.size() != p.size()) {
            if (setEqual(g, p, tol)) {
                return Verdict.of(Reason.DUPLICATE_ROWS_DIFFER, duplicatesDetail(g, p));
            }
            return Verdict.of(Reason.ROW_COUNT_DIFFERS, "gold has " + g.size() + " rows, predicted " + p.size());
        }
        if (orderMatters) {
            if (listEqual(g, p, Tolerance.EXACT)) {
                return Verdict.of(Reason.MATCH);
            }
            if (tol.enabled() && listEqual(g, p, tol)) {
                return Verdict.of(Reason.MATCH_WITHIN_TOLERANCE, "within " + describe(tol));
            }
            if (bagEqual(g, p, tol)) {
                return Verdict.of(
                        Reason.ROW_ORDER_DIFFERS,
                        "same rows, but the gold query has ORDER BY and " + "row " + (firstDifference(g, p) + 1)
                                + " differs");
            }
        } else {
            if (memo.bag(g, p)) {
                return Verdict.of(
                        Reason.MATCH,
                        listEqual(g, p, Tolerance.EXACT)
                                ? null
                                : "row order differs; ignored because the gold query has no ORDER BY");
            }
            if (tol.enabled() && bagEqual(g, p, tol)) {
                return Verdict.of(Reason.MATCH_WITHIN_TOLERANCE, "within " + describe(tol));
            }
        }
        return diagnose(g, p, tol, true);
    }

    public Verdict set(ComparableTable gold, ComparableTable predicted, CompareOptions options) {
        return set(gold, predicted, options, new PairMemo());
    }

    private Verdict set(ComparableTable gold, ComparableTable predicted, CompareOptions options, PairMemo memo) {
        return compare(gold, predicted, options, true, memo, (g, p, tol) -> setRows(g, p, tol, memo));
    }

    private Verdict setRows(List<Row> g, List<Row> p, Tolerance tol, PairMemo memo) {
        if (memo.set(g, p)) {
            return memo.bag(g, p)
                    ? Verdict.of(Reason.MATCH)
                    : Verdict.of(Reason.MATCH_IGNORING_DUPLICATES, duplicatesDetail(g, p));
        }
        if (tol.enabled() && setEqual(g, p, tol)) {
            return Verdict.of(Reason.MATCH_WITHIN_TOLERANCE, "within " + describe(tol));
        }
        return diagnose(g, p, tol, false);
    }

    public Verdict relaxed(ComparableTable gold, ComparableTable predicted, CompareOptions options) {
        return relaxed(gold, predicted, options, new PairMemo());
    }

    private Verdict relaxed(ComparableTable gold, ComparableTable predicted, CompareOptions options, PairMemo memo) {
        return compare(
                gold,
                predicted,
                options,
                false,
                memo,
                (g, p, tol) -> relaxedRows(gold, g, p, tol, options.orderMatters(), memo));
    }

    private Verdict relaxedRows(
            ComparableTable gold, List<Row> g, List<Row> p, Tolerance tol, boolean orderMatters, PairMemo memo) {
        int gw = width(g);
        int pw = width(p);
        if (pw < gw) {
            return Verdict.of(Reason.MISSING_COLUMNS, "gold has " + gw + " columns, predicted only " + pw);
        }
        if (g.size() != p.size()) {
            return Verdict.of(Reason.ROW_COUNT_DIFFERS, "gold has " + g.size() + " rows, predicted " + p.size());
        }
        ColumnMatcher matcher = new ColumnMatcher(g, p, tol, memo);
        int[] mapping = matcher.find();
        if (mapping == null) {
            int missing = matcher.firstGoldColumnWithoutCandidate();
            if (missing >= 0) {
                return Verdict.of(
                        Reason.MISSING_COLUMNS,
                        "no predicted column has the values of gold column " + (missing + 1) + label(gold, missing));
            }
            return diagnose(g, p, tol, true);
        }
        List<Row> projected = project(p, mapping);
        boolean exact = memo.bag(g, projected);
        if (orderMatters && !listEqual(g, projected, tol)) {
            return Verdict.of(
                    Reason.ROW_ORDER_DIFFERS,
                    "same rows, but the gold query has ORDER BY and row " + (firstDifference(g, projected) + 1)
                            + " differs");
        }
        String where = "gold columns found at predicted positions " + positions(mapping);
        if (!exact) {
            return Verdict.of(Reason.MATCH_WITHIN_TOLERANCE, "within " + describe(tol) + "; " + where);
        }
        if (pw > gw) {
            return Verdict.of(Reason.MATCH_WITH_EXTRA_COLUMNS, (pw - gw) + " extra predicted column(s); " + where);
        }
        if (!isIdentity(mapping)) {
            return Verdict.of(Reason.MATCH_WITH_COLUMN_ORDER_DIFFERENCE, where);
        }
        return Verdict.of(Reason.MATCH);
    }

    /** One comparison of rows that are both non-empty (and, when asked, of the same width). */
    @FunctionalInterface
    private interface RowComparison {
        Verdict compare(List<Row> gold, List<Row> predicted, Tolerance tolerance);
    }

    /** What every comparator does first: canonical rows, then empty results, then (strict, set) widths. */
    private Verdict compare(
            ComparableTable gold,
            ComparableTable predicted,
            CompareOptions options,
            boolean sameWidth,
            PairMemo memo,
            RowComparison comparison) {
        List<Row> g = memo.rows(gold, options);
        List<Row> p = memo.rows(predicted, options);
        Verdict empty = emptiness(g, p);
        if (empty != null) {
            return empty;
        }
        Tolerance tol = options.tolerance();
        int gw = width(g);
        int pw = width(p);
        if (sameWidth && gw != pw) {
            return widthDiffers(g, p, gw, pw, tol);
        }
        return comparison.compare(g, p, tol);
    }
}
