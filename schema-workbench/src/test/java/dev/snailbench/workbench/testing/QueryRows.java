package dev.snailbench.workbench.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A query's rows as text, for tests that compare what the same question returns on different schema layers. */
public final class QueryRows {

    private QueryRows() {}

    /**
     * Runs {@code sql} with only {@code searchPath} on PostgreSQL's search path, so a name a rewrite missed cannot
     * silently hit another layer. Rows are sorted unless the query orders them; null when the query fails.
     */
    public static List<List<String>> of(Connection c, String searchPath, String sql, boolean ordered) {
        try (Statement s = c.createStatement()) {
            s.execute("SET search_path TO " + searchPath);
            List<List<String>> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= n; i++) {
                        row.add(rs.getString(i));
                    }
                    rows.add(row);
                }
            }
            if (!ordered) {
                rows.sort(Comparator.comparing(Object::toString));
            }
            return rows;
        } catch (SQLException e) {
            return null;
        }
    }
}
