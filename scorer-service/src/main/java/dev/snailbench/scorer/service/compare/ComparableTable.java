package dev.snailbench.scorer.service.compare;

import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import java.util.ArrayList;
import java.util.List;

/**
 * A result set ready for comparison: column labels (possibly empty), rows of comparable cells and the
 * execution times of the query (seconds, for VES). Rows may be ragged only in QATCH test vectors.
 */
public record ComparableTable(List<String> columns, List<Row> rows, List<Double> timesSeconds) {

    public ComparableTable {
        columns = columns == null ? List.of() : columns;
        timesSeconds = timesSeconds == null ? List.of() : timesSeconds;
    }

    public static ComparableTable of(ExecutionOutcome outcome) {
        List<ResultColumn> cols = outcome.columns();
        ValueType[] types = new ValueType[cols.size()];
        List<String> names = new ArrayList<>(cols.size());
        for (int i = 0; i < cols.size(); i++) {
            types[i] = cols.get(i).type();
            names.add(cols.get(i).name());
        }
        List<Row> rows = new ArrayList<>(outcome.rows().size());
        for (List<String> raw : outcome.rows()) {
            Object[] cells = new Object[raw.size()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = Cells.of(raw.get(i), i < types.length ? types[i] : ValueType.TEXT);
            }
            rows.add(new Row(cells));
        }
        return new ComparableTable(names, rows, List.of(outcome.elapsedSeconds()));
    }

    /** Number of columns: from the labels, else from the first row. */
    public int width() {
        if (!columns.isEmpty()) {
            return columns.size();
        }
        return rows.isEmpty() ? 0 : rows.get(0).size();
    }

    public int height() {
        return rows.size();
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }
}
