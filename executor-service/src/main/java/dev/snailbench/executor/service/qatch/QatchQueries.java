package dev.snailbench.executor.service.qatch;

import dev.snailbench.executor.service.TeamSession;
import dev.snailbench.executor.service.TextTables;
import dev.snailbench.model.domain.QatchSuite.TextTable;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every query QATCH generation runs on the team's database, through the session's guard and runner (read-only
 * transaction, statement timeout, rolled back), with the suite's per-query timeout.
 */
final class QatchQueries {

    private final TeamSession session;
    private final Duration timeout;

    QatchQueries(TeamSession session, int queryTimeoutSeconds) {
        this.session = session;
        this.timeout = Duration.ofSeconds(Math.max(1, queryTimeoutSeconds));
    }

    /** The first row's columns as numbers (the profiling counts). */
    long[] counts(String sql, int columns) throws SQLException {
        return session.query(sql, timeout, 1, rs -> {
            rs.next();
            long[] out = new long[columns];
            for (int i = 0; i < columns; i++) {
                out[i] = rs.getLong(i + 1);
            }
            return out;
        });
    }

    /** The first column's values as text, at most {@code max}. */
    List<String> values(String sql, int max) throws SQLException {
        return session.query(sql, timeout, max, rs -> {
            List<String> values = new ArrayList<>();
            while (rs.next()) {
                values.add(rs.getString(1));
            }
            return values;
        });
    }

    /** One number, empty when there is no row or it is null. */
    Optional<BigDecimal> number(String sql) throws SQLException {
        return session.query(
                sql, timeout, 1, rs -> rs.next() ? Optional.ofNullable(rs.getBigDecimal(1)) : Optional.empty());
    }

    /** The result, or null when it has more than {@code maxRows} rows. */
    TextTable result(String sql, int maxRows) throws SQLException {
        return session.query(sql, timeout, maxRows + 1, rs -> TextTables.read(rs, maxRows));
    }
}
