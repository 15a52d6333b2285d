package dev.snailbench.executor.service;

import dev.snailbench.model.domain.QatchSuite.TextTable;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/** A generated query's result as text cells, for the suites that store expected results (QATCH, synthetic sets). */
public final class TextTables {

    private TextTables() {}

    /** The result in the order the database returned it, or null when it has more than {@code maxRows} rows. */
    public static TextTable read(ResultSet rs, int maxRows) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            columns.add(md.getColumnLabel(i));
        }
        List<List<String>> rows = new ArrayList<>();
        while (rs.next()) {
            if (rows.size() == maxRows) {
                return null;
            }
            List<String> row = new ArrayList<>(columns.size());
            for (int i = 1; i <= columns.size(); i++) {
                row.add(rs.getString(i));
            }
            rows.add(Collections.unmodifiableList(row));
        }
        return new TextTable(List.copyOf(columns), List.copyOf(rows));
    }

    /**
     * The same rows in one order whatever plan the database chose: the order the SQL does not fix (all of it without
     * ORDER BY, the order among ties of {@code orderColumn} with it) is by the rows' cells, nulls first. A hash
     * aggregate and a sorted one return a GROUP BY's rows in different orders, and which one PostgreSQL picks
     * changes once it has analysed the tables: the same seed must give the same stored suite.
     *
     * @param orderColumn the column an ORDER BY sorts on, or null when the SQL has none
     */
    public static TextTable inOneOrder(TextTable table, String orderColumn) {
        if (table == null) {
            return null;
        }
        List<List<String>> rows = new ArrayList<>(table.rows());
        if (orderColumn == null) {
            rows.sort(BY_CELLS);
        } else {
            int key = table.columns().indexOf(orderColumn);
            if (key < 0) {
                return table;
            }
            for (int from = 0; from < rows.size(); ) {
                int to = from + 1;
                while (to < rows.size()
                        && Objects.equals(rows.get(to).get(key), rows.get(from).get(key))) {
                    to++;
                }
                rows.subList(from, to).sort(BY_CELLS);
                from = to;
            }
        }
        return new TextTable(table.columns(), List.copyOf(rows));
    }

    private static final Comparator<List<String>> BY_CELLS = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Comparator.nullsFirst(Comparator.<String>naturalOrder()).compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };
}
