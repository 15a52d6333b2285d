package dev.snailbench.scorer.service.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Test helper: results written as JSON-like literals (numbers stay numbers, strings strings, null NULL). */
final class Tables {

    private Tables() {}

    static List<Row> rows(Object[]... rows) {
        List<Row> out = new ArrayList<>();
        for (Object[] r : rows) {
            Object[] cells = Arrays.stream(r).map(Tables::cell).toArray();
            out.add(new Row(cells));
        }
        return out;
    }

    static Object[] row(Object... cells) {
        return cells;
    }

    static ComparableTable table(Object[]... rows) {
        return new ComparableTable(List.of(), rows(rows), List.of());
    }

    static Object cell(Object o) {
        if (o instanceof Number n) {
            return Cells.ofNumber(n.doubleValue());
        }
        return o;
    }

    static List<Row> fromJson(JsonNode rows) {
        List<Row> out = new ArrayList<>();
        for (JsonNode r : rows) {
            Object[] cells = new Object[r.size()];
            for (int i = 0; i < r.size(); i++) {
                JsonNode c = r.get(i);
                cells[i] = c.isNull() ? null : c.isNumber() ? Cells.normalize(c.decimalValue()) : c.asText();
            }
            out.add(new Row(cells));
        }
        return out;
    }
}
