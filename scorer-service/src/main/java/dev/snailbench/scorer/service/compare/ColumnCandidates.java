package dev.snailbench.scorer.service.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The predicted columns that may hold each gold column: the same multiset of values (by hash signature, or sorted
 * and compared within the tolerance), the predicted column at the gold column's own position first.
 */
final class ColumnCandidates {

    private ColumnCandidates() {}

    static List<List<Integer>> of(List<Row> gold, List<Row> pred, int gw, int pw, Tolerance tol) {
        List<List<Integer>> out = new ArrayList<>(gw);
        if (!tol.enabled()) {
            long[] gs = ColumnSignatures.of(gold, gw);
            long[] ps = ColumnSignatures.of(pred, pw);
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
                if (columnsClose(gc[g], pc[p], tol)) {
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

    private static boolean columnsClose(Object[] a, Object[] b, Tolerance tol) {
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
}
