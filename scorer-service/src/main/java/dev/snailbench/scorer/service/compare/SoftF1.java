package dev.snailbench.scorer.service.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * BIRD's Soft-F1 (BIRD mini-dev): after dropping duplicate rows, the i-th gold row is paired with the i-th
 * predicted row; inside a pair, predicted cells found in the gold row are true positives, the others false
 * positives, gold cells missing from the predicted row false negatives (each divided by the gold row width);
 * unpaired rows count wholly as false negatives / positives. BIRD pairs after a Python set(), whose order is
 * arbitrary; here duplicates are dropped keeping first occurrences, so the pairing follows the result order.
 */
public final class SoftF1 {

    private SoftF1() {}

    public static double score(List<Row> gold, List<Row> pred) {
        if (gold.isEmpty() && pred.isEmpty()) {
            return 1.0;
        }
        List<Row> g = new ArrayList<>(new LinkedHashSet<>(gold));
        List<Row> p = new ArrayList<>(new LinkedHashSet<>(pred));
        Tally tally = new Tally();
        for (int i = 0; i < Math.min(g.size(), p.size()); i++) {
            Row gr = g.get(i);
            Row pr = p.get(i);
            int matches = 0;
            for (int c = 0; c < pr.size(); c++) {
                matches += contains(gr, pr.get(c)) ? 1 : 0;
            }
            int truthOnly = 0;
            for (int c = 0; c < gr.size(); c++) {
                truthOnly += contains(pr, gr.get(c)) ? 0 : 1;
            }
            tally.pair(gr.size(), pr.size(), matches, truthOnly);
        }
        return tally.f1(g.size(), p.size());
    }

    /** {@link #score} on an encoded pair: distinct rows and cell membership on int codes. */
    static double score(EncodedPair pair) {
        if (pair.gold.length == 0 && pair.predicted.length == 0) {
            return 1.0;
        }
        List<EncodedPair.Key> g = new ArrayList<>(pair.goldCounts().keySet());
        List<EncodedPair.Key> p = new ArrayList<>(pair.predictedCounts().keySet());
        Tally tally = new Tally();
        for (int i = 0; i < Math.min(g.size(), p.size()); i++) {
            int[] gr = g.get(i).cells;
            int[] pr = p.get(i).cells;
            int matches = 0;
            for (int cell : pr) {
                matches += contains(gr, cell) ? 1 : 0;
            }
            int truthOnly = 0;
            for (int cell : gr) {
                truthOnly += contains(pr, cell) ? 0 : 1;
            }
            tally.pair(gr.length, pr.length, matches, truthOnly);
        }
        return tally.f1(g.size(), p.size());
    }

    /** True/false positives and false negatives in cells, each pair's counted in gold-row widths. */
    private static final class Tally {
        private double tp;
        private double fp;
        private double fn;

        /** A gold row paired with a predicted row: {@code matches} predicted cells found in the gold row. */
        void pair(int width, int predictedWidth, int matches, int truthOnly) {
            if (width == 0) {
                return;
            }
            tp += (double) matches / width;
            fp += (double) (predictedWidth - matches) / width;
            fn += (double) truthOnly / width;
        }

        /** The F1 once every pair is counted; rows left without a partner count whole. */
        double f1(int goldRows, int predictedRows) {
            for (int i = predictedRows; i < goldRows; i++) {
                fn += 1;
            }
            for (int i = goldRows; i < predictedRows; i++) {
                fp += 1;
            }
            double precision = tp + fp > 0 ? tp / (tp + fp) : 0;
            double recall = tp + fn > 0 ? tp / (tp + fn) : 0;
            return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
        }
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
            if (Objects.equals(r.get(i), cell)) {
                return true;
            }
        }
        return false;
    }
}
