package dev.snailbench.workbench.synthetic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * ScienceBenchmark's discriminative choice: of the candidate questions for one query, keep those closest (cosine)
 * to the candidates' centroid, the phrasing the candidates agree on rather than an outlier.
 */
public final class Centroid {

    private Centroid() {}

    /** Indexes of the {@code keep} vectors closest to the centroid, closest first (ties: the earlier one). */
    public static List<Integer> closest(List<float[]> vectors, int keep) {
        if (vectors.isEmpty()) {
            return List.of();
        }
        int n = vectors.get(0).length;
        float[] centroid = new float[n];
        for (float[] v : vectors) {
            float[] u = unit(v.clone());
            for (int i = 0; i < n; i++) {
                centroid[i] += u[i];
            }
        }
        unit(centroid);
        List<Integer> order = new ArrayList<>();
        double[] score = new double[vectors.size()];
        for (int i = 0; i < vectors.size(); i++) {
            order.add(i);
            score[i] = dot(unit(vectors.get(i).clone()), centroid);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> -score[i]).thenComparingInt(i -> i));
        return List.copyOf(order.subList(0, Math.min(keep, order.size())));
    }

    static float[] unit(float[] v) {
        double norm = Math.sqrt(dot(v, v));
        if (norm > 0) {
            for (int i = 0; i < v.length; i++) {
                v[i] /= (float) norm;
            }
        }
        return v;
    }

    static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
