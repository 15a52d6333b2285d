package dev.snailbench.executor.service.synthetic;

import dev.snailbench.executor.service.TextTables;
import dev.snailbench.executor.service.screening.StaticGoldRules;
import dev.snailbench.model.domain.QatchSuite.TextTable;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.template.AnswerShape;
import dev.snailbench.sql.template.SeedMeaning;
import dev.snailbench.sql.template.SeedReadings;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.statement.Statement;

/**
 * A seed run on the database before it is multiplied: its result (for the shape its pairs keep), and whether it
 * passes the gold screening (a LIMIT that keeps some of rows it cannot tell apart fails it) and answers its own
 * question: the answer's shape ({@link AnswerShape}), what the question and the SQL name ({@link SeedMeaning}), and
 * how the SQL reads it: no column returned that it does not ask for, no flag chosen among two it does not tell
 * apart ({@link SeedReadings}). A count of rows that counts each event once per row the data tells it in is made
 * to count the events ({@link #countOnce}) before the seed becomes a template.
 * A seed that fails any is flagged and gives no pairs: its fault would be copied into every one.
 */
final class SeedScreen {

    /** The seed's result (null when it failed: {@code failure} says why) and the check it fails, with why. */
    record Verdict(TextTable result, String failure, String check, String why) {}

    /** Most rows a count's probe reads. */
    private static final int PROBED_ROWS = 20_000;

    private final SchemaData data;
    private final SqlParser parser;
    private final CandidateChecks checks;
    private final int maxResultRows;
    private final Map<String, Set<String>> columnsByTable;
    private Map<String, Map<String, String>> types;

    SeedScreen(
            SchemaData data,
            SqlParser parser,
            CandidateChecks checks,
            int maxResultRows,
            Map<String, Set<String>> columnsByTable) {
        this.data = data;
        this.columnsByTable = columnsByTable;
        this.parser = parser;
        this.checks = checks;
        this.maxResultRows = maxResultRows;
    }

