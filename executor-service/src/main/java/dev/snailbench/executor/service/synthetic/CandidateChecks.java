package dev.snailbench.executor.service.synthetic;

import dev.snailbench.executor.service.TextTables;
import dev.snailbench.executor.service.screening.DynamicGoldCheck;
import dev.snailbench.executor.service.screening.StaticGoldRules;
import dev.snailbench.model.domain.QatchSuite.TextTable;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.template.QueryChecks;
import dev.snailbench.sql.template.SeedTemplate;
import dev.snailbench.sql.template.SeedTemplate.Kind;
import dev.snailbench.sql.template.SeedTemplate.Slot;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import net.sf.jsqlparser.statement.Statement;

/**
 * The checks of a filled query a person would not ask: static ones ({@link QueryChecks}: a tautology by
 * construction, a column returned twice), a bound at the column's minimum or maximum, and the result's shape
 * against the seed's (one row stays one row, a top-N stays a top-N whose cut falls between rows the ORDER BY tells
 * apart), checked by running the query through the session's guarded runner.
 */
final class CandidateChecks {

    private final SchemaData data;
    private final SqlParser parser;
    private final Tally tally;

    CandidateChecks(SchemaData data, SqlParser parser, Tally tally) {
        this.data = data;
        this.parser = parser;
        this.tally = tally;
    }

    /** The static checks and the range comparisons against the data; false (counted) when one fails. */
    boolean meaningful(SeedTemplate template, SlotFiller.Filled filled) {
        Statement parsed;
        try {
            parsed = parser.parse(filled.sql(), data.dialect);
        } catch (RuntimeException e) {
            return true; // the database decides: a query the parser cannot read may still run
        }
        if (!QueryChecks.duplicateColumns(parsed).isEmpty()) {
            tally.refuse(Tally.DUPLICATE_COLUMN);
            return false;
        }
        if (!QueryChecks.tautologies(parsed).isEmpty()) {
            tally.refuse(Tally.TAUTOLOGY);
            return false;
        }
        for (int k = 0; k < template.slots().size(); k++) {
            Slot slot = template.slots().get(k);
            if (slot.kind() == Kind.VALUE
                    && slot.numeric()
                    && slot.prefix().isEmpty()
                    && slot.suffix().isEmpty()
                    && boundless(slot, filled.spoken().get(k))) {
                tally.refuse(Tally.TAUTOLOGY);
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code result} of {@code sql} has the seed's shape; false (counted) when not: the seed answered
     * with one row (or one row repeated: the final's stadium, once per team) and this does not, or the seed's
     * LIMIT n kept n rows and this keeps fewer or cuts through rows tied on the ORDER BY keys (the LIMIT would pick
     * among them at random).
     */
    boolean sameShape(Group group, String sql, TextTable result) {
        int rows = result.rows().size();
        if (group.seedDistinctRows == 1 && distinctRows(result) != 1) {
            tally.refuse(Tally.RESULT_SHAPE);
            return false;
        }
        // Rows the seed's value kept apart (one per team of a final) stay apart: a value that repeats them (a group
        // stage's teams, once per match) asks a question the seed's SQL was not written for.
        if (group.seedRows > 1 && group.seedDistinctRows == group.seedRows && distinctRows(result) < rows) {
            tally.refuse(Tally.RESULT_SHAPE);
            return false;
        }
        Statement parsed;
        try {
            parsed = parser.parse(sql, data.dialect);
        } catch (RuntimeException e) {
            return true;
        }
        StaticGoldRules.Cut cut = StaticGoldRules.cut(parsed);
        if (cut == null) {
            return true;
        }
        if (group.seedRows == cut.rows() && rows != cut.rows() || rows == cut.rows() && cutsTies(parsed, cut)) {
            tally.refuse(Tally.RESULT_SHAPE);
            return false;
        }
        return true;
    }

    /** The number of different rows of a result. */
    static int distinctRows(TextTable result) {
        return new HashSet<>(result.rows()).size();
    }

    /**
     * Whether the statement's LIMIT keeps some of several rows it cannot tell apart: the query kept one row longer
     * returns a next row equal to the last kept one on every ORDER BY key (any next row without ORDER BY).
     */
    boolean cutsTies(Statement parsed, StaticGoldRules.Cut cut) {
        Statement copy;
        try {
            copy = parser.parse(parsed.toString(), data.dialect);
        } catch (RuntimeException e) {
            return false;
        }
        DynamicGoldCheck.CutProbe probe = DynamicGoldCheck.cutProbe(copy, cut);
        if (probe == null) {
            return false;
        }
        TextTable longer;
        try {
            longer = data.query(probe.sql(), (int) probe.keep(), rs -> TextTables.read(rs, (int) probe.keep()));
        } catch (SQLException e) {
            tally.note("cut probe " + probe.sql() + " -- " + e.getMessage());
            return false;
        }
        if (longer == null || longer.rows().size() < probe.keep()) {
            return false;
        }
        List<String> last = longer.rows().get((int) cut.rows() - 1);
        List<String> next = longer.rows().get((int) cut.rows());
        return probe.keyColumns().stream().allMatch(c -> Objects.equals(last.get(c), next.get(c)));
    }

    /**
     * Whether {@code column op value} holds for every row with a value, or for none: a bound at the column's
     * minimum or maximum, or any comparison on a column with one value.
     */
    private boolean boundless(Slot slot, String value) {
        BigDecimal v;
        try {
            v = new BigDecimal(value.trim());
        } catch (NumberFormatException e) {
            return false;
        }
        BigDecimal[] range = data.range(slot.table(), slot.column());
        if (range == null) {
            return false;
        }
        BigDecimal min = range[0];
        BigDecimal max = range[1];
        return switch (slot.operator()) {
            case ">=" -> v.compareTo(min) <= 0 || v.compareTo(max) > 0;
            case "<=" -> v.compareTo(max) >= 0 || v.compareTo(min) < 0;
            case ">" -> v.compareTo(min) < 0 || v.compareTo(max) >= 0;
            case "<" -> v.compareTo(max) > 0 || v.compareTo(min) <= 0;
            default -> min.compareTo(max) == 0;
        };
    }
}
