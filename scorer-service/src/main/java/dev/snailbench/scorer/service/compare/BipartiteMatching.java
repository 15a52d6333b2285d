package dev.snailbench.scorer.service.compare;

import java.util.Arrays;
import java.util.List;

/** A distinct predicted column for every gold column, from each gold column's candidates. */
final class BipartiteMatching {

    private BipartiteMatching() {}

    /** Kuhn's augmenting paths: a distinct predicted column for every gold column, or null. */
    static int[] match(List<List<Integer>> cand, int gw, int pw) {
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

    private static boolean augment(int g, List<List<Integer>> cand, int[] predOwner, boolean[] seen) {
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
