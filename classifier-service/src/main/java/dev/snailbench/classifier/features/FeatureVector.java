package dev.snailbench.classifier.features;

import java.util.Arrays;

/**
 * The sparse features of one identifier: sorted, distinct hashed indices with their values. Reused per thread
 * to keep batch inference free of allocation.
 */
public final class FeatureVector {

    private int[] indices = new int[256];
    private float[] values = new float[256];
    private long[] packed = new long[256];
    private int size;

    void clear() {
        size = 0;
    }

    void add(int index, float value) {
        if (size == indices.length) {
            indices = Arrays.copyOf(indices, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        indices[size] = index;
        values[size] = value;
        size++;
    }

    /** Sorts by index and sums the values of repeated indices (repeated n-grams, hash collisions). */
    void normalize() {
        if (size < 2) {
            return;
        }
        // Sort index/value pairs packed into longs (indices are non-negative, so they order the longs).
        if (packed.length < size) {
            packed = new long[indices.length];
        }
        for (int i = 0; i < size; i++) {
            packed[i] = ((long) indices[i] << 32) | (Float.floatToRawIntBits(values[i]) & 0xFFFFFFFFL);
        }
        Arrays.sort(packed, 0, size);
        int out = 0;
        for (int i = 0; i < size; i++) {
            int index = (int) (packed[i] >>> 32);
            float value = Float.intBitsToFloat((int) packed[i]);
            if (out > 0 && indices[out - 1] == index) {
                values[out - 1] += value;
            } else {
                indices[out] = index;
                values[out] = value;
                out++;
            }
        }
        size = out;
    }

    public int size() {
        return size;
    }

    public int index(int i) {
        return indices[i];
    }

    public float value(int i) {
        return values[i];
    }
}
