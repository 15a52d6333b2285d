package dev.snailbench.executor.service;

import dev.snailbench.model.domain.SqlDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * Where a query's unqualified names resolve: the schema a job names ({@code nativeSchema}, the one its prompts show
 * unqualified) first, whatever path the login has. PostgreSQL: the schema is put in front of the session's path for
 * the query's transaction only (a {@code SET LOCAL}, ended by its rollback), among the transaction's other settings,
 * and read back in the same round trip ({@code current_schemas(false)} lists only schemas that exist and that the login
 * may use): a schema that is not first is the item's error, naming the schema and the login. SQL Server has no
 * per-transaction path: unqualified names resolve in the login's default schema, which is read back and must be the
 * one named. Blocking.
 */
final class SearchPath {

    /** SQLSTATE of a query whose schema is not usable (PostgreSQL's invalid_schema_name). */
    static final String NOT_USABLE = "3F000";

    private SearchPath() {
    }

    /**
     * The statements that put {@code schema} first for the transaction, the last of them a {@code SELECT} reading the
     * path back ({@link #verify}); none for a null schema.
     */
    static List<String> statements(SqlDialect dialect, String schema) {
        if (schema == null) {
            return List.of();
        }
        if (dialect != SqlDialect.POSTGRESQL) {
            return List.of("SELECT SCHEMA_NAME()");
        }
        // The name quoted as an identifier, then written as an escape-string literal (E'…': backslashes are escapes
        // whatever standard_conforming_strings says, so nothing in the name can end the literal).
        String identifier = "\"" + schema.replace("\"", "\"\"") + "\"";
        String literal = "E'" + identifier.replace("\\", "\\\\").replace("'", "''") + "'";
        return List.of("SELECT pg_catalog.set_config('search_path', pg_catalog.concat_ws(', ', " + literal
                + ", NULLIF(pg_catalog.current_setting('search_path'), '')), true)",
                "SELECT (pg_catalog.current_schemas(false))[1]");
    }

    /**
     * Reads the results of the settings round trip that ended with {@link #statements} and checks the schema is
     * first; nothing to check for a null schema.
     *
     * @throws SQLException SQLSTATE {@value #NOT_USABLE}, saying why the schema is not usable by the login
     */
    static void verify(Statement settings, boolean firstIsResultSet, Connection c, SqlDialect dialect,
            String schema) throws SQLException {
        if (schema == null) {
            return;
        }
        String first = null;
        boolean isResult = firstIsResultSet;
        while (true) {
            if (isResult) {
                try (ResultSet rs = settings.getResultSet()) {
                    first = rs.next() ? rs.getString(1) : null;
                }
            } else if (settings.getUpdateCount() == -1) {
                break;
            }
            isResult = settings.getMoreResults();
        }
        boolean usable = dialect == SqlDialect.POSTGRESQL ? schema.equals(first)
                : first != null && first.toLowerCase(Locale.ROOT).equals(schema.toLowerCase(Locale.ROOT));
        if (!usable) {
            throw notUsable(c, dialect, schema, first);
        }
    }

    private static SQLException notUsable(Connection c, SqlDialect dialect, String schema, String first)
            throws SQLException {
        String login = c.getMetaData().getUserName();
        if (dialect != SqlDialect.POSTGRESQL) {
            return new SQLException("unqualified names resolve in schema " + first + ", the default schema of login \""
                    + login + "\", not in " + schema + " (SQL Server has no per-query path: give the login that "
                    + "default schema, ALTER USER … WITH DEFAULT_SCHEMA = " + schema + ")", NOT_USABLE);
        }
        boolean exists;
        try (PreparedStatement s = c.prepareStatement(
                "SELECT count(*) FROM pg_catalog.pg_namespace WHERE nspname = ?")) {
            s.setString(1, schema);
            try (ResultSet rs = s.executeQuery()) {
                exists = rs.next() && rs.getInt(1) > 0;
            }
        }
        return new SQLException(exists
                ? "schema \"" + schema + "\" cannot be used by login \"" + login + "\": it has no USAGE privilege on it"
                        + " (GRANT USAGE ON SCHEMA \"" + schema + "\" TO \"" + login + "\")"
                : "schema \"" + schema + "\" does not exist in this database (schema names are case-sensitive)",
                NOT_USABLE);
    }
}
