package dev.snailbench.workbench.refiner;

import java.util.Collection;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** Precision, recall and F1 per ambiguity type, accumulated over cases (micro-averaged: counts are summed). */
public final class DetectionScore {

    public record Counts(int truePositives, int falsePositives, int falseNegatives) {

        public double precision() {
            int p = truePositives + falsePositives;
            return p == 0 ? (falseNegatives == 0 ? 1 : 0) : (double) truePositives / p;
        }

        public double recall() {
            int t = truePositives + falseNegatives;
            return t == 0 ? 1 : (double) truePositives / t;
        }

        public double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }
    }

    private final Map<Ambiguity.Type, int[]> counts = new EnumMap<>(Ambiguity.Type.class);

    public DetectionScore() {
        for (Ambiguity.Type t : Ambiguity.Type.values()) {
            counts.put(t, new int[3]);
        }
    }

    /**
     * Adds one case. Findings in {@code ignore} (ambiguity the schema had before injection, which no ground truth
     * covers) count neither way.
     */
    public DetectionScore add(Collection<Ambiguity> truth, Collection<Ambiguity> found, Set<String> ignore) {
        Set<String> t = new HashSet<>();
        truth.stream().map(Ambiguity::id).filter(id -> !ignore.contains(id)).forEach(t::add);
        Set<String> f = new HashSet<>();
        found.stream().map(Ambiguity::id).filter(id -> !ignore.contains(id)).forEach(f::add);
        for (Ambiguity.Type type : Ambiguity.Type.values()) {
            String prefix = type.label() + ":";
            int[] c = counts.get(type);
            for (String id : f) {
                if (id.startsWith(prefix)) {
                    c[t.contains(id) ? 0 : 1]++;
                }
            }
            for (String id : t) {
                if (id.startsWith(prefix) && !f.contains(id)) {
                    c[2]++;
                }
            }
        }
        return this;
    }

    public Counts of(Ambiguity.Type type) {
        int[] c = counts.get(type);
        return new Counts(c[0], c[1], c[2]);
    }
}
