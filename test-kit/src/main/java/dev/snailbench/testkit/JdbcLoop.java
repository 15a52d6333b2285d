package dev.snailbench.testkit;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The database's own work, for benchmarks that compare the platform with it: a replay item's two statements (gold and
 * prediction, here the same query) run back to back over one connection, every row and cell read.
 */
public final class JdbcLoop {

    private JdbcLoop() {}

    /** Seconds to run {@code items} items' statements (the list cycled), twice each. */
    public static double seconds(Connection c, List<String> statements, int items) throws SQLException {
        try (Statement st = c.createStatement()) {
            long start = System.nanoTime();
            for (int i = 0; i < items; i++) {
                String sql = statements.get(i % statements.size());
                for (int side = 0; side < 2; side++) {
                    try (ResultSet rs = st.executeQuery(sql)) {
                        int cols = rs.getMetaData().getColumnCount();
                        while (rs.next()) {
                            for (int col = 1; col <= cols; col++) {
                                rs.getString(col);
                            }
                        }
                    } catch (SQLException e) {
                        // A gold query naming match_fact (not in the dumps) fails fast, here as in the platform.
                    }
                }
            }
            return (System.nanoTime() - start) / 1e9;
        }
    }

    /**
     * CPU seconds the PostgreSQL backend serving {@code c} has used so far (it runs on this machine): read before and
     * after {@link #seconds}, what the loop's statements cost the database itself.
     */
    public static double backendCpuSeconds(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            long pid = rs.getLong(1);
            return CpuTimes.cpu(ProcessHandle.of(pid)
                    .orElseThrow(() -> new IllegalStateException("backend " + pid + " is not a local process")));
        }
    }
}
