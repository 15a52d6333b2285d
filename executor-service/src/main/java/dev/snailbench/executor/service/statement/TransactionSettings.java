package dev.snailbench.executor.service.statement;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierQuoting;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * What every team query's transaction runs with on PostgreSQL, the one place these settings are made: read-only, the
 * statement, lock and idle-in-transaction timeouts, where unqualified names resolve ({@code search_path}, pg_catalog
 * first) and the platform's own planner settings. Its own names resolve to the built-in ones: the session puts
 * pg_catalog first on the path (SessionGuard), which this statement checks too. {@link #sql()} sets them all for the
 * transaction only ({@code set_config(…, true)}, as {@code SET LOCAL}), reads them back, checks the session (read-only
 * by default, no role taken) and fails on the server when anything is not as set, so the query joined after it in the
 * same round trip never runs then.
 *
 * @param searchPath schemas for unqualified names, first first; empty: the session's own path
 * @param planner    the platform's planner settings (gold screening's plan variants), never a tenant's
 */
public record TransactionSettings(
        Duration statementTimeout,
        Duration lockTimeout,
        Duration idleInTransactionTimeout,
        List<String> searchPath,
        List<Setting> planner) {

    /** A setting, its value, and the value as PostgreSQL shows it back ({@code 65536} kB is shown {@code 64MB}). */
    public record Setting(String name, String value, String shown) {

        public Setting(String name, String value) {
            this(name, value, value);
        }
    }

    /** Marks the error of a failed check; random per process, so no query's own error can pass for it. */
    private static final String MARKER = "snailbench session check " + UUID.randomUUID();

    /** Marks the error of a search path whose first schema is not the one named (missing, or not usable). */
    private static final String PATH_MARKER = "snailbench path check " + UUID.randomUUID();

    public TransactionSettings {
        searchPath = List.copyOf(searchPath);
        planner = List.copyOf(planner);
    }

    /** The limits alone, on the session's own search path. */
    public static TransactionSettings of(
            Duration statementTimeout, Duration lockTimeout, Duration idleInTransactionTimeout) {
        return new TransactionSettings(statementTimeout, lockTimeout, idleInTransactionTimeout, List.of(), List.of());
    }

    /** These settings with {@code schema} alone on the search path (null: the session's path). */
    public TransactionSettings withSchema(String schema) {
        return new TransactionSettings(
                statementTimeout,
                lockTimeout,
                idleInTransactionTimeout,
                schema == null ? List.of() : List.of(schema),
                planner);
    }

    /** These settings with the platform's planner settings added. */
    public TransactionSettings withPlanner(List<Setting> settings) {
        List<Setting> all = new ArrayList<>(planner);
        all.addAll(settings);
        return new TransactionSettings(statementTimeout, lockTimeout, idleInTransactionTimeout, searchPath, all);
    }

    /** Every setting made, in order. */
    public List<Setting> settings() {
        List<Setting> all = new ArrayList<>();
        all.add(new Setting("transaction_read_only", "on"));
        all.add(millis("statement_timeout", statementTimeout));
        all.add(millis("lock_timeout", lockTimeout));
        all.add(millis("idle_in_transaction_session_timeout", idleInTransactionTimeout));
        if (!searchPath.isEmpty()) {
            // pg_catalog first, as the session has it (SessionGuard): a built-in name is never a team's object.
            String path = "pg_catalog, "
                    + String.join(
                            ", ",
                            searchPath.stream()
                                    .map(s -> IdentifierQuoting.quote(s, SqlDialect.POSTGRESQL))
                                    .toList());
            all.add(new Setting("search_path", path));
        }
        all.addAll(planner);
        return all;
    }

    /**
     * One statement that makes and checks the settings; its parameters are {@link #parameters()}. It returns one row
     * ({@code ok}) or fails with an error {@link #isCheckFailure} recognises, naming what is not as set.
     */
    public String sql() {
        List<Setting> all = settings();
        StringBuilder applied = new StringBuilder("SELECT ");
        StringBuilder ok = new StringBuilder("current_setting('transaction_read_only') = 'on' AND "
                + "current_setting('default_transaction_read_only') = 'on' AND current_user = session_user AND "
                + "(current_setting('search_path') = 'pg_catalog' OR "
                + "starts_with(current_setting('search_path'), 'pg_catalog,'))");
        StringBuilder state = new StringBuilder("concat_ws(', ', 'transaction_read_only=' || "
                + "current_setting('transaction_read_only'), 'default_transaction_read_only=' || "
                + "current_setting('default_transaction_read_only'), 'current_user=' || current_user, "
                + "'search_path=' || current_setting('search_path')");
        for (int i = 0; i < all.size(); i++) {
            applied.append(i == 0 ? "" : ", ")
                    .append("pg_catalog.set_config(?, ?, true) AS s")
                    .append(i);
            ok.append(" AND s").append(i).append(" IS NOT DISTINCT FROM ?");
            state.append(", ? || '=' || coalesce(s").append(i).append(", 'null')");
        }
        state.append(')');
        // The schema named must be the first one after pg_catalog the path resolves to (current_schemas leaves out a
        // schema that does not exist or that the login may not use): else the path check's own failure.
        String path = searchPath.isEmpty()
                ? ""
                : " WHEN (pg_catalog.current_schemas(false))[2] IS DISTINCT FROM ? THEN (? || ': ' || "
                        + "coalesce((pg_catalog.current_schemas(false))[2], ''))::int::text";
        return "SELECT CASE WHEN NOT (" + ok + ") THEN (? || ': ' || " + state + ")::int::text" + path
                + " ELSE 'ok' END FROM (" + applied + " OFFSET 0) AS applied";
    }

    /** The values of {@link #sql()}'s parameters, in order. */
    public List<String> parameters() {
        List<Setting> all = settings();
        List<String> out = new ArrayList<>();
        for (Setting s : all) {
            out.add(s.shown());
        }
        out.add(MARKER);
        for (Setting s : all) {
            out.add(s.name());
        }
        if (!searchPath.isEmpty()) {
            out.add(searchPath.get(0));
            out.add(PATH_MARKER);
        }
        List<String> applied = new ArrayList<>();
        for (Setting s : all) {
            applied.add(s.name());
            applied.add(s.value());
        }
        // The SELECT list's set_config(?, ?) come last in the text: the outer CASE is written first.
        List<String> ordered = new ArrayList<>(out);
        ordered.addAll(applied);
        return ordered;
    }

    /** Whether {@code e} is this check's failure (the session or transaction is not as set). */
    public static boolean isCheckFailure(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains(MARKER)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code e} is the path check's failure: the first schema named on the search path does not exist or the
     * login may not use it.
     */
    public static boolean isPathFailure(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains(PATH_MARKER)) {
                return true;
            }
        }
        return false;
    }

    /** What the check found not as set, without the marker. */
    public static String checkFailure(SQLException e) {
        String message = e.getMessage() == null ? "" : e.getMessage();
        int at = message.indexOf(MARKER);
        if (at < 0) {
            return message;
        }
        String rest = message.substring(at + MARKER.length());
        // The server quotes the text it could not read as an integer: the state ends at the last quote.
        int end = rest.lastIndexOf('"');
        rest = end < 0 ? rest : rest.substring(0, end);
        return rest.startsWith(": ") ? rest.substring(2) : rest;
    }

    /** How PostgreSQL shows a duration in milliseconds: in the largest unit that divides it ({@code 1min}, {@code 1500ms}). */
    static Setting millis(String name, Duration d) {
        long ms = d.toMillis();
        String shown;
        if (ms == 0) {
            shown = "0";
        } else if (ms % 86_400_000 == 0) {
            shown = ms / 86_400_000 + "d";
        } else if (ms % 3_600_000 == 0) {
            shown = ms / 3_600_000 + "h";
        } else if (ms % 60_000 == 0) {
            shown = ms / 60_000 + "min";
        } else if (ms % 1000 == 0) {
            shown = ms / 1000 + "s";
        } else {
            shown = ms + "ms";
        }
        return new Setting(name, Long.toString(ms), shown);
    }
}
