package dev.snailbench.scorer.service.compare;

import static dev.snailbench.scorer.service.compare.RowLists.bagEqual;
import static dev.snailbench.scorer.service.compare.RowLists.setEqual;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the comparators of one pair would otherwise compute several times: the canonical rows of each side,
 * and exact bag and set equality of two row lists (the same lists come back from every comparator).
 */
final class PairMemo {
    private final EncodedPair encoded;
    private final Map<ComparableTable, List<Row>> rows = new IdentityHashMap<>(4);
    private List<Row> bagA;
    private List<Row> bagB;
    private boolean bagEqual;
    private List<Row> setA;
    private List<Row> setB;
    private boolean setEqual;

    PairMemo() {
        this(null);
    }

    PairMemo(EncodedPair encoded) {
        this.encoded = encoded;
    }

    List<Row> rows(ComparableTable table, CompareOptions options) {
        return rows.computeIfAbsent(table, t -> RowLists.rows(t, options));
    }

    boolean bag(List<Row> a, List<Row> b) {
        if (a != bagA || b != bagB) {
            bagEqual = encodes(a, b) ? encoded.bagEqual() : bagEqual(a, b, Tolerance.EXACT);
            bagA = a;
            bagB = b;
        }
        return bagEqual;
    }

    boolean set(List<Row> a, List<Row> b) {
        if (a != setA || b != setB) {
            setEqual = encodes(a, b) ? encoded.setEqual() : setEqual(a, b, Tolerance.EXACT);
            setA = a;
            setB = b;
        }
        return setEqual;
    }

    private boolean encodes(List<Row> a, List<Row> b) {
        return encoded != null && a == encoded.goldRows && b == encoded.predictedRows;
    }
}
