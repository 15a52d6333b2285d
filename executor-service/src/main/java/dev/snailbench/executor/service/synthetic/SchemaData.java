package dev.snailbench.executor.service.synthetic;

import dev.snailbench.executor.service.TeamSession;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.IdentifierRules;
import dev.snailbench.sql.JdbcSchemaReader;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The team schema's tables, columns, types and keys as the generator needs them, and the data it samples (rows of
 * values that go together, a column's distinct cells, its range), read through the session's guarded runner and
 * cached.
 */
final class SchemaData {

    static final int SAMPLED_ROWS = 500;
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

    /** Up to {@link #SAMPLED_ROWS} distinct rows of {@code columns} of {@code table}, none null (cached). */
    List<List<String>> rows(String table, List<String> columns) {
        return sampledRows.computeIfAbsent(table + "|" + String.join("|", columns), k -> readRows(table, columns));
    }

    /** Up to {@link #SAMPLED_ROWS} distinct cells of one column (cached). */
    List<String> cells(String table, String column) {
        return rows(table, List.of(column)).stream().map(r -> r.get(0)).toList();
    }

    /** The distinct cells of {@code column} that contain {@code value} (any letter case), up to 50. */
    List<String> cellsContaining(String table, String column, String value) {
        String q = IdentifierQuoting.quote(actual(table, column), dialect);
        String pattern = "'%" + value.toLowerCase(Locale.ROOT).replace("'", "''") + "%'";
        String sql = "SELECT DISTINCT " + q + " FROM " + IdentifierQuoting.quote(actualTable(table), dialect)
                + " WHERE LOWER(" + q + ") LIKE " + pattern;
        try {
            return session.query(sql, queryTimeout, 50, rs -> {
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

    private List<List<String>> readRows(String table, List<String> columns) {
        StringBuilder sql = new StringBuilder("SELECT DISTINCT ");
        StringBuilder where = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            String q = IdentifierQuoting.quote(actual(table, columns.get(i)), dialect);
            sql.append(i == 0 ? "" : ", ").append(q);
            where.append(i == 0 ? " WHERE " : " AND ").append(q).append(" IS NOT NULL");
        }
        sql.append(" FROM ")
                .append(IdentifierQuoting.quote(actualTable(table), dialect))
                .append(where);
        try {
            return session.query(sql.toString(), queryTimeout, SAMPLED_ROWS, rs -> {
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

    /** MIN and MAX of a numeric column (cached), or null when it has no numeric values or cannot be read. */
    BigDecimal[] range(String table, String column) {
        return ranges.computeIfAbsent(table + "|" + column, k -> readRange(table, column));
    }

    private BigDecimal[] readRange(String table, String column) {
        String q = IdentifierQuoting.quote(actual(table, column), dialect);
        try {
            return session.query(
                    "SELECT MIN(" + q + "), MAX(" + q + ") FROM "
                            + IdentifierQuoting.quote(actualTable(table), dialect),
                    queryTimeout,
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
