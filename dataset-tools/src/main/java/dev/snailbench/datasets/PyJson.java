package dev.snailbench.datasets;

import java.util.List;
import java.util.Map;

/**
 * Writes JSON exactly as Python's {@code json.dumps(value, indent=N)} (or, compact, with {@code separators=(",", ":")},
 * or on one line with the default separators) does ({@code ensure_ascii} on: every non-ASCII character as a
 * {@code \\uXXXX} escape; {@code ", "} and {@code ": "} separators, no final newline),
 * which is how the data folder's derived JSON files were written. Values: {@link Map} (in its order),
 * {@link List}, {@link String}, {@link Number}, {@link Boolean} and {@code null}.
 */
final class PyJson {

    // Not indents: the two one-line layouts, told apart by their separators.
    private static final int COMPACT = -1;
    private static final int INLINE = -2;

    private PyJson() {}

    /** As {@code json.dumps(value, separators=(",", ":"))}: no whitespace at all. */
    static String compact(Object value) {
        return dumps(value, COMPACT);
    }

    /** As {@code json.dumps(value)}: one line, {@code ", "} and {@code ": "} separators (a JSON Lines row). */
    static String inline(Object value) {
        return dumps(value, INLINE);
    }

    static String dumps(Object value, int indent) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, indent, 0);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object value, int indent, int depth) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof String s) {
            string(sb, s);
        } else if (value instanceof Boolean b) {
            sb.append(b ? "true" : "false");
        } else if (value instanceof Number num) {
            sb.append(num);
        } else if (value instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                sb.append("{}");
                return;
            }
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                sb.append(first ? "" : indent == INLINE ? ", " : ",");
                first = false;
                newline(sb, indent, depth + 1);
                string(sb, String.valueOf(e.getKey()));
                sb.append(indent == COMPACT ? ":" : ": ");
                write(sb, e.getValue(), indent, depth + 1);
            }
            newline(sb, indent, depth);
            sb.append('}');
        } else if (value instanceof List<?> list) {
            if (list.isEmpty()) {
                sb.append("[]");
                return;
            }
            sb.append('[');
            for (int i = 0; i < list.size(); i++) {
                sb.append(i == 0 ? "" : indent == INLINE ? ", " : ",");
                newline(sb, indent, depth + 1);
                write(sb, list.get(i), indent, depth + 1);
            }
            newline(sb, indent, depth);
            sb.append(']');
        } else {
            throw new IllegalArgumentException("cannot write " + value.getClass() + " as JSON");
        }
    }

    private static void newline(StringBuilder sb, int indent, int depth) {
        if (indent < 0) {
            return; // one line: no line breaks
        }
        sb.append('\n');
        sb.append(" ".repeat(indent * depth));
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
