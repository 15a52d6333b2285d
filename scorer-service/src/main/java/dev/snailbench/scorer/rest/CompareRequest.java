package dev.snailbench.scorer.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.TooLarge;
import dev.snailbench.scorer.service.compare.Cells;
import dev.snailbench.scorer.service.compare.CompareOptions;
import dev.snailbench.scorer.service.compare.ComparableTable;
import dev.snailbench.scorer.service.compare.Row;
import dev.snailbench.scorer.service.compare.Tolerance;
import dev.snailbench.tenancy.JsonErrors;
import java.util.ArrayList;
import java.util.List;

/**
 * One pair to compare as {@code POST /compare} and each line of {@code POST /compare/batch} carry it: two results
 * and the comparison's options. JSON numbers are numbers, strings are text ("1" is not 1), null is NULL. Every bad
 * value is a 400 (413 for too many rows) naming its field.
 */
record CompareRequest(ComparableTable gold, ComparableTable predicted, CompareOptions options) {

    /** The fields of a pair; a batch line may also carry {@code id}. */
    static final String[] FIELDS = {"gold", "predicted", "orderBy", "nullsEqual", "tolerance"};

    static CompareRequest of(JsonNode body, int maxRows, String... fields) {
        if (body == null || !body.isObject()) {
            throw bad("body", "must be a JSON object with gold and predicted");
        }
        JsonErrors.onlyFields(body, "", fields);
        ComparableTable gold = table(body, "gold", maxRows);
        ComparableTable predicted = table(body, "predicted", maxRows);
        boolean orderBy = bool(body, "orderBy", false);
        boolean nullsEqual = bool(body, "nullsEqual", true);
        Tolerance tolerance = Tolerance.EXACT;
        JsonNode tol = body.get("tolerance");
        if (tol != null && !tol.isNull()) {
            if (!tol.isObject()) {
                throw bad("tolerance", "must be an object {\"absolute\": …, \"relative\": …}");
            }
            JsonErrors.onlyFields(tol, "tolerance", "absolute", "relative");
            try {
                tolerance = new Tolerance(number(tol, "tolerance.absolute"), number(tol, "tolerance.relative"));
            } catch (IllegalArgumentException e) {
                throw bad("tolerance", e.getMessage());
            }
        }
        return new CompareRequest(gold, predicted, new CompareOptions(orderBy, tolerance, nullsEqual));
    }

    private static ComparableTable table(JsonNode body, String field, int maxRows) {
        JsonNode t = body.get(field);
        if (t == null || !t.isObject()) {
            throw bad(field, "is required: {\"columns\": [...], \"rows\": [[...]]}");
        }
        JsonErrors.onlyFields(t, field, "columns", "rows", "timesSeconds");
        List<String> columns = new ArrayList<>();
        JsonNode cols = t.get("columns");
        if (cols != null && !cols.isNull()) {
            if (!cols.isArray()) {
                throw bad(field + ".columns", "must be an array of names");
            }
            cols.forEach(c -> columns.add(c.asText()));
        }
        JsonNode rows = t.get("rows");
        if (rows == null || !rows.isArray()) {
            throw bad(field + ".rows", "must be an array of arrays");
        }
        if (rows.size() > maxRows) {
            throw new TooLarge(field + ".rows has " + rows.size() + " rows; the limit is " + maxRows, field + ".rows");
        }
        List<Row> out = new ArrayList<>(rows.size());
        int width = -1;
        for (int r = 0; r < rows.size(); r++) {
            JsonNode row = rows.get(r);
            // Error locations are spelled out only on error: a 1,000-row result has 5,000 cells to read.
            if (!row.isArray()) {
                throw bad(field + ".rows[" + r + "]", "must be an array");
            }
            if (!columns.isEmpty() && row.size() != columns.size()) {
                throw bad(field + ".rows[" + r + "]", "has " + row.size() + " cells but " + field
                        + ".columns has " + columns.size());
            }
            if (width >= 0 && row.size() != width) {
                throw bad(field + ".rows[" + r + "]", "has " + row.size() + " cells, earlier rows "
                        + width);
            }
            width = row.size();
            Object[] cells = new Object[row.size()];
            for (int c = 0; c < row.size(); c++) {
                cells[c] = cell(row.get(c), field, r, c);
            }
            out.add(new Row(cells));
        }
        List<Double> times = new ArrayList<>();
        JsonNode ts = t.get("timesSeconds");
        if (ts != null && !ts.isNull()) {
            if (!ts.isArray()) {
                throw bad(field + ".timesSeconds", "must be an array of numbers");
            }
            for (int i = 0; i < ts.size(); i++) {
                if (!ts.get(i).isNumber() || ts.get(i).asDouble() < 0) {
                    throw bad(field + ".timesSeconds[" + i + "]", "must be a number >= 0");
                }
                times.add(ts.get(i).asDouble());
            }
        }
        return new ComparableTable(columns, out, times);
    }

    private static Object cell(JsonNode c, String field, int row, int column) {
        if (c.isNull()) {
            return null;
        }
        if (c.isNumber()) {
            return Cells.normalize(c.decimalValue());
        }
        if (c.isTextual()) {
            return c.asText();
        }
        if (c.isBoolean()) {
            return Boolean.toString(c.asBoolean());
        }
        throw bad(field + ".rows[" + row + "][" + column + "]",
                "must be a string, number, boolean or null");
    }

    private static boolean bool(JsonNode body, String field, boolean dflt) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return dflt;
        }
        if (!n.isBoolean()) {
            throw bad(field, "must be true or false");
        }
        return n.asBoolean();
    }

    private static double number(JsonNode obj, String path) {
        JsonNode n = obj.get(path.substring(path.indexOf('.') + 1));
        if (n == null || n.isNull()) {
            return 0;
        }
        if (!n.isNumber()) {
            throw bad(path, "must be a number");
        }
        return n.asDouble();
    }

    /** A 400 naming the field, the message starting with it ({@code gold.rows must be an array of arrays}). */
    private static InvalidInput bad(String field, String problem) {
        return new InvalidInput(field, field + " " + problem);
    }
}
