package dev.snailbench.executor.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.snailbench.model.domain.SqlDialect;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where a registered login's unqualified names resolve, and which schemas holding tables or views are not there: what a
 * team must know before its first job on a database whose tables are not in {@code public}, or whose DBA gave the
 * login no search path. Read with the login itself, on a borrowed session. Blocking.
 *
 * @param searchPath schemas the login's unqualified names resolve in, in order (PostgreSQL {@code
 *                   current_schemas(false)}: those that exist and that it may use; SQL Server: its default schema)
 * @param offPath    schemas with tables or views that are not on that path: a job names one with {@code nativeSchema}
 * @param notUsable  schemas with tables or views the login has no {@code USAGE} on (PostgreSQL): its tables cannot be
 *                   read until the DBA grants it
 * @param note       what to do about it, in one sentence; null when every schema is on the path and usable
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoginPath(List<String> searchPath, List<String> offPath, List<String> notUsable, String note) {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** Reads it on {@code session} (the login's own path: no schema put first). */
    public static LoginPath read(TeamSession session, String login) throws SQLException {
        session.useSchema(null);
        // pg_catalog, which the executor puts first on every session's path, is not the login's.
        List<String> path = session.dialect() == SqlDialect.POSTGRESQL
                ? session.query("SELECT pg_catalog.current_schemas(false)", TIMEOUT, 1, LoginPath::names).stream()
                        .filter(s -> !SchemaIntrospector.SYSTEM_SCHEMAS.contains(s))
                        .toList()
                : session.query(
                        "SELECT SCHEMA_NAME()",
                        TIMEOUT,
                        1,
                        rs -> rs.next() && rs.getString(1) != null ? List.of(rs.getString(1)) : List.of());
        Set<String> notUsable = session.dialect() == SqlDialect.POSTGRESQL
                ? new HashSet<>(session.query(
                        "SELECT nspname FROM pg_catalog.pg_namespace WHERE NOT pg_catalog.has_schema_privilege(oid, 'USAGE')",
                        TIMEOUT,
                        0,
                        LoginPath::column))
                : Set.of();
        List<String> holding = schemasWithTables(session.catalog());
        boolean caseless = session.dialect() != SqlDialect.POSTGRESQL;
        List<String> offPath = holding.stream()
                .filter(s -> !notUsable.contains(s)
                        && path.stream().noneMatch(p -> caseless ? p.equalsIgnoreCase(s) : p.equals(s)))
                .toList();
        List<String> unusable = holding.stream().filter(notUsable::contains).toList();
        return new LoginPath(path, offPath, unusable, note(login, path, offPath, unusable));
    }

    /** The schemas holding tables or views the catalog shows, sorted without regard to case (system ones left out). */
    public static List<String> schemasWithTables(Connection catalog) throws SQLException {
        TreeSet<String> names = new TreeSet<>(Comparator.comparing((String n) -> n.toLowerCase(Locale.ROOT))
                .thenComparing(Comparator.naturalOrder()));
        try (ResultSet tables =
                catalog.getMetaData().getTables(catalog.getCatalog(), null, "%", new String[] {"TABLE", "VIEW"})) {
            while (tables.next()) {
                String schema = tables.getString("TABLE_SCHEM");
                if (schema != null && !SchemaIntrospector.SYSTEM_SCHEMAS.contains(schema.toLowerCase(Locale.ROOT))) {
                    names.add(schema);
                }
            }
        }
        return List.copyOf(names);
    }

    private static String note(String login, List<String> path, List<String> offPath, List<String> notUsable) {
        List<String> said = new ArrayList<>();
        if (!offPath.isEmpty()) {
            said.add("the tables of schema " + String.join(", ", offPath) + " are not on the search path of login "
                    + login + " (" + (path.isEmpty() ? "empty" : String.join(", ", path)) + "): name the schema in a "
                    + "job as nativeSchema, and its queries run with it first on the path");
        }
        if (!notUsable.isEmpty()) {
            said.add("login " + login + " has no USAGE on schema " + String.join(", ", notUsable) + ": its tables "
                    + "cannot be read until the database's owner runs GRANT USAGE ON SCHEMA … TO " + login);
        }
        return said.isEmpty() ? null : String.join("; ", said);
    }

    private static List<String> names(ResultSet rs) throws SQLException {
        if (!rs.next()) {
            return List.of();
        }
        Array array = rs.getArray(1);
        return array == null ? List.of() : List.of((String[]) array.getArray());
    }

    private static List<String> column(ResultSet rs) throws SQLException {
        List<String> values = new ArrayList<>();
        while (rs.next()) {
            values.add(rs.getString(1));
        }
        return values;
    }
}
