package dev.snailbench.scorer.service.compare;

import java.util.List;
import java.util.Objects;

/** Order-independent hashes of columns, by which {@link ColumnMatcher} finds a gold column's candidates. */
final class ColumnSignatures {

    private ColumnSignatures() {}

    /** Order-independent hash of each column's multiset of values. */
    static long[] of(List<Row> rows, int w) {
        long[] sig = new long[w];
        for (Row r : rows) {
            for (int c = 0; c < w; c++) {
                sig[c] += mix(Objects.hashCode(r.get(c)));
            }
        }
        return sig;
    }

    /** Order-independent hash of the multiset of (anchor value, column value) pairs, for every column. */
    static long[] pairs(List<Row> rows, int anchor, int w) {
        long[] sig = new long[w];
        for (Row r : rows) {
            long a = mix(Objects.hashCode(r.get(anchor))) * 0x9E3779B97F4A7C15L;
            for (int c = 0; c < w; c++) {
                sig[c] += mix(a + Objects.hashCode(r.get(c)));
            }
        }
        return sig;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
