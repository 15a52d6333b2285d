package dev.snailbench.executor.service;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.DatabaseSchema.Column;
import dev.snailbench.model.domain.DatabaseSchema.ForeignKey;
import dev.snailbench.model.domain.DatabaseSchema.Table;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.DatabaseTaskRequested.Sampling;
import dev.snailbench.sql.IdentifierQuoting;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a database's schema over JDBC metadata: tables and views, columns and types, primary and foreign keys,
 * and optionally up to k distinct sample values per column (each sample query read-only, timed out, rolled back).
 * Blocking.
 */
public final class SchemaIntrospector {

    /** Tables described at most; more marks the schema truncated. */
    public static final int MAX_TABLES = 2000;
    /** Characters kept per sample value. */
    public static final int MAX_SAMPLE_CHARS = 100;

    /** The schemas of the server itself (PostgreSQL's and SQL Server's), never a team's. */
    static final Set<String> SYSTEM_SCHEMAS = Set.of(
            "pg_catalog",
            "information_schema",
            "pg_toast",
            "sys",
            "guest",
            "db_owner",
            "db_accessadmin",
            "db_securityadmin",
            "db_ddladmin",
            "db_backupoperator",
            "db_datareader",
            "db_datawriter",
            "db_denydatareader",
            "db_denydatawriter");

    private SchemaIntrospector() {}

    public static DatabaseSchema introspect(TeamSession session, int samples, Duration sampleTimeout)
            throws SQLException {
        return introspect(session, null, samples, sampleTimeout);
    }

    /**
     * As above, for the schemas matching {@code schemaPattern} only (a JDBC metadata pattern: {@code _} matches any
     * character, so callers wanting one schema filter the result by name too); null reads every schema.
     */
    public static DatabaseSchema introspect(
            TeamSession session, String schemaPattern, int samples, Duration sampleTimeout) throws SQLException {
        return introspect(session, schemaPattern, samples, sampleTimeout, Sampling.FIRST);
    }

    /**
     * As above, the samples chosen by {@code sampling}: the first values in order, or the values of lowest
     * {@code md5} of their text (one order for every column, so two columns' samples are coordinated).
     */
    public static DatabaseSchema introspect(
            TeamSession session, String schemaPattern, int samples, Duration sampleTimeout, Sampling sampling)
            throws SQLException {
        SqlDialect dialect = session.dialect();
        Connection c = session.catalog();
        DatabaseMetaData md = c.getMetaData();
        String catalog = c.getCatalog();
        List<Table> tables = new ArrayList<>();
        boolean truncated = false;
        try (ResultSet rs = md.getTables(catalog, schemaPattern, "%", new String[] {"TABLE", "VIEW"})) {
            while (rs.next()) {
                String schema = rs.getString("TABLE_SCHEM");
                if (schema != null && SYSTEM_SCHEMAS.contains(schema.toLowerCase(Locale.ROOT))) {
                    continue;
                }
                if (tables.size() >= MAX_TABLES) {
                    truncated = true;
                    break;
                }
                tables.add(new Table(
                        schema,
                        rs.getString("TABLE_NAME"),
                        rs.getString("TABLE_TYPE"),
                        new ArrayList<>(),
                        new ArrayList<>(),
                        new ArrayList<>()));
            }
        }
        List<Table> described = new ArrayList<>();
        for (Table t : tables) {
            List<Column> columns = columns(md, catalog, t, dialect);
            if (samples > 0) {
                columns = withSamples(session, t, columns, samples, sampleTimeout, sampling);
            }
            described.add(new Table(
                    t.schema(), t.name(), t.type(), columns, primaryKey(md, catalog, t), foreignKeys(md, catalog, t)));
        }
        return new DatabaseSchema(md.getDatabaseProductName(), catalog, described, truncated);
    }

    private static List<Column> columns(DatabaseMetaData md, String catalog, Table t, SqlDialect dialect)
            throws SQLException {
        List<Column> columns = new ArrayList<>();
        try (ResultSet rs = md.getColumns(catalog, t.schema(), t.name(), "%")) {
            while (rs.next()) {
                String typeName = rs.getString("TYPE_NAME");
                columns.add(new Column(
                        rs.getString("COLUMN_NAME"),
                        typeName,
                        CanonicalValues.typeOf(rs.getInt("DATA_TYPE"), typeName, dialect),
                        rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls,
                        List.of()));
            }
        }
        return columns;
    }

