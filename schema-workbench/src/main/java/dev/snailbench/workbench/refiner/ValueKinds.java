package dev.snailbench.workbench.refiner;

import dev.snailbench.workbench.refiner.SchemaGraph.ColumnNode;

/** A column's kind of values ({@link dev.snailbench.sql.ValueKinds}) read from the refiner's sample values. */
final class ValueKinds {

    private ValueKinds() {}

    /** The column's kind, or null when it has too few sample values. */
    static dev.snailbench.sql.ValueKinds.Kind of(ColumnNode c) {
        return dev.snailbench.sql.ValueKinds.of(AmbiguityDetector.family(c.valueType()), c.samples());
    }

    /** Whether two kinds are one ({@link dev.snailbench.sql.ValueKinds#same}). */
    static boolean same(dev.snailbench.sql.ValueKinds.Kind a, dev.snailbench.sql.ValueKinds.Kind b) {
        return dev.snailbench.sql.ValueKinds.same(a, b);
    }
}
