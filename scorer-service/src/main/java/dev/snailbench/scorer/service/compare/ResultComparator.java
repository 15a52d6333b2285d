package dev.snailbench.scorer.service.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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

    /** What "float noise" means in a diagnosis: equal within a relative 1e-6. */
    static final Tolerance NOISE = new Tolerance(0, 1e-6);

    /**
     * The three verdicts of one pair, sharing the row counts they all need (one pass instead of four); exact
     * equality of the original rows is read from their encoding.
     */
    Verdict[] all(ComparableTable gold, ComparableTable predicted, CompareOptions options, EncodedPair encoded) {
        Memo memo = new Memo(encoded);
        return new Verdict[] {strict(gold, predicted, options, memo), set(gold, predicted, options, memo),
            relaxed(gold, predicted, options, memo)};
    }

    public Verdict strict(ComparableTable gold, ComparableTable predicted, CompareOptions options) {
        return strict(gold, predicted, options, new Memo());
    }

    private Verdict strict(ComparableTable gold, ComparableTable predicted, CompareOptions options, Memo memo) {
        return compare(gold, predicted, options, true, memo,
                (g, p, tol) -> strictRows(g, p, tol, options.orderMatters(), memo));
    }

    private Verdict strictRows(List<Row> g, List<Row> p, Tolerance tol, boolean orderMatters, Memo memo) {
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
                return Verdict.of(Reason.ROW_ORDER_DIFFERS, "same rows, but the gold query has ORDER BY and "
                        + "row " + (firstDifference(g, p) + 1) + " differs");
            }
        } else {
            if (memo.bag(g, p)) {
                return Verdict.of(Reason.MATCH, listEqual(g, p, Tolerance.EXACT) ? null
                        : "row order differs; ignored because the gold query has no ORDER BY");
            }
            if (tol.enabled() && bagEqual(g, p, tol)) {
                return Verdict.of(Reason.MATCH_WITHIN_TOLERANCE, "within " + describe(tol));
            }
        }
        return diagnose(g, p, tol, true);
    }

    public Verdict set(ComparableTable gold, ComparableTable predicted, CompareOptions options) {
        return set(gold, predicted, options, new Memo());
    }

    private Verdict set(ComparableTable gold, ComparableTable predicted, CompareOptions options, Memo memo) {
        return compare(gold, predicted, options, true, memo, (g, p, tol) -> setRows(g, p, tol, memo));
    }

    private Verdict setRows(List<Row> g, List<Row> p, Tolerance tol, Memo memo) {
        if (memo.set(g, p)) {
            return memo.bag(g, p) ? Verdict.of(Reason.MATCH)
                    : Verdict.of(Reason.MATCH_IGNORING_DUPLICATES, duplicatesDetail(g, p));
        }
        if (tol.enabled() && setEqual(g, p, tol)) {
            return Verdict.of(Reason.MATCH_WITHIN_TOLERANCE, "within " + describe(tol));
        }
        return diagnose(g, p, tol, false);
    }

    public Verdict relaxed(ComparableTable gold, ComparableTable predicted, CompareOptions options) {
        return relaxed(gold, predicted, options, new Memo());
    }

    private Verdict relaxed(ComparableTable gold, ComparableTable predicted, CompareOptions options, Memo memo) {
        return compare(gold, predicted, options, false, memo, (g, p, tol) -> relaxedRows(gold, g, p, tol,
                options.orderMatters(), memo));
    }

    private Verdict relaxedRows(ComparableTable gold, List<Row> g, List<Row> p, Tolerance tol, boolean orderMatters,
            Memo memo) {
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
                return Verdict.of(Reason.MISSING_COLUMNS, "no predicted column has the values of gold column "
                        + (missing + 1) + label(gold, missing));
            }
            return diagnose(g, p, tol, true);
        }
        List<Row> projected = project(p, mapping);
        boolean exact = memo.bag(g, projected);
        if (orderMatters && !listEqual(g, projected, tol)) {
            return Verdict.of(Reason.ROW_ORDER_DIFFERS, "same rows, but the gold query has ORDER BY and row "
                    + (firstDifference(g, projected) + 1) + " differs");
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

    // ---- shared diagnosis ------------------------------------------------------------------------------------

    /** One comparison of rows that are both non-empty (and, when asked, of the same width). */
    @FunctionalInterface
    private interface RowComparison {
        Verdict compare(List<Row> gold, List<Row> predicted, Tolerance tolerance);
    }

    /** What every comparator does first: canonical rows, then empty results, then (strict, set) widths. */
    private Verdict compare(ComparableTable gold, ComparableTable predicted, CompareOptions options, boolean sameWidth,
            Memo memo, RowComparison comparison) {
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

    private Verdict emptiness(List<Row> g, List<Row> p) {
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

    private Verdict widthDiffers(List<Row> g, List<Row> p, int gw, int pw, Tolerance tol) {
        if (pw < gw) {
            return Verdict.of(Reason.MISSING_COLUMNS, "gold has " + gw + " columns, predicted " + pw);
        }
        boolean contained = g.size() == p.size() && new ColumnMatcher(g, p, tol).find() != null;
        return Verdict.of(Reason.EXTRA_COLUMNS, "gold has " + gw + " columns, predicted " + pw
                + (contained ? "; the gold columns are all in the prediction (relaxed match)" : ""));
    }

    /** Why two results of equal width differ, most specific cause first. */
    private Verdict diagnose(List<Row> g, List<Row> p, Tolerance tol, boolean bag) {
        if (g.size() == p.size()) {
            int[] mapping = new ColumnMatcher(g, p, tol).find();
            if (mapping != null && !isIdentity(mapping)) {
                return Verdict.of(Reason.COLUMN_ORDER_DIFFERS, "gold columns are at predicted positions "
                        + positions(mapping));
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
            return Verdict.of(Reason.NUMERIC_PRECISION_DIFFERS, "numbers differ only beyond a relative 1e-6 "
                    + "(set a numeric tolerance to accept)");
        }
        if (!bag && g.size() != p.size()) {
            // Sets of different sizes: say so, but after the more specific causes above.
            Row missing = firstMissing(g, p);
            return Verdict.of(Reason.VALUES_DIFFER, (missing == null ? "" : "gold row " + missing
                    + " is not in the prediction; ") + "gold has " + distinct(g) + " distinct rows, predicted "
                    + distinct(p));
        }
        Row missing = firstMissing(g, p);
        return Verdict.of(Reason.VALUES_DIFFER, missing == null ? "rows differ"
                : "gold row " + missing + " is not in the prediction");
    }

    // ---- row collections ---------------------------------------------------------------------------------------

    static List<Row> rows(ComparableTable table, CompareOptions options) {
        if (options.nullsEqual()) {
            return table.rows();
        }
        List<Row> out = new ArrayList<>(table.rows().size());
        for (Row r : table.rows()) {
            Object[] cells = new Object[r.size()];
            for (int i = 0; i < cells.length; i++) {
                Object c = r.get(i);
                cells[i] = c == null ? new Cells.Unknown() : c;
            }
            out.add(new Row(cells));
        }
        return out;
    }

    static int width(List<Row> rows) {
        return rows.isEmpty() ? 0 : rows.get(0).size();
    }

    static boolean listEqual(List<Row> a, List<Row> b, Tolerance tol) {
        if (a.size() != b.size()) {
            return false;
        }
        if (!tol.enabled()) {
            return a.equals(b);
        }
        for (int i = 0; i < a.size(); i++) {
            if (!rowEqual(a.get(i), b.get(i), tol)) {
                return false;
            }
        }
        return true;
    }

    static boolean bagEqual(List<Row> a, List<Row> b, Tolerance tol) {
        if (a.size() != b.size()) {
            return false;
        }
        if (!tol.enabled()) {
            Map<Row, int[]> counts = new HashMap<>(a.size() * 2);
            for (Row r : a) {
                counts.computeIfAbsent(r, k -> new int[1])[0]++;
            }
            for (Row r : b) {
                int[] c = counts.get(r);
                if (c == null || c[0] == 0) {
                    return false;
                }
                c[0]--;
            }
            return true;
        }
        // With a tolerance equal rows need not hash alike: sort both sides and compare neighbours.
        return listEqual(sorted(a), sorted(b), tol);
    }

    static boolean setEqual(List<Row> a, List<Row> b, Tolerance tol) {
        if (!tol.enabled()) {
            return new HashSet<>(a).equals(new HashSet<>(b));
        }
        return listEqual(dedupe(sorted(a), tol), dedupe(sorted(b), tol), tol);
    }

    private static List<Row> sorted(List<Row> rows) {
        List<Row> copy = new ArrayList<>(rows);
        copy.sort(ROW_ORDER);
        return copy;
    }

    private static List<Row> dedupe(List<Row> sorted, Tolerance tol) {
        List<Row> out = new ArrayList<>();
        for (Row r : sorted) {
            if (out.isEmpty() || !rowEqual(out.get(out.size() - 1), r, tol)) {
                out.add(r);
            }
        }
        return out;
    }

    static final Comparator<Row> ROW_ORDER = (x, y) -> {
        int n = Math.min(x.size(), y.size());
        for (int i = 0; i < n; i++) {
            int c = Cells.compare(x.get(i), y.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.size(), y.size());
    };

    static boolean rowEqual(Row a, Row b, Tolerance tol) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!Cells.equal(a.get(i), b.get(i), tol)) {
                return false;
            }
        }
        return true;
    }

    static List<Row> project(List<Row> rows, int[] mapping) {
        if (!rows.isEmpty() && rows.get(0).size() == mapping.length && isIdentity(mapping)) {
            return rows;
        }
        List<Row> out = new ArrayList<>(rows.size());
        for (Row r : rows) {
            out.add(r.project(mapping));
        }
        return out;
    }

    private static int firstDifference(List<Row> a, List<Row> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (!a.get(i).equals(b.get(i))) {
                return i;
            }
        }
        return Math.min(a.size(), b.size());
    }

    private static Row firstMissing(List<Row> g, List<Row> p) {
        HashSet<Row> ps = new HashSet<>(p);
        for (Row r : g) {
            if (!ps.contains(r)) {
                return r;
            }
        }
        return null;
    }

    private static long nulls(List<Row> rows) {
        long n = 0;
        for (Row r : rows) {
            for (int i = 0; i < r.size(); i++) {
                if (Cells.isNull(r.get(i))) {
                    n++;
                }
            }
        }
        return n;
    }

    private static int distinct(List<Row> rows) {
        return new HashSet<>(rows).size();
    }

    private static String duplicatesDetail(List<Row> g, List<Row> p) {
        return "same distinct rows; gold has " + g.size() + " rows (" + distinct(g) + " distinct), predicted "
                + p.size() + " (" + distinct(p) + " distinct)";
    }

    private static boolean isIdentity(int[] mapping) {
        for (int i = 0; i < mapping.length; i++) {
            if (mapping[i] != i) {
                return false;
            }
        }
        return true;
    }

    private static String positions(int[] mapping) {
        return Arrays.toString(Arrays.stream(mapping).map(i -> i + 1).toArray());
    }

    private static String label(ComparableTable table, int column) {
        return column < table.columns().size() ? " (" + table.columns().get(column) + ")" : "";
    }

    private static String describe(Tolerance tol) {
        return "absolute " + tol.absolute() + " / relative " + tol.relative();
    }

    /**
     * What the comparators of one pair would otherwise compute several times: the canonical rows of each side,
     * and exact bag and set equality of two row lists (the same lists come back from every comparator).
     */
    static final class Memo {
        private final EncodedPair encoded;
        private final Map<ComparableTable, List<Row>> rows = new IdentityHashMap<>(4);
        private List<Row> bagA;
        private List<Row> bagB;
        private boolean bagEqual;
        private List<Row> setA;
        private List<Row> setB;
        private boolean setEqual;

        Memo() {
            this(null);
        }

        Memo(EncodedPair encoded) {
            this.encoded = encoded;
        }

        List<Row> rows(ComparableTable table, CompareOptions options) {
            return rows.computeIfAbsent(table, t -> ResultComparator.rows(t, options));
        }

        boolean bag(List<Row> a, List<Row> b) {
            if (a != bagA || b != bagB) {
                bagEqual = encodes(a, b) ? encoded.bagEqual() : bagEqual(a, b, Tolerance.EXACT);
                bagA = a;
                bagB = b;
            }
            return bagEqual;
        }

        boolean set(List<Row> a, List<Row> b) {
            if (a != setA || b != setB) {
                setEqual = encodes(a, b) ? encoded.setEqual() : setEqual(a, b, Tolerance.EXACT);
                setA = a;
                setB = b;
            }
            return setEqual;
        }

        private boolean encodes(List<Row> a, List<Row> b) {
            return encoded != null && a == encoded.goldRows && b == encoded.predictedRows;
        }
    }

    /**
     * Finds which predicted column holds each gold column, by values: a gold column can only map to a predicted
     * column with the same multiset of values (hash signature), candidates are narrowed by the joint values with
     * an anchor column, and a bipartite matching picks distinct columns; the assignment is accepted only when the
     * projected rows equal the gold rows as a bag. At most (predicted columns) matchings: polynomial, where
     * Spider's evaluator enumerates every permutation.
     */
    static final class ColumnMatcher {
        private final List<Row> gold;
        private final List<Row> pred;
        private final Tolerance tol;
        private final Memo memo;
        private final int gw;
        private final int pw;
        private List<List<Integer>> candidates;

        ColumnMatcher(List<Row> gold, List<Row> pred, Tolerance tol) {
            this(gold, pred, tol, new Memo());
        }

        ColumnMatcher(List<Row> gold, List<Row> pred, Tolerance tol, Memo memo) {
            this.gold = gold;
            this.pred = pred;
            this.tol = tol;
            this.memo = memo;
            this.gw = width(gold);
            this.pw = width(pred);
        }

        int[] find() {
            if (pw < gw || gold.size() != pred.size() || gw == 0) {
                return null;
            }
            int[] identity = new int[gw];
            for (int i = 0; i < gw; i++) {
                identity[i] = i;
            }
            List<Row> same = project(pred, identity);
            if (tol.enabled() ? bagEqual(gold, same, tol) : memo.bag(gold, same)) {
                return identity;
            }
            candidates = candidates();
            for (List<Integer> c : candidates) {
                if (c.isEmpty()) {
                    return null;
                }
            }
            int anchor = anchorColumn();
            long[] goldPair = tol.enabled() ? null : pairSignatures(gold, anchor, gw);
            for (int p0 : candidates.get(anchor)) {
                long[] predPair = tol.enabled() ? null : pairSignatures(pred, p0, pw);
                List<List<Integer>> narrowed = new ArrayList<>(gw);
                for (int g = 0; g < gw; g++) {
                    List<Integer> keep = new ArrayList<>();
                    if (g == anchor) {
                        keep.add(p0);
                    } else {
                        for (int p : candidates.get(g)) {
                            if (p != p0 && (goldPair == null || goldPair[g] == predPair[p])) {
                                keep.add(p);
                            }
                        }
                    }
                    narrowed.add(keep);
                }
                int[] mapping = bipartite(narrowed);
                if (mapping != null && bagEqual(gold, project(pred, mapping), tol)) {
                    return mapping;
                }
            }
            return null;
        }

        int firstGoldColumnWithoutCandidate() {
            if (candidates == null) {
                if (gold.size() != pred.size() || gw == 0) {
                    return -1;
                }
                candidates = candidates();
            }
            for (int g = 0; g < candidates.size(); g++) {
                if (candidates.get(g).isEmpty()) {
                    return g;
                }
            }
            return -1;
        }

        private List<List<Integer>> candidates() {
            List<List<Integer>> out = new ArrayList<>(gw);
            if (!tol.enabled()) {
                long[] gs = columnSignatures(gold, gw);
                long[] ps = columnSignatures(pred, pw);
                for (int g = 0; g < gw; g++) {
                    out.add(matching(gs[g], ps, g));
                }
                return out;
            }
            Object[][] gc = sortedColumns(gold, gw);
            Object[][] pc = sortedColumns(pred, pw);
            for (int g = 0; g < gw; g++) {
                List<Integer> c = new ArrayList<>();
                for (int p = 0; p < pw; p++) {
                    if (columnsClose(gc[g], pc[p])) {
                        c.add(p);
                    }
                }
                preferSamePosition(c, g);
                out.add(c);
            }
            return out;
        }

        private static List<Integer> matching(long sig, long[] ps, int g) {
            List<Integer> c = new ArrayList<>();
            for (int p = 0; p < ps.length; p++) {
                if (ps[p] == sig) {
                    c.add(p);
                }
            }
            preferSamePosition(c, g);
            return c;
        }

        private static void preferSamePosition(List<Integer> c, int g) {
            if (c.remove(Integer.valueOf(g))) {
                c.add(0, g);
            }
        }

        private boolean columnsClose(Object[] a, Object[] b) {
            for (int i = 0; i < a.length; i++) {
                if (!Cells.equal(a[i], b[i], tol)) {
                    return false;
                }
            }
            return true;
        }

        private static Object[][] sortedColumns(List<Row> rows, int w) {
            Object[][] cols = new Object[w][rows.size()];
            for (int r = 0; r < rows.size(); r++) {
                for (int c = 0; c < w; c++) {
                    cols[c][r] = rows.get(r).get(c);
                }
            }
            for (Object[] col : cols) {
                Arrays.sort(col, Cells.ORDER);
            }
            return cols;
        }

        /** The gold column with the most distinct values narrows the others best. */
        private int anchorColumn() {
            int best = 0;
            int bestDistinct = -1;
            for (int g = 0; g < gw; g++) {
                HashSet<Object> seen = new HashSet<>();
                for (Row r : gold) {
                    seen.add(r.get(g));
                }
                if (seen.size() > bestDistinct) {
                    bestDistinct = seen.size();
                    best = g;
                }
            }
            return best;
        }

        /** Order-independent hash of each column's multiset of values. */
        private static long[] columnSignatures(List<Row> rows, int w) {
            long[] sig = new long[w];
            for (Row r : rows) {
                for (int c = 0; c < w; c++) {
                    sig[c] += mix(Objects.hashCode(r.get(c)));
                }
            }
            return sig;
        }

        /** Order-independent hash of the multiset of (anchor value, column value) pairs, for every column. */
        private static long[] pairSignatures(List<Row> rows, int anchor, int w) {
            long[] sig = new long[w];
            for (Row r : rows) {
                long a = mix(Objects.hashCode(r.get(anchor))) * 0x9E3779B97F4A7C15L;
                for (int c = 0; c < w; c++) {
                    sig[c] += mix(a + Objects.hashCode(r.get(c)));
                }
            }
            return sig;
        }

        private static long mix(long z) {
            z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
            z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
            return z ^ (z >>> 33);
        }

        /** Kuhn's augmenting paths: a distinct predicted column for every gold column, or null. */
        private int[] bipartite(List<List<Integer>> cand) {
            int[] predOwner = new int[pw];
            Arrays.fill(predOwner, -1);
            for (int g = 0; g < gw; g++) {
                if (!augment(g, cand, predOwner, new boolean[pw])) {
                    return null;
                }
            }
            int[] mapping = new int[gw];
            for (int p = 0; p < pw; p++) {
                if (predOwner[p] >= 0) {
                    mapping[predOwner[p]] = p;
                }
            }
            return mapping;
        }

        private boolean augment(int g, List<List<Integer>> cand, int[] predOwner, boolean[] seen) {
            for (int p : cand.get(g)) {
                if (!seen[p]) {
                    seen[p] = true;
                    if (predOwner[p] < 0 || augment(predOwner[p], cand, predOwner, seen)) {
                        predOwner[p] = g;
                        return true;
                    }
                }
            }
            return false;
        }
    }
}
