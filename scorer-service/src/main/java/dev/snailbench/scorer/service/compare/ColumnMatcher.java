package dev.snailbench.scorer.service.compare;

import static dev.snailbench.scorer.service.compare.RowLists.bagEqual;
import static dev.snailbench.scorer.service.compare.RowLists.project;
import static dev.snailbench.scorer.service.compare.RowLists.width;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * Finds which predicted column holds each gold column, by values: a gold column can only map to a predicted
 * column with the same multiset of values (hash signature), candidates are narrowed by the joint values with
 * an anchor column, and a bipartite matching picks distinct columns; the assignment is accepted only when the
 * projected rows equal the gold rows as a bag. At most (predicted columns) matchings: polynomial, where
 * Spider's evaluator enumerates every permutation.
 */
final class ColumnMatcher {
    private final List<Row> gold;
    private final List<Row> pred;
    private final Tolerance tol;
    private final PairMemo memo;
    private final int gw;
    private final int pw;
    private List<List<Integer>> candidates;

    ColumnMatcher(List<Row> gold, List<Row> pred, Tolerance tol) {
        this(gold, pred, tol, new PairMemo());
    }

    ColumnMatcher(List<Row> gold, List<Row> pred, Tolerance tol, PairMemo memo) {
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
        candidates = ColumnCandidates.of(gold, pred, gw, pw, tol);
        for (List<Integer> c : candidates) {
            if (c.isEmpty()) {
                return null;
            }
        }
        int anchor = anchorColumn();
        long[] goldPair = tol.enabled() ? null : ColumnSignatures.pairs(gold, anchor, gw);
        for (int p0 : candidates.get(anchor)) {
            long[] predPair = tol.enabled() ? null : ColumnSignatures.pairs(pred, p0, pw);
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
            int[] mapping = BipartiteMatching.match(narrowed, gw, pw);
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
            candidates = ColumnCandidates.of(gold, pred, gw, pw, tol);
        }
        for (int g = 0; g < candidates.size(); g++) {
            if (candidates.get(g).isEmpty()) {
                return g;
            }
        }
        return -1;
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
}
