package dev.snailbench.executor.service;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * Why the schema a job names cannot be where its unqualified names resolve. PostgreSQL: the schema is set as the
 * transaction's search path with its other settings and checked in the same round trip ({@code TransactionSettings});
 * when that check fails, this says whether the schema is missing or not usable by the login. SQL Server has no
 * per-transaction path: unqualified names resolve in the login's default schema, which must be the one named.
 * Blocking.
 */
final class SearchPath {

    /** SQLSTATE of a query whose schema is not usable (PostgreSQL's invalid_schema_name). */
    static final String NOT_USABLE = "3F000";

    private SearchPath() {}

    /** The error for a PostgreSQL schema that is not first on the path once set: missing, or no USAGE. */
    static SQLException notUsable(Connection c, String schema) throws SQLException {
        String login = c.getMetaData().getUserName();
        boolean exists;
        try (PreparedStatement s =
                c.prepareStatement("SELECT count(*) FROM pg_catalog.pg_namespace WHERE nspname = ?")) {
            s.setString(1, schema);
            try (ResultSet rs = s.executeQuery()) {
                exists = rs.next() && rs.getInt(1) > 0;
            }
        } finally {
            c.rollback();
        }
        return new SQLException(
                exists
                        ? "schema \"" + schema + "\" cannot be used by login \"" + login
                                + "\": it has no USAGE privilege on it" + " (GRANT USAGE ON SCHEMA \"" + schema
                                + "\" TO \"" + login + "\")"
                        : "schema \"" + schema + "\" does not exist in this database (schema names are case-sensitive)",
                NOT_USABLE);
    }

    /**
     * SQL Server: checks that the login's default schema is the first of {@code path} (nothing to check for an empty
     * path).
     *
     * @throws SQLException SQLSTATE {@value #NOT_USABLE}, naming the login's default schema
     */
    static void checkDefaultSchema(Connection c, List<String> path) throws SQLException {
        if (path.isEmpty()) {
            return;
        }
        String schema = path.get(0);
        String first;
        try (PreparedStatement s = c.prepareStatement("SELECT SCHEMA_NAME()");
                ResultSet rs = s.executeQuery()) {
            first = rs.next() ? rs.getString(1) : null;
        }
        if (first == null || !first.toLowerCase(Locale.ROOT).equals(schema.toLowerCase(Locale.ROOT))) {
            String login = c.getMetaData().getUserName();
            throw new SQLException(
                    "unqualified names resolve in schema " + first + ", the default schema of login \""
                            + login + "\", not in " + schema
                            + " (SQL Server has no per-query path: give the login that "
                            + "default schema, ALTER USER … WITH DEFAULT_SCHEMA = " + schema + ")",
                    NOT_USABLE);
        }
    }
}
