package dev.snailbench.scorer.service.compare;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/** One result row of comparable cells, hashed once (rows go into hash maps by the hundred thousand). */
public final class Row {

    private final Object[] cells;
    private final int hash;
    /** Computed once: QATCH's tuple constraint and execution accuracy both need it. */
    private Row sorted;
    /** Computed once, for wide rows only (Soft-F1's membership tests). */
    private Set<Object> cellSet;

    public Row(Object[] cells) {
        this.cells = cells;
        this.hash = Arrays.hashCode(cells);
    }

    public int size() {
        return cells.length;
    }

    public Object get(int i) {
        return cells[i];
    }

    Object[] cells() {
        return cells;
    }

    /** The same row with its cells sorted (QATCH compares tuples regardless of column order). */
    public Row sortedCells() {
        Row s = sorted;
        if (s == null) {
            Object[] copy = cells.clone();
            Arrays.sort(copy, Cells.ORDER);
            s = Arrays.equals(copy, cells) ? this : new Row(copy);
            sorted = s;
        }
        return s;
    }

    /** The row's distinct cells as a set. */
    Set<Object> cellSet() {
        Set<Object> s = cellSet;
        if (s == null) {
            s = new HashSet<>(Arrays.asList(cells));
            cellSet = s;
        }
        return s;
    }

    /** The row restricted to {@code columns}, in that order. */
    public Row project(int[] columns) {
        Object[] out = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
            out[i] = cells[columns[i]];
        }
        return new Row(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row r && r.hash == hash && Arrays.equals(r.cells, cells);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < cells.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(Cells.show(cells[i]));
        }
        return sb.append(')').toString();
    }
}
