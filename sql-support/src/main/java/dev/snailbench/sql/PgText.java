package dev.snailbench.sql;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.core.NativeQuery;
import org.postgresql.core.Parser;

/**
 * A team's SQL text as pgjdbc reads it for a prepared statement: JDBC escapes replaced, then split into the
 * statements the driver sends one Parse message each, {@code ?} outside quotes made a parameter. The driver splits
 * with its own lexer before PostgreSQL sees anything, so a text it splits is refused here, under both readings of a
 * backslash in a quoted string ({@code standard_conforming_strings} on and off): what reaches the server is then one
 * Parse message, in which PostgreSQL itself refuses a second command.
 */
public final class PgText {

    private PgText() {}

    /** The one statement the driver sends for {@code sql}, with {@code standardConformingStrings} as the session has it. */
    public record Reading(List<String> statements, int parameters) {}

    /** How pgjdbc reads {@code sql} for {@code Connection.prepareStatement}. */
    public static Reading read(String sql, boolean standardConformingStrings) throws SQLException {
        String escaped = Parser.replaceProcessing(sql, true, standardConformingStrings);
        List<NativeQuery> queries = Parser.parseJdbcSql(escaped, standardConformingStrings, true, true, false, false);
        int parameters = 0;
        for (NativeQuery q : queries) {
            parameters += q.bindPositions.length;
        }
        return new Reading(queries.stream().map(q -> q.nativeSql).toList(), parameters);
    }

    /**
     * Why the driver would not send {@code sql} as exactly one statement without parameters under either reading of
     * backslashes, or null when it would.
     */
    public static String refusal(String sql) {
        for (boolean standardConformingStrings : new boolean[] {true, false}) {
            Reading reading;
            try {
                reading = read(sql, standardConformingStrings);
            } catch (SQLException e) {
                return "the driver cannot read it: " + e.getMessage();
            }
            if (reading.statements().size() != 1) {
                return reading.statements().isEmpty()
                        ? "empty SQL"
                        : "exactly one statement may run, the driver reads "
                                + reading.statements().size()
                                + (standardConformingStrings
                                        ? ""
                                        : " when backslashes escape quotes " + "(standard_conforming_strings off)");
            }
            if (reading.parameters() > 0) {
                return "a ? outside quotes is a JDBC parameter marker (" + reading.parameters() + " found): write ?? "
                        + "for PostgreSQL's ? operators";
            }
        }
        return null;
    }

    /**
     * The text of one prepared statement that runs the platform's statements, then the team's {@code sql}, in one
     * round trip: checked to split into exactly those, the team's part exactly as the driver sends it alone.
     *
     * @throws SQLException when the driver would read the joined text otherwise
     */
    public static String joined(List<String> platformStatements, String sql, boolean standardConformingStrings)
            throws SQLException {
        String text = String.join(";", platformStatements) + ";" + sql;
        List<String> expected = new ArrayList<>();
        int parameters = 0;
        for (String platform : platformStatements) {
            Reading reading = read(platform, standardConformingStrings);
            expected.addAll(reading.statements());
            parameters += reading.parameters();
        }
        Reading alone = read(sql, standardConformingStrings);
        expected.addAll(alone.statements());
        Reading joined = read(text, standardConformingStrings);
        if (alone.statements().size() != 1
                || alone.parameters() != 0
                || expected.size() != platformStatements.size() + 1
                || joined.parameters() != parameters
                || !joined.statements().equals(expected)) {
            throw new SQLException("SQL refused: the driver does not read the statement on its own", "42601");
        }
        return text;
    }
}
