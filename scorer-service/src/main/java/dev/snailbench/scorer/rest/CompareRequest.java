package dev.snailbench.scorer.rest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.TooLarge;
import dev.snailbench.scorer.service.compare.Cells;
import dev.snailbench.scorer.service.compare.ComparableTable;
import dev.snailbench.scorer.service.compare.CompareOptions;
import dev.snailbench.scorer.service.compare.Row;
import dev.snailbench.scorer.service.compare.Tolerance;
import dev.snailbench.tenancy.JsonErrors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One pair to compare as {@code POST /compare} and each line of {@code POST /compare/batch} carry it: two results
 * and the comparison's options. JSON numbers are numbers, strings are text ("1" is not 1), null is NULL. Every bad
 * value is a 400 (413 for too many rows) naming its field.
 *
 * <p>A pair is read in two steps: {@link #read} takes the tokens of one JSON value and {@link Body#request} checks
 * it. The rows of {@code gold} and {@code predicted} (nearly all of a pair's bytes) go straight from the tokens into
 * comparable cells, without a tree of nodes in between; everything else is read as a small tree. The checks then run
 * in the same order whatever the order of the fields in the document, so a pair with several faults is always
 * answered with the same one.
 */
record CompareRequest(ComparableTable gold, ComparableTable predicted, CompareOptions options) {

    /** The fields of a pair; a batch line may also carry {@code id}. */
    static final String[] FIELDS = {"gold", "predicted", "orderBy", "nullsEqual", "tolerance"};

    /** A cell that is not a string, number, boolean or null; reported when the checks reach it. */
    private static final Object NOT_A_CELL = new Object();
    /** A row that is not an array; reported when the checks reach it. */
    private static final Object NOT_A_ROW = new Object();

    /**
     * A pair as read, not yet checked: the JSON value with each table's {@code rows} array left empty, and those
     * rows (each an {@code Object[]} of comparable cells, or {@link #NOT_A_ROW}) by table field.
     */
    record Body(JsonNode node, Map<String, List<Object>> rows) {

        /** The line's {@code id}, as sent (null when absent or when the value is not an object). */
        JsonNode id() {
            return node == null ? null : node.get("id");
        }

        CompareRequest request(int maxRows, String... fields) {
            return of(this, maxRows, fields);
        }
    }

    /** {@code POST /compare}'s body, already a tree: read through the same tokens as a batch line. */
    static CompareRequest of(JsonNode body, ObjectMapper json, int maxRows, String... fields) {
        if (body == null) {
            return of(new Body(null, Map.of()), maxRows, fields);
        }
        try (JsonParser tokens = json.treeAsTokens(body)) {
            return read(tokens).request(maxRows, fields);
        } catch (IOException e) {
            throw new UncheckedIOException("reading a tree cannot fail", e);
        }
    }

    /**
     * Reads one JSON value from {@code tokens} (positioned before it); a parser without a codec cannot read the
     * parts kept as a tree. Trailing tokens are the caller's business.
     */
    static Body read(JsonParser tokens) throws IOException {
        JsonToken first = tokens.nextToken();
        if (first != JsonToken.START_OBJECT) {
            return new Body(first == null ? null : tokens.readValueAsTree(), Map.of());
        }
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        Map<String, List<Object>> rows = new HashMap<>(4);
        Map<Double, BigDecimal> numbers = new HashMap<>();
        for (String name = tokens.nextFieldName(); name != null; name = tokens.nextFieldName()) {
            JsonToken value = tokens.nextToken();
            if (value == JsonToken.START_OBJECT && isTable(name)) {
                node.set(name, table(tokens, name, rows, numbers));
            } else {
                node.set(name, tokens.readValueAsTree());
            }
        }
        return new Body(node, rows);
    }

    /** The fields whose {@code rows} are streamed. */
    private static boolean isTable(String name) {
        return name.equals("gold") || name.equals("predicted");
    }

    /** A table object with its {@code rows} array streamed into {@code rows} (the node keeps an empty array). */
    private static ObjectNode table(
            JsonParser tokens, String field, Map<String, List<Object>> rows, Map<Double, BigDecimal> numbers)
            throws IOException {
        ObjectNode table = JsonNodeFactory.instance.objectNode();
        for (String name = tokens.nextFieldName(); name != null; name = tokens.nextFieldName()) {
            JsonToken value = tokens.nextToken();
            if (value == JsonToken.START_ARRAY && name.equals("rows")) {
                rows.put(field, rows(tokens, numbers));
                table.set(name, JsonNodeFactory.instance.arrayNode());
            } else {
                table.set(name, tokens.readValueAsTree());
            }
        }
        return table;
    }

    private static List<Object> rows(JsonParser tokens, Map<Double, BigDecimal> numbers) throws IOException {
        List<Object> out = new ArrayList<>();
        List<Object> cells = new ArrayList<>();
        for (JsonToken row = tokens.nextToken(); row != JsonToken.END_ARRAY; row = tokens.nextToken()) {
            if (row != JsonToken.START_ARRAY) {
                tokens.skipChildren();
                out.add(NOT_A_ROW);
                continue;
            }
            cells.clear();
            for (JsonToken cell = tokens.nextToken(); cell != JsonToken.END_ARRAY; cell = tokens.nextToken()) {
                cells.add(cell(tokens, cell, numbers));
            }
            out.add(cells.toArray());
        }
        return out;
    }

    /**
     * The comparable form of the cell at {@code token}: exactly the value the JSON tree would give (a JSON float is
     * a double first, so 0.1 is 0.1 and not the double's binary expansion). Each distinct float is converted once
     * per pair: gold and predicted mostly hold the same numbers.
     */
    private static Object cell(JsonParser tokens, JsonToken token, Map<Double, BigDecimal> numbers) throws IOException {
        switch (token) {
            case VALUE_NULL:
                return null;
            case VALUE_STRING:
                return tokens.getText();
            case VALUE_TRUE:
                return "true";
            case VALUE_FALSE:
                return "false";
            case VALUE_NUMBER_INT:
                JsonParser.NumberType type = tokens.getNumberType();
                return Cells.normalize(
                        type == JsonParser.NumberType.BIG_INTEGER
                                ? new BigDecimal(tokens.getBigIntegerValue())
                                : BigDecimal.valueOf(tokens.getLongValue()));
            case VALUE_NUMBER_FLOAT:
                if (tokens.getNumberType() == JsonParser.NumberType.BIG_DECIMAL) {
                    return Cells.normalize(tokens.getDecimalValue());
                }
                double d = tokens.getDoubleValue();
                if (!Double.isFinite(d)) {
                    // Converted (and failing) where the checks reach it, as every other cell fault.
                    return d;
                }
                return numbers.computeIfAbsent(d, x -> Cells.normalize(BigDecimal.valueOf(x)));
            default:
                tokens.skipChildren();
                return NOT_A_CELL;
        }
    }

    private static CompareRequest of(Body read, int maxRows, String... fields) {
        JsonNode body = read.node();
        if (body == null || !body.isObject()) {
            throw bad("body", "must be a JSON object with gold and predicted");
        }
        JsonErrors.onlyFields(body, "", fields);
        ComparableTable gold = table(body, "gold", read.rows().get("gold"), maxRows);
        ComparableTable predicted = table(body, "predicted", read.rows().get("predicted"), maxRows);
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

    private static ComparableTable table(JsonNode body, String field, List<Object> rows, int maxRows) {
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
        JsonNode rowsNode = t.get("rows");
        if (rowsNode == null || !rowsNode.isArray()) {
            throw bad(field + ".rows", "must be an array of arrays");
        }
        // An array of rows is always streamed (read() leaves the node's array empty).
        if (rows.size() > maxRows) {
            throw new TooLarge(field + ".rows has " + rows.size() + " rows; the limit is " + maxRows, field + ".rows");
        }
        List<Row> out = new ArrayList<>(rows.size());
        int width = -1;
        for (int r = 0; r < rows.size(); r++) {
            // Error locations are spelled out only on error: a 1,000-row result has 5,000 cells to read.
            if (!(rows.get(r) instanceof Object[] row)) {
                throw bad(field + ".rows[" + r + "]", "must be an array");
            }
            if (!columns.isEmpty() && row.length != columns.size()) {
                throw bad(
                        field + ".rows[" + r + "]",
                        "has " + row.length + " cells but " + field + ".columns has " + columns.size());
            }
            if (width >= 0 && row.length != width) {
                throw bad(field + ".rows[" + r + "]", "has " + row.length + " cells, earlier rows " + width);
            }
            width = row.length;
            for (int c = 0; c < row.length; c++) {
                Object cell = row[c];
                if (cell == NOT_A_CELL) {
                    throw bad(field + ".rows[" + r + "][" + c + "]", "must be a string, number, boolean or null");
                }
                if (cell instanceof Double infinite) {
                    // BigDecimal has no infinity: fails as the tree's conversion does.
                    row[c] = Cells.normalize(BigDecimal.valueOf(infinite));
                }
            }
            out.add(new Row(row));
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
