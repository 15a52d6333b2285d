package dev.snailbench.scorer.rest;

import dev.snailbench.model.problem.TooLarge;
import dev.snailbench.model.problem.InvalidInput;
import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.scorer.service.compare.Cells;
import dev.snailbench.scorer.service.compare.CompareOptions;
import dev.snailbench.scorer.service.compare.Comparison;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import dev.snailbench.scorer.service.compare.ResultTable;
import dev.snailbench.scorer.service.compare.Row;
import dev.snailbench.scorer.service.compare.Tolerance;
import dev.snailbench.tenancy.JsonErrors;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Stateless comparison of two result sets with every comparator and QATCH metric. JSON numbers are numbers,
 * strings are text ("1" is not 1), null is NULL. Needs a tenant's key; compares on a worker thread.
 */
@Path("/compare")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class CompareResource {

    private final ResultComparisons comparisons;
    private final ScorerConfig config;

    public CompareResource(ResultComparisons comparisons, ScorerConfig config) {
        this.comparisons = comparisons;
        this.config = config;
    }

    /** A tenant's key is needed: the comparison is work done for someone (and the body is up to 16 MB). */
    @Operation(operationId = "compareResults", summary = "Compare a gold and a predicted result with every comparator")
    @APIResponse(responseCode = "200", description = "every comparator and metric")
    @APIResponse(responseCode = "413", description = "a result has more rows than allowed")
    @POST
    public Comparison compare(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new InvalidInput(null, "body must be a JSON object with gold and predicted");
        }
        JsonErrors.onlyFields(body, "", "gold", "predicted", "orderBy", "nullsEqual", "tolerance");
        ResultTable gold = table(body, "gold");
        ResultTable predicted = table(body, "predicted");
        boolean orderBy = bool(body, "orderBy", false);
        boolean nullsEqual = bool(body, "nullsEqual", true);
        Tolerance tolerance = Tolerance.EXACT;
        JsonNode tol = body.get("tolerance");
        if (tol != null && !tol.isNull()) {
            if (!tol.isObject()) {
                throw new InvalidInput(null, "tolerance must be an object {\"absolute\": …, \"relative\": …}");
            }
            JsonErrors.onlyFields(tol, "tolerance", "absolute", "relative");
            try {
                tolerance = new Tolerance(number(tol, "tolerance.absolute"), number(tol, "tolerance.relative"));
            } catch (IllegalArgumentException e) {
                throw new InvalidInput(null, "tolerance: " + e.getMessage());
            }
        }
        return comparisons.compare(gold, predicted, new CompareOptions(orderBy, tolerance, nullsEqual));
    }

    private ResultTable table(JsonNode body, String field) {
        JsonNode t = body.get(field);
        if (t == null || !t.isObject()) {
            throw new InvalidInput(null, field + " is required: {\"columns\": [...], \"rows\": [[...]]}");
        }
        JsonErrors.onlyFields(t, field, "columns", "rows", "timesSeconds");
        List<String> columns = new ArrayList<>();
        JsonNode cols = t.get("columns");
        if (cols != null && !cols.isNull()) {
            if (!cols.isArray()) {
                throw new InvalidInput(null, field + ".columns must be an array of names");
            }
            cols.forEach(c -> columns.add(c.asText()));
        }
        JsonNode rows = t.get("rows");
        if (rows == null || !rows.isArray()) {
            throw new InvalidInput(null, field + ".rows must be an array of arrays");
        }
        if (rows.size() > config.maxRowsPerResult()) {
            throw new TooLarge(field + ".rows has " + rows.size() + " rows; the limit is "
                    + config.maxRowsPerResult());
        }
        List<Row> out = new ArrayList<>(rows.size());
        int width = -1;
        for (int r = 0; r < rows.size(); r++) {
            JsonNode row = rows.get(r);
            // Error locations are spelled out only on error: a 1,000-row result has 5,000 cells to read.
            if (!row.isArray()) {
                throw new InvalidInput(null, field + ".rows[" + r + "] must be an array");
            }
            if (!columns.isEmpty() && row.size() != columns.size()) {
                throw new InvalidInput(null, field + ".rows[" + r + "] has " + row.size() + " cells but " + field
                        + ".columns has " + columns.size());
            }
            if (width >= 0 && row.size() != width) {
                throw new InvalidInput(null, field + ".rows[" + r + "] has " + row.size() + " cells, earlier rows " + width);
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
                throw new InvalidInput(null, field + ".timesSeconds must be an array of numbers");
            }
            for (int i = 0; i < ts.size(); i++) {
                if (!ts.get(i).isNumber() || ts.get(i).asDouble() < 0) {
                    throw new InvalidInput(null, field + ".timesSeconds[" + i + "] must be a number >= 0");
                }
                times.add(ts.get(i).asDouble());
            }
        }
        return new ResultTable(columns, out, times);
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
        throw new InvalidInput(null, field + ".rows[" + row + "][" + column + "] must be a string, number, boolean or null");
    }

    private static boolean bool(JsonNode body, String field, boolean dflt) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return dflt;
        }
        if (!n.isBoolean()) {
            throw new InvalidInput(null, field + " must be true or false");
        }
        return n.asBoolean();
    }

    private static double number(JsonNode obj, String path) {
        JsonNode n = obj.get(path.substring(path.indexOf('.') + 1));
        if (n == null || n.isNull()) {
            return 0;
        }
        if (!n.isNumber()) {
            throw new InvalidInput(null, path + " must be a number");
        }
        return n.asDouble();
    }
}
