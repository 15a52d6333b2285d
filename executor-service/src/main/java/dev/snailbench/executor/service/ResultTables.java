package dev.snailbench.executor.service;

import dev.snailbench.model.domain.QatchSuite.ResultTable;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A generated query's result as text cells, for the suites that store expected results (QATCH, synthetic sets). */
public final class ResultTables {

    private ResultTables() {
    }

    /** The result in the order the database returned it, or null when it has more than {@code maxRows} rows. */
    public static ResultTable read(ResultSet rs, int maxRows) throws SQLException {
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
        return new ResultTable(List.copyOf(columns), List.copyOf(rows));
    }
}