    /** Whether {@code sql} runs on the database (a seed that gives no template still counts in the strata if so). */
    boolean runs(String sql) {
        try {
            data.query(sql, 1, rs -> Boolean.TRUE);
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /** The schema's column types per table, table and column names lower case. */
    Map<String, Map<String, String>> types() {
        if (types == null) {
            types = new HashMap<>();
            data.columnTypes.forEach((table, columns) -> {
                Map<String, String> lower = new HashMap<>();
                columns.forEach((c, type) -> lower.put(c.toLowerCase(Locale.ROOT), type == null ? "" : type));
                types.put(table, lower);
            });
        }
        return types;
    }

    Verdict screen(String question, String sql) {
        TextTable result;
        try {
            result = data.query(sql, maxResultRows + 1, rs -> TextTables.read(rs, maxResultRows));
        } catch (SQLException e) {
            String first = e.getMessage() == null
                    ? ""
                    : e.getMessage().lines().findFirst().orElse("").strip();
            return new Verdict(null, first, null, null);
        }
        Statement parsed;
        try {
            parsed = parser.parse(sql, data.dialect);
        } catch (RuntimeException e) {
            return new Verdict(result, null, null, null);
        }
        StaticGoldRules.Cut cut = StaticGoldRules.cut(parsed);
        List<StaticGoldRules.Kind> cutting =
                List.of(StaticGoldRules.Kind.LIMIT_WITHOUT_ORDER_BY, StaticGoldRules.Kind.LIMIT_CUTS_PARTIAL_ORDER);
        boolean suspect = StaticGoldRules.check(parsed).stream().anyMatch(f -> cutting.contains(f.kind()));
        if (cut != null && suspect && checks.cutsTies(parsed, cut)) {
            return new Verdict(
                    result,
                    null,
                    Tally.GOLD_SCREENING,
                    "fails the gold screening: its LIMIT "
                            + cut.rows()
                            + (cut.orderKeys().isEmpty()
                                    ? " without ORDER BY keeps " + cut.rows() + " of more rows"
                                    : " cuts through rows tied on ORDER BY " + cut.keysText()));
        }
        if (result != null) {
            String mismatch = AnswerShape.mismatch(question, parsed, result.rows());
            if (mismatch != null) {
                return new Verdict(
                        result, null, Tally.ANSWER_SHAPE, "its SQL does not answer its question: " + mismatch);
            }
        }
        String meaning = SeedMeaning.mismatch(question, parsed, columnsByTable);
        if (meaning != null) {
            return new Verdict(
                    result, null, Tally.SEED_MEANING, "its SQL does not mean what its question asks: " + meaning);
        }
        String unasked = SeedReadings.unaskedReturn(question, parsed, types());
        if (unasked != null) {
            return new Verdict(
                    result, null, Tally.UNASKED_RETURN, "its SQL returns what its question does not ask: " + unasked);
        }
        String flag = SeedReadings.flagReading(question, parsed, types());
        if (flag != null) {
            return new Verdict(
                    result, null, Tally.FLAG_READING, "its SQL reads its question's verb one way of two: " + flag);
        }
        return new Verdict(result, null, null, null);
    }

    /**
     * The counting seed {@code sql} made to count each event once ({@code COUNT(DISTINCT key)}), or null when it
     * does not count any several times: a table it
     * counts holds n rows per value of a column ({@link SchemaData#rowsPerKey}: a match once per side), and every
     * value among the rows it counts comes with all n of them (both sides of every match at a stadium; a team's own
     * matches come once each and are not flagged).
     */
    String countOnce(String sql) {
        Statement parsed;
        try {
            parsed = parser.parse(sql, data.dialect);
        } catch (RuntimeException e) {
            return null;
        }
        String[] key = countsEventsRepeatedly(sql, parsed);
        if (key == null) {
            return null;
        }
        SeedReadings.countDistinct(parsed, key[0], key[1]);
        return parsed.toString();
    }

    /** The qualifier and key column of the table {@code parsed} counts each event of several times, or null. */
    private String[] countsEventsRepeatedly(String sql, Statement parsed) {
        Map<String, String> counted = SeedReadings.rowCount(parsed);
        for (Map.Entry<String, String> table : counted.entrySet()) {
            if (!data.hasTable(table.getKey())) {
                continue;
            }
            SchemaData.RowsPerKey key = data.rowsPerKey(table.getKey());
            if (key == null) {
                continue;
            }
            List<String> rowKey =
                    data.primaryKeys.getOrDefault(table.getKey().toLowerCase(Locale.ROOT), Set.of()).stream()
                            .sorted()
                            .map(data::identifier)
                            .toList();
            String probe;
            try {
                probe = SeedReadings.keyProbe(
                        parser.parse(sql, data.dialect), table.getValue(), data.identifier(key.column()), rowKey);
            } catch (RuntimeException e) {
                continue;
            }
            if (countsAllRowsOfEachKey(probe, key.rows(), !rowKey.isEmpty())) {
                return new String[] {table.getValue(), data.identifier(key.column())};
            }
        }
        return null;
    }

    /**
     * Whether the probe's rows are rows of the table counted once each (by its primary key, when it has one: a count
     * of another table's rows joined to it, goals per side, counts no side) and every key value among them comes
     * with {@code perKey} of them.
     */
    private boolean countsAllRowsOfEachKey(String probe, int perKey, boolean keyed) {
        try {
            return data.session.query(probe, data.queryTimeout, PROBED_ROWS + 1, rs -> {
                Map<String, Set<String>> rowsByKey = new HashMap<>();
                Set<String> seen = new HashSet<>();
                int n = 0;
                while (rs.next()) {
                    if (++n > PROBED_ROWS) {
                        return false;
                    }
                    String row = String.valueOf(n);
                    if (keyed) {
                        StringBuilder id = new StringBuilder();
                        for (int i = 2; i <= rs.getMetaData().getColumnCount(); i++) {
                            id.append(rs.getString(i)).append('\u0001');
                        }
                        row = id.toString();
                        if (!seen.add(row)) {
                            return false; // a table row counted more than once: the count is of another table's rows
                        }
                    }
                    rowsByKey
                            .computeIfAbsent(String.valueOf(rs.getString(1)), k -> new HashSet<>())
                            .add(row);
                }
                return !rowsByKey.isEmpty() && rowsByKey.values().stream().allMatch(r -> r.size() == perKey);
            });
        } catch (SQLException e) {
            return false;
        }
    }
}
