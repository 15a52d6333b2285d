package dev.snailbench.executor.service.synthetic;

import dev.snailbench.executor.service.QueryRunner;
import dev.snailbench.executor.service.TeamSession;
import dev.snailbench.executor.service.qatch.ColumnProfile;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.IdentifierRules;
import dev.snailbench.sql.JdbcSchemaReader;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The team schema's tables, columns, types and keys as the generator needs them, and the data it samples (rows of
 * values that go together, a column's distinct cells, its range), read through the session's guarded runner and
 * cached.
 */
final class SchemaData {

    static final int SAMPLED_ROWS = 500;
    /** How many times the query timeout a query that timed out is given once more. */
    static final int RETRY_FACTOR = 3;

    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_]*");

    final TeamSession session;
    final SqlDialect dialect;
    final Duration queryTimeout;
    private final Tally tally;
    final Map<String, Map<String, String>> columnTypes = new HashMap<>();
    final Map<String, Set<String>> primaryKeys = new HashMap<>();
    private final Map<String, String> tableNames = new HashMap<>();
    private final Map<String, List<List<String>>> sampledRows = new HashMap<>();
    private final Map<String, BigDecimal[]> ranges = new HashMap<>();

    SchemaData(TeamSession session, Duration queryTimeout, Tally tally) {
        this.session = session;
        this.dialect = session.dialect();
        this.queryTimeout = queryTimeout;
        this.tally = tally;
    }

    /** A read of the database with a time limit, as {@link #query} retries it. */
    @FunctionalInterface
    interface Read<T> {
        T run(Duration limit) throws SQLException;
    }

    /**
     * Runs {@code sql} through the session's guarded runner with the query timeout; one that times out is run once
     * more with {@link #RETRY_FACTOR} times that limit ({@link #retryingTimeout}).
     */
    <T> T query(String sql, int maxRows, QueryRunner.RowsReader<T> reader) throws SQLException {
        return retryingTimeout(queryTimeout, limit -> session.query(sql, limit, maxRows, reader));
    }

    /**
     * {@code read} with {@code limit}, and once more with {@link #RETRY_FACTOR} times it when it times out: a query
     * that a loaded server answers late is not taken for a slow one (which would move the generator's draw on, and
     * make the set depend on the load), while one that is slow by itself still ends as a timeout
     * ({@link #timedOut}), reported as such.
     */
    static <T> T retryingTimeout(Duration limit, Read<T> read) throws SQLException {
        try {
            return read.run(limit);
        } catch (SQLException e) {
            if (!timedOut(e)) {
                throw e;
            }
            return read.run(limit.multipliedBy(RETRY_FACTOR));
        }
    }

    /** Whether a query failed because it ran out of time (the driver's timeout or the server's statement_timeout). */
    static boolean timedOut(SQLException e) {
        return e instanceof SQLTimeoutException || "57014".equals(e.getSQLState());
    }

    /** Reads {@code schema}'s tables and keys; returns its columns per table, lower case. */
    Map<String, Set<String>> read(String schema) throws SQLException {
        Connection catalog = session.catalog();
        SchemaSpec spec = JdbcSchemaReader.read(catalog, schema);
        // Seed SQL names tables without a schema, like the gold SQL of the built-in question sets.
        session.useSchema(schema);
        Map<String, Set<String>> columnsByTable = new HashMap<>();
        for (SchemaSpec.Table t : spec.tables()) {
            Map<String, String> types = new LinkedHashMap<>();
            t.columns().forEach(c -> types.put(c.name(), c.type()));
            columnTypes.put(t.name().toLowerCase(Locale.ROOT), types);
            tableNames.put(t.name().toLowerCase(Locale.ROOT), t.name());
            Set<String> lower = new HashSet<>();
            t.columns().forEach(c -> lower.add(c.name().toLowerCase(Locale.ROOT)));
            columnsByTable.put(t.name().toLowerCase(Locale.ROOT), lower);
            Set<String> pk = new HashSet<>();
            try (ResultSet rs = catalog.getMetaData().getPrimaryKeys(catalog.getCatalog(), schema, t.name())) {
                while (rs.next()) {
                    pk.add(rs.getString("COLUMN_NAME"));
                }
            }
            primaryKeys.put(t.name().toLowerCase(Locale.ROOT), pk);
        }
        return columnsByTable;
    }

    boolean hasTable(String table) {
        return columnTypes.containsKey(table.toLowerCase(Locale.ROOT));
    }

    /** The type of {@code column} of {@code table} (null when unknown). */
    String type(String table, String column) {
        return columnTypes
                .getOrDefault(table.toLowerCase(Locale.ROOT), Map.of())
                .get(actual(table, column));
    }

    /**
     * Up to {@link #SAMPLED_ROWS} distinct rows of {@code columns} of {@code table}, none null (cached): those of
     * lowest MD5 of their cells' text joined by {@code |} ({@link #sampleRows}), in that order, so that the sample
     * depends on the data only, never on the plan or the rows' physical order.
     */
    List<List<String>> rows(String table, List<String> columns) {
        return sampledRows.computeIfAbsent(table + "|" + String.join("|", columns), k -> readRows(table, columns));
    }

    /** Up to {@link #SAMPLED_ROWS} distinct cells of one column (cached). */
    List<String> cells(String table, String column) {
        return rows(table, List.of(column)).stream().map(r -> r.get(0)).toList();
    }

    /** The distinct cells of {@code column} that contain {@code value} (any letter case), the first 50 in order. */
    List<String> cellsContaining(String table, String column, String value) {
        String q = IdentifierQuoting.quote(actual(table, column), dialect);
        String sql = "SELECT DISTINCT " + q + " FROM " + IdentifierQuoting.quote(actualTable(table), dialect)
                + " WHERE LOWER(" + q + ") LIKE " + containing(value, dialect) + " ORDER BY 1";
        try {
            return query(sql, 50, rs -> {
                List<String> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
                return out;
            });
        } catch (SQLException e) {
            tally.note("cells of " + table + "." + column + ": " + e.getMessage());
            return List.of();
        }
    }

    private final Map<String, Long> containing = new HashMap<>();

    /**
     * How many distinct cells of {@code column} contain {@code value} (any letter case), over the whole column, not
     * a sample (cached; null counts as none): whether a name names one row or several is a question about every row.
     * -1 when it cannot be read.
     */
    long countContaining(String table, String column, String value) {
        String key = table.toLowerCase(Locale.ROOT) + "|" + column.toLowerCase(Locale.ROOT) + "|"
                + (value == null ? "*" : "=" + value.toLowerCase(Locale.ROOT));
        Long cached = containing.get(key);
        if (cached != null) {
            return cached;
        }
        String q = IdentifierQuoting.quote(actual(table, column), dialect);
        String sql = "SELECT COUNT(DISTINCT " + q + ") FROM " + IdentifierQuoting.quote(actualTable(table), dialect)
                + (value == null ? "" : " WHERE LOWER(" + q + ") LIKE " + containing(value, dialect));
        long n;
        try {
            n = query(sql, 1, rs -> rs.next() ? rs.getLong(1) : 0L);
        } catch (SQLException e) {
            tally.note("cells containing a value in " + table + "." + column + ": " + e.getMessage());
            n = -1;
        }
        containing.put(key, n);
        return n;
    }

    /**
     * A {@code LIKE} pattern, with its {@code ESCAPE} clause, that matches the cells containing {@code value} (lower
     * case) as written: its {@code %} and {@code _} (and, on SQL Server, {@code [}) are escaped, not wildcards, so a
     * value "50%_off" counts the cells that contain it, not every cell with a "50" somewhere before an "off".
     */
    static String containing(String value, SqlDialect dialect) {
        StringBuilder out = new StringBuilder("'%");
        for (char ch : value.toLowerCase(Locale.ROOT).toCharArray()) {
            if (ch == '!' || ch == '%' || ch == '_' || ch == '[' && dialect == SqlDialect.SQLSERVER) {
                out.append('!');
            }
            out.append(ch == '\'' ? "''" : String.valueOf(ch));
        }
        return out.append("%' ESCAPE '!'").toString();
    }

    /**
     * The distinct rows of {@code columns} (quoted) of {@code table} (quoted) with no null, ordered by the MD5 of
     * their cells' text joined by {@code |} (lower-case hex in byte order; on SQL Server of the text as
     * {@code varchar}, the same bytes for ASCII values), ties by the columns.
     */
    static String sampleRows(SqlDialect dialect, String table, List<String> columns) {
        String list = String.join(", ", columns);
        String where = columns.stream().map(c -> c + " IS NOT NULL").collect(Collectors.joining(" AND "));
        String distinct = "SELECT DISTINCT " + list + " FROM " + table + " WHERE " + where;
        String text = columns.stream()
                .map(c -> dialect == SqlDialect.POSTGRESQL
                        ? "CAST(" + c + " AS text)"
                        : "CAST(" + c + " AS varchar(4000))")
                .collect(Collectors.joining(dialect == SqlDialect.POSTGRESQL ? " || '|' || " : " + '|' + "));
        String hash =
                dialect == SqlDialect.POSTGRESQL ? "md5(" + text + ") COLLATE \"C\"" : "HASHBYTES('MD5', " + text + ")";
        String ties = IntStream.rangeClosed(1, columns.size())
                .mapToObj(Integer::toString)
                .collect(Collectors.joining(", "));
        return "SELECT " + list + " FROM (" + distinct + ") d ORDER BY " + hash + ", " + ties;
    }

    private List<List<String>> readRows(String table, List<String> columns) {
        List<String> quoted = columns.stream()
                .map(c -> IdentifierQuoting.quote(actual(table, c), dialect))
                .toList();
        String sql = sampleRows(dialect, IdentifierQuoting.quote(actualTable(table), dialect), quoted);
        try {
            return query(sql, SAMPLED_ROWS, rs -> {
                List<List<String>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<String> row = new ArrayList<>(columns.size());
                    for (int i = 1; i <= columns.size(); i++) {
                        row.add(rs.getString(i));
                    }
                    rows.add(row);
                }
                return rows;
            });
        } catch (SQLException e) {
            tally.note("sampling " + table + " " + columns + ": " + e.getMessage());
            return new ArrayList<>();
        }
    }

    /** A column every value of which is in {@code rows} rows of its table: one event told in several rows. */
    record RowsPerKey(String column, int rows) {}

    private final Map<String, Optional<RowsPerKey>> perKey = new HashMap<>();

    /**
     * The first column of {@code table} (its primary key aside) whose every value is in the same number n ≥ 2 of
     * rows, every row holding one, with more values than rows per value (a match told once per side: each match id
     * in two rows; a home/away role in half the rows is no event), read from the data (cached); null when none.
     */
    RowsPerKey rowsPerKey(String table) {
        return perKey.computeIfAbsent(table.toLowerCase(Locale.ROOT), t -> Optional.ofNullable(readRowsPerKey(table)))
                .orElse(null);
    }

    private RowsPerKey readRowsPerKey(String table) {
        Map<String, String> types = columnTypes.getOrDefault(table.toLowerCase(Locale.ROOT), Map.of());
        Set<String> pk = primaryKeys.getOrDefault(table.toLowerCase(Locale.ROOT), Set.of());
        String from = IdentifierQuoting.quote(actualTable(table), dialect);
        try {
            long total = session.query(
                    "SELECT COUNT(*) FROM " + from, queryTimeout, 1, rs -> rs.next() ? rs.getLong(1) : 0L);
            for (Map.Entry<String, String> c : types.entrySet()) {
                if (pk.contains(c.getKey()) || ColumnProfile.kindOf(c.getValue()) == ColumnProfile.Kind.OTHER) {
                    continue;
                }
                String q = IdentifierQuoting.quote(c.getKey(), dialect);
                long[] keys = session.query(
                        "SELECT COUNT(*), MIN(n), MAX(n), SUM(n) FROM (SELECT COUNT(*) AS n FROM " + from + " WHERE "
                                + q + " IS NOT NULL GROUP BY " + q + ") g",
                        queryTimeout,
                        1,
                        rs -> rs.next()
                                ? new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)}
                                : new long[4]);
                if (keys[1] >= 2 && keys[1] == keys[2] && keys[3] == total && keys[0] >= 3 && keys[0] >= keys[1]) {
                    return new RowsPerKey(c.getKey(), (int) keys[1]);
                }
            }
        } catch (SQLException e) {
            tally.note("rows per key of " + table + ": " + e.getMessage());
        }
        return null;
    }

    /** MIN and MAX of a numeric column (cached), or null when it has no numeric values or cannot be read. */
    BigDecimal[] range(String table, String column) {
        return ranges.computeIfAbsent(table + "|" + column, k -> readRange(table, column));
    }

    private BigDecimal[] readRange(String table, String column) {
        String q = IdentifierQuoting.quote(actual(table, column), dialect);
        try {
            return query(
                    "SELECT MIN(" + q + "), MAX(" + q + ") FROM "
                            + IdentifierQuoting.quote(actualTable(table), dialect),
                    1,
                    rs -> {
                        if (rs.next() && rs.getString(1) != null && rs.getString(2) != null) {
                            return new BigDecimal[] {
                                new BigDecimal(rs.getString(1).trim()),
                                new BigDecimal(rs.getString(2).trim())
                            };
                        }
                        return null;
                    });
        } catch (SQLException | NumberFormatException e) {
            tally.note("range " + table + "." + column + ": " + e.getMessage());
        }
        return null;
    }

    /** A column as SQL: bare when plain lower case and not reserved, else quoted. */
    String identifier(String column) {
        return PLAIN.matcher(column).matches() && !IdentifierRules.isReserved(column, dialect)
                ? column
                : IdentifierQuoting.quote(column, dialect);
    }

    /** The table as the schema spells it (the seed may use another case). */
    String actualTable(String table) {
        return tableNames.getOrDefault(table.toLowerCase(Locale.ROOT), table);
    }

    /** The column as the schema spells it (the seed may use another case). */
    String actual(String table, String column) {
        Map<String, String> types = columnTypes.getOrDefault(table.toLowerCase(Locale.ROOT), Map.of());
        return types.keySet().stream()
                .filter(c -> c.equalsIgnoreCase(column))
                .findFirst()
                .orElse(column);
    }
}
