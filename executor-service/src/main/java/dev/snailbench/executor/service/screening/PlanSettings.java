package dev.snailbench.executor.service.screening;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The plan changes of the second run of a gold query (PostgreSQL): no hash aggregation, no sort where the planner
 * can avoid one, no index or bitmap scans, and a small {@code work_mem}, so that GROUP BY, DISTINCT, joins and
 * LIMIT run through other operators than in the first run.
 * <p>
 * <b>Why these lines are not tenant SQL.</b> The guard refuses {@code SET} and {@code set_config} in what teams send,
 * because a team's statement must not change the session. These lines are the platform's own: constants of this
 * class (never built from a request, a job or a database value), applied with {@code SET LOCAL} inside the
 * read-only transaction the gold query then runs in (the pooled session is read-only by default), and gone when
 * that transaction is rolled back, before the connection returns to the pool. The gold query itself still passes
 * the guard first and runs unchanged.
 */
public final class PlanSettings {

    /** Setting name and value, as {@code SET LOCAL name = value} applies them. */
    public record Setting(String name, String value) {
        String sql() {
            return "SET LOCAL " + name + " = " + value;
        }
    }

    /** The second run's settings. */
    public static final List<Setting> ALTERNATIVE = List.of(
            new Setting("enable_hashagg", "off"),
            new Setting("enable_sort", "off"),
            new Setting("enable_indexscan", "off"),
            new Setting("enable_bitmapscan", "off"),
            new Setting("work_mem", "'64kB'"));

    private PlanSettings() {
    }

    /** Applies {@link #ALTERNATIVE} to the transaction the connection is in (autocommit must be off). */
    static void apply(Connection c) throws SQLException {
        if (c.getAutoCommit()) {
            throw new IllegalStateException("plan settings need a transaction: SET LOCAL would not last");
        }
        try (Statement s = c.createStatement()) {
            s.execute(String.join("; ", ALTERNATIVE.stream().map(Setting::sql).toList()));
        }
    }

    /** How a reason names the second run ({@code enable_hashagg=off, …}). */
    static String describe() {
        return String.join(", ", ALTERNATIVE.stream().map(s -> s.name() + "=" + s.value().replace("'", ""))
                .toList());
    }
}