    private static List<String> primaryKey(DatabaseMetaData md, String catalog, Table t) throws SQLException {
        Map<Integer, String> bySeq = new TreeMap<>();
        try (ResultSet rs = md.getPrimaryKeys(catalog, t.schema(), t.name())) {
            while (rs.next()) {
                bySeq.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
            }
        }
        return List.copyOf(bySeq.values());
    }

    private static List<ForeignKey> foreignKeys(DatabaseMetaData md, String catalog, Table t) throws SQLException {
        Map<String, ForeignKey> byName = new LinkedHashMap<>();
        try (ResultSet rs = md.getImportedKeys(catalog, t.schema(), t.name())) {
            while (rs.next()) {
                String name = rs.getString("FK_NAME");
                String key = name != null ? name : rs.getString("PKTABLE_NAME") + "#" + byName.size();
                ForeignKey fk = byName.computeIfAbsent(key, k -> {
                    try {
                        return new ForeignKey(
                                name,
                                new ArrayList<>(),
                                rs.getString("PKTABLE_SCHEM"),
                                rs.getString("PKTABLE_NAME"),
                                new ArrayList<>());
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
                fk.columns().add(rs.getString("FKCOLUMN_NAME"));
                fk.refColumns().add(rs.getString("PKCOLUMN_NAME"));
            }
        }
        return List.copyOf(byName.values());
    }

    private static List<Column> withSamples(
            TeamSession session, Table t, List<Column> columns, int k, Duration timeout, Sampling sampling) {
        List<Column> out = new ArrayList<>(columns.size());
        for (Column col : columns) {
            out.add(new Column(
                    col.name(),
                    col.type(),
                    col.valueType(),
                    col.nullable(),
                    samples(session, t, col, k, timeout, sampling)));
        }
        return out;
    }

    /** The first {@code k} distinct non-null values in order. */
    static String firstSample(SqlDialect dialect, String table, String column, int k) {
        return dialect == SqlDialect.POSTGRESQL
                ? "SELECT DISTINCT " + column + " FROM " + table + " WHERE " + column + " IS NOT NULL ORDER BY 1 LIMIT "
                        + k
                : "SELECT DISTINCT TOP (" + k + ") " + column + " FROM " + table + " WHERE " + column
                        + " IS NOT NULL ORDER BY 1";
    }

    /**
     * The {@code k} distinct non-null values of lowest {@code md5} of their text (lower-case hex in byte order; on
     * SQL Server of the text as {@code varchar}, the same bytes for ASCII values).
     */
    static String hashedSample(SqlDialect dialect, String table, String column, int k) {
        String distinct = "SELECT DISTINCT " + column + " AS v FROM " + table + " WHERE " + column + " IS NOT NULL";
        return dialect == SqlDialect.POSTGRESQL
                ? "SELECT v FROM (" + distinct + ") d ORDER BY md5(CAST(v AS text)) COLLATE \"C\" LIMIT " + k
                : "SELECT TOP (" + k + ") v FROM (" + distinct
                        + ") d ORDER BY HASHBYTES('MD5', CAST(v AS varchar(4000)))";
    }

    /** Distinct non-null values; a column that cannot be sampled (xml, json, a timeout) gets none. */
    private static List<String> samples(
            TeamSession session, Table t, Column col, int k, Duration timeout, Sampling sampling) {
        SqlDialect dialect = session.dialect();
        if (col.valueType() == ValueType.BINARY) {
            return List.of();
        }
        String table = (t.schema() == null ? "" : IdentifierQuoting.quote(t.schema(), dialect) + ".")
                + IdentifierQuoting.quote(t.name(), dialect);
        String column = IdentifierQuoting.quote(col.name(), dialect);
        String sql = sampling == Sampling.HASHED
                ? hashedSample(dialect, table, column, k)
                : firstSample(dialect, table, column, k);
        // The sample's own, shorter timeout is the statement's (the runner sets it for its transaction).
        try {
            return session.query(sql, timeout, k, rs -> {
                List<String> values = new ArrayList<>();
                int jdbcType = rs.getMetaData().getColumnType(1);
                String typeName = rs.getMetaData().getColumnTypeName(1);
                while (rs.next() && values.size() < k) {
                    String v = CanonicalValues.read(rs, 1, jdbcType, typeName, col.valueType());
                    values.add(v == null || v.length() <= MAX_SAMPLE_CHARS ? v : v.substring(0, MAX_SAMPLE_CHARS));
                }
                return values;
            });
        } catch (SQLException e) {
            return List.of();
        }
    }
}
