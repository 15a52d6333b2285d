package dev.snailbench.scorer.service.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/** Row lists as the comparators see them: canonical rows, and equality as a list, a bag and a set. */
final class RowLists {

    private RowLists() {}

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

    static List<Row> sorted(List<Row> rows) {
        List<Row> copy = new ArrayList<>(rows);
        copy.sort(ROW_ORDER);
        return copy;
    }

    static List<Row> dedupe(List<Row> sorted, Tolerance tol) {
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

    static int firstDifference(List<Row> a, List<Row> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (!a.get(i).equals(b.get(i))) {
                return i;
            }
        }
        return Math.min(a.size(), b.size());
    }

    static Row firstMissing(List<Row> g, List<Row> p) {
        HashSet<Row> ps = new HashSet<>(p);
        for (Row r : g) {
            if (!ps.contains(r)) {
                return r;
            }
        }
        return null;
    }

    static long nulls(List<Row> rows) {
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

    static int distinct(List<Row> rows) {
        return new HashSet<>(rows).size();
    }

    static boolean isIdentity(int[] mapping) {
        for (int i = 0; i < mapping.length; i++) {
            if (mapping[i] != i) {
                return false;
            }
        }
        return true;
    }
}
