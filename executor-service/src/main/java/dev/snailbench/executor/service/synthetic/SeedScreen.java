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
 * apart ({@link SeedReadings}).
 * A seed that fails any is flagged and gives no pairs: its fault would be copied into every one.
 */
final class SeedScreen {

    /** The seed's result (null when it failed: {@code failure} says why) and the check it fails, with why. */
    record Verdict(TextTable result, String failure, String check, String why) {}

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
    private Map<String, Map<String, String>> types() {
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
}
