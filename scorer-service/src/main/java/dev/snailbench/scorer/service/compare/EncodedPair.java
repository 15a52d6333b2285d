package dev.snailbench.scorer.service.compare;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A gold and a predicted result with every distinct cell value replaced by a small integer, one dictionary for both
 * sides. The metrics that only ask whether cells or rows are equal (QATCH's and Soft-F1) then hash and compare
 * ints instead of BigDecimals and strings: each cell is hashed once per pair instead of once per metric, and a
 * side's distinct cells are a bit set.
 */
final class EncodedPair {

    final int[][] gold;
    final int[][] predicted;
    final int distinctCells;
    /** The row lists this pair encodes (exact bag and set equality of exactly these lists can be read here). */
    final List<Row> goldRows;

    final List<Row> predictedRows;
    private Map<Key, Integer> goldCounts;
    private Map<Key, Integer> predictedCounts;

    private EncodedPair(
            List<Row> goldRows, List<Row> predictedRows, int[][] gold, int[][] predicted, int distinctCells) {
        this.goldRows = goldRows;
        this.predictedRows = predictedRows;
        this.gold = gold;
        this.predicted = predicted;
        this.distinctCells = distinctCells;
    }

    /** Gold rows with their multiplicities, first occurrences first (computed once). */
    Map<Key, Integer> goldCounts() {
        if (goldCounts == null) {
            goldCounts = counts(gold, false);
        }
        return goldCounts;
    }

    /** Predicted rows with their multiplicities, first occurrences first (computed once). */
    Map<Key, Integer> predictedCounts() {
        if (predictedCounts == null) {
            predictedCounts = counts(predicted, false);
        }
        return predictedCounts;
    }

    /** Whether the two sides hold the same rows the same number of times. */
    boolean bagEqual() {
        return gold.length == predicted.length && goldCounts().equals(predictedCounts());
    }

    /** Whether the two sides hold the same distinct rows. */
    boolean setEqual() {
        return goldCounts().keySet().equals(predictedCounts().keySet());
    }

    static EncodedPair of(List<Row> gold, List<Row> predicted) {
        int cells = width(gold) * gold.size() + width(predicted) * predicted.size();
        Map<Object, Integer> codes = new HashMap<>(Math.max(16, (int) (cells / 0.75f) + 1));
        int[][] g = encode(gold, codes);
        int[][] p = encode(predicted, codes);
        return new EncodedPair(gold, predicted, g, p, codes.size());
    }

    private static int[][] encode(List<Row> rows, Map<Object, Integer> codes) {
        int[][] out = new int[rows.size()][];
        for (int r = 0; r < out.length; r++) {
            Row row = rows.get(r);
            int[] encoded = new int[row.size()];
            for (int c = 0; c < encoded.length; c++) {
                Integer code = codes.get(row.get(c));
                if (code == null) {
                    code = codes.size();
                    codes.put(row.get(c), code);
                }
                encoded[c] = code;
            }
            out[r] = encoded;
        }
        return out;
    }

    private static int width(List<Row> rows) {
        return rows.isEmpty() ? 0 : rows.get(0).size();
    }

    /** The distinct cell codes of one side. */
    static BitSet cells(int[][] rows) {
        BitSet set = new BitSet();
        for (int[] row : rows) {
            for (int code : row) {
                set.set(code);
            }
        }
        return set;
    }

    /** Distinct rows in first-occurrence order with their multiplicities; {@code sortCells} ignores column order. */
    static Map<Key, Integer> counts(int[][] rows, boolean sortCells) {
        Map<Key, Integer> out = new LinkedHashMap<>(Math.max(16, rows.length * 2));
        for (int[] row : rows) {
            int[] cells = row;
            if (sortCells) {
                cells = row.clone();
                Arrays.sort(cells);
            }
            out.merge(new Key(cells), 1, Integer::sum);
        }
        return out;
    }

    /** An encoded row as a hash key. */
    static final class Key {
        final int[] cells;
        private final int hash;

        Key(int[] cells) {
            this.cells = cells;
            this.hash = Arrays.hashCode(cells);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.cells, cells);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
