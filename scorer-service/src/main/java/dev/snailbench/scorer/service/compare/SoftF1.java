package dev.snailbench.scorer.service.compare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
            Set<Object> gCells = cellsOf(gr);
            Set<Object> pCells = cellsOf(pr);
            int matches = 0;
            int predOnly = 0;
            for (int c = 0; c < pr.size(); c++) {
                if (gCells.contains(pr.get(c))) {
                    matches++;
                } else {
                    predOnly++;
                }
            }
            int truthOnly = 0;
            for (int c = 0; c < gr.size(); c++) {
                if (!pCells.contains(gr.get(c))) {
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

    private static Set<Object> cellsOf(Row r) {
        Set<Object> s = new HashSet<>();
        for (int i = 0; i < r.size(); i++) {
            s.add(r.get(i));
        }
        return s;
    }
}
