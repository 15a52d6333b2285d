package dev.snailbench.sql;

import dev.snailbench.model.domain.SchemaSpec;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Reads the base tables and columns of one schema through JDBC metadata (blocking). */
public final class JdbcSchemaReader {

    /** A foreign-key column pair, native names. */
    public record ForeignKey(String table, String column, String refTable, String refColumn) {}

    private JdbcSchemaReader() {}

    public static SchemaSpec read(Connection c, String schema) throws SQLException {
        DatabaseMetaData md = c.getMetaData();
        List<String> names = new ArrayList<>();
        try (ResultSet rs = md.getTables(c.getCatalog(), schema, "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                names.add(rs.getString("TABLE_NAME"));
            }
        }
        names.sort(String::compareTo);
        List<SchemaSpec.Table> tables = new ArrayList<>();
        for (String table : names) {
            List<SchemaSpec.Column> columns = new ArrayList<>();
            try (ResultSet rs = md.getColumns(c.getCatalog(), schema, table, "%")) {
                List<Object[]> cols = new ArrayList<>();
                while (rs.next()) {
                    cols.add(new Object[] {
                        rs.getInt("ORDINAL_POSITION"),
                        rs.getString("COLUMN_NAME"),
                        rs.getString("TYPE_NAME"),
                        rs.getString("REMARKS")
                    });
                }
                cols.sort((a, b) -> Integer.compare((Integer) a[0], (Integer) b[0]));
                cols.forEach(
                        col -> columns.add(new SchemaSpec.Column((String) col[1], (String) col[2], (String) col[3])));
            }
            tables.add(new SchemaSpec.Table(table, List.copyOf(columns)));
        }
        if (tables.isEmpty()) {
            throw new IllegalArgumentException("schema '" + schema + "' has no tables (or is not readable)");
        }
        return new SchemaSpec(List.copyOf(tables));
    }

    public static List<ForeignKey> foreignKeys(Connection c, String schema, List<String> tables) throws SQLException {
        List<ForeignKey> fks = new ArrayList<>();
        DatabaseMetaData md = c.getMetaData();
        for (String t : tables) {
            try (ResultSet rs = md.getImportedKeys(c.getCatalog(), schema, t)) {
                while (rs.next()) {
                    fks.add(new ForeignKey(
                            rs.getString("FKTABLE_NAME"),
                            rs.getString("FKCOLUMN_NAME"),
                            rs.getString("PKTABLE_NAME"),
                            rs.getString("PKCOLUMN_NAME")));
                }
            }
        }
        return fks;
    }
}
