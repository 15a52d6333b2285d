package dev.snailbench.scorer.service.compare;

import dev.snailbench.model.domain.ResultColumn.ValueType;
import java.math.BigDecimal;
import java.util.Comparator;

/**
 * The comparable form of one result cell: {@code null} (SQL NULL), a {@link BigDecimal} without trailing zeros
 * (so 1, 1.0 and 1.00 are one value) or a {@link String}. A number never equals a string: "1" is not 1.
 */
public final class Cells {

    /** NULL first, then numbers by value, then strings by code point: QATCH's in-tuple order. */
    public static final Comparator<Object> ORDER = Cells::compare;

    private Cells() {}

    /** A cell of an {@code ExecutionOutcome}: NUMBER columns compare numerically, everything else as text. */
    public static Object of(String text, ValueType type) {
        if (text == null) {
            return null;
        }
        if (type == ValueType.NUMBER) {
            BigDecimal n = parseNumber(text);
            return n == null ? text : n;
        }
        return text;
    }

    /** Normalises a number; {@code NaN} and infinities stay text (BigDecimal has no such values). */
    public static BigDecimal parseNumber(String text) {
        try {
            return normalize(new BigDecimal(text.trim()));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    public static BigDecimal normalize(BigDecimal n) {
        return n.signum() == 0 ? BigDecimal.ZERO : n.stripTrailingZeros();
    }

    public static Object ofNumber(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return Double.toString(d);
        }
        return normalize(BigDecimal.valueOf(d));
    }

    public static int compare(Object a, Object b) {
        int ra = rank(a);
        int rb = rank(b);
        if (ra != rb) {
            return Integer.compare(ra, rb);
        }
        if (ra == 0) {
            return Integer.compare(System.identityHashCode(a), System.identityHashCode(b));
        }
        if (ra == 1) {
            return ((BigDecimal) a).compareTo((BigDecimal) b);
        }
        return ((String) a).compareTo((String) b);
    }

    private static int rank(Object o) {
        return o == null || o instanceof Unknown ? 0 : o instanceof BigDecimal ? 1 : 2;
    }

    /** Whether a cell is SQL NULL (in either NULL convention). */
    public static boolean isNull(Object o) {
        return o == null || o instanceof Unknown;
    }

    /**
     * NULL when NULLs must never match (SQL's three-valued logic): each one a distinct object, so it equals
     * nothing but itself.
     */
    public static final class Unknown {
        @Override
        public String toString() {
            return "NULL";
        }
    }

    /** Equality, with an optional numeric tolerance (absolute or relative, whichever is larger). */
    public static boolean equal(Object a, Object b, Tolerance tolerance) {
        if (a == null || b == null) {
            return a == b;
        }
        if (tolerance.enabled() && a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return tolerance.close(x, y);
        }
        return a.equals(b);
    }

    /** Text shown in reasons and reports. */
    public static String show(Object cell) {
        if (isNull(cell)) {
            return "NULL";
        }
        return cell instanceof BigDecimal n ? n.toPlainString() : "'" + cell + "'";
    }
}
