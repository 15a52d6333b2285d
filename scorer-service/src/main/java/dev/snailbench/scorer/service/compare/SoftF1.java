package dev.snailbench.scorer.service.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * BIRD's Soft-F1 (BIRD mini-dev): after dropping duplicate rows, the i-th gold row is paired with the i-th
 * predicted row; inside a pair, predicted cells found in the gold row are true positives, the others false
 * positives, gold cells missing from the predicted row false negatives (each divided by the gold row width);
 * unpaired rows count wholly as false negatives / positives. BIRD pairs after a Python set(), whose order is
 * arbitrary; here duplicates are dropped keeping first occurrences, so the pairing follows the result order.
 */
public final class SoftF1 {

    private SoftF1() {
    }

    public static double score(List<Row> gold, List<Row> pred) {
        if (gold.isEmpty() && pred.isEmpty()) {
            return 1.0;
        }
        List<Row> g = new ArrayList<>(new LinkedHashSet<>(gold));
        List<Row> p = new ArrayList<>(new LinkedHashSet<>(pred));
        double tp = 0;
        double fp = 0;
        double fn = 0;
        for (int i = 0; i < g.size(); i++) {
            if (i >= p.size()) {
                fn += 1;
                continue;
            }
            Row gr = g.get(i);
            Row pr = p.get(i);
            int width = gr.size();
            if (width == 0) {
                continue;
            }
            int matches = 0;
            int predOnly = 0;
            for (int c = 0; c < pr.size(); c++) {
                if (contains(gr, pr.get(c))) {
                    matches++;
                } else {
                    predOnly++;
                }
            }
            int truthOnly = 0;
            for (int c = 0; c < gr.size(); c++) {
                if (!contains(pr, gr.get(c))) {
                    truthOnly++;
                }
            }
            tp += (double) matches / width;
            fp += (double) predOnly / width;
            fn += (double) truthOnly / width;
        }
        for (int i = g.size(); i < p.size(); i++) {
            fp += 1;
        }
        double precision = tp + fp > 0 ? tp / (tp + fp) : 0;
        double recall = tp + fn > 0 ? tp / (tp + fn) : 0;
        return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
    }

    /** {@link #score} on an encoded pair: distinct rows and cell membership on int codes. */
    static double score(EncodedPair pair) {
        if (pair.gold.length == 0 && pair.predicted.length == 0) {
            return 1.0;
        }
        List<EncodedPair.Key> g = new ArrayList<>(pair.goldCounts().keySet());
        List<EncodedPair.Key> p = new ArrayList<>(pair.predictedCounts().keySet());
        double tp = 0;
        double fp = 0;
        double fn = 0;
        for (int i = 0; i < g.size(); i++) {
            if (i >= p.size()) {
                fn += 1;
                continue;
            }
            int[] gr = g.get(i).cells;
            int[] pr = p.get(i).cells;
            int width = gr.length;
            if (width == 0) {
                continue;
            }
            int matches = 0;
            for (int cell : pr) {
                matches += contains(gr, cell) ? 1 : 0;
            }
            int truthOnly = 0;
            for (int cell : gr) {
                truthOnly += contains(pr, cell) ? 0 : 1;
            }
            tp += (double) matches / width;
            fp += (double) (pr.length - matches) / width;
            fn += (double) truthOnly / width;
        }
        for (int i = g.size(); i < p.size(); i++) {
            fp += 1;
        }
        double precision = tp + fp > 0 ? tp / (tp + fp) : 0;
        double recall = tp + fn > 0 ? tp / (tp + fn) : 0;
        return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
    }

    private static boolean contains(int[] row, int cell) {
        for (int c : row) {
            if (c == cell) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the row has the cell. A linear scan: rows are a few cells wide, so this beats building a hash set
     * per row (what dominated the scorer's profile at 1,000 rows); wide rows get a set.
     */
    private static boolean contains(Row r, Object cell) {
        if (r.size() > 32) {
            return r.cellSet().contains(cell);
        }
        for (int i = 0; i < r.size(); i++) {
            if (java.util.Objects.equals(r.get(i), cell)) {
                return true;
            }
        }
        return false;
    }
}
