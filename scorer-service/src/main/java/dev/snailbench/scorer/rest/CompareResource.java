package dev.snailbench.scorer.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.scorer.service.compare.Cells;
import dev.snailbench.scorer.service.compare.CompareOptions;
import dev.snailbench.scorer.service.compare.Comparison;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import dev.snailbench.scorer.service.compare.ComparableTable;
import dev.snailbench.scorer.service.compare.Row;
import dev.snailbench.scorer.service.compare.Tolerance;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.tenancy.ApiError;
import dev.snailbench.tenancy.JsonErrors;
import dev.snailbench.tenancy.TenantAuthenticator;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
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
    private final TenantAuthenticator auth;

    public CompareResource(ResultComparisons comparisons, ScorerConfig config, TenantAuthenticator auth) {
        this.comparisons = comparisons;
        this.config = config;
        this.auth = auth;
    }

    /** A tenant's key is needed: the comparison is work done for someone (and the body is up to 16 MB). */
    @Operation(operationId = "compareResults", summary = "Compare a gold and a predicted result with every comparator")
    @APIResponse(responseCode = "200", description = "every comparator and metric")
    @APIResponse(responseCode = "413", description = "a result has more rows than allowed")
    @POST
    public Uni<Comparison> compare(@HeaderParam(ApiKeys.HEADER) String apiKey, JsonNode body) {
        return auth.thenBlocking(apiKey, tenant -> compare(body));
    }

    private Comparison compare(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiError.of(400, "body must be a JSON object with gold and predicted");
        }
        JsonErrors.onlyFields(body, "", "gold", "predicted", "orderBy", "nullsEqual", "tolerance");
        ComparableTable gold = table(body, "gold");
        ComparableTable predicted = table(body, "predicted");
        boolean orderBy = bool(body, "orderBy", false);
        boolean nullsEqual = bool(body, "nullsEqual", true);
        Tolerance tolerance = Tolerance.EXACT;
        JsonNode tol = body.get("tolerance");
        if (tol != null && !tol.isNull()) {
            if (!tol.isObject()) {
                throw ApiError.of(400, "tolerance must be an object {\"absolute\": …, \"relative\": …}");
            }
            JsonErrors.onlyFields(tol, "tolerance", "absolute", "relative");
            try {
                tolerance = new Tolerance(number(tol, "tolerance.absolute"), number(tol, "tolerance.relative"));
            } catch (IllegalArgumentException e) {
                throw ApiError.of(400, "tolerance: " + e.getMessage());
            }
        }
        return comparisons.compare(gold, predicted, new CompareOptions(orderBy, tolerance, nullsEqual));
    }

    private ComparableTable table(JsonNode body, String field) {
        JsonNode t = body.get(field);
        if (t == null || !t.isObject()) {
            throw ApiError.of(400, field + " is required: {\"columns\": [...], \"rows\": [[...]]}");
        }
        JsonErrors.onlyFields(t, field, "columns", "rows", "timesSeconds");
        List<String> columns = new ArrayList<>();
        JsonNode cols = t.get("columns");
        if (cols != null && !cols.isNull()) {
            if (!cols.isArray()) {
                throw ApiError.of(400, field + ".columns must be an array of names");
            }
            cols.forEach(c -> columns.add(c.asText()));
        }
        JsonNode rows = t.get("rows");
        if (rows == null || !rows.isArray()) {
            throw ApiError.of(400, field + ".rows must be an array of arrays");
        }
        if (rows.size() > config.maxRowsPerResult()) {
            throw ApiError.of(413, field + ".rows has " + rows.size() + " rows; the limit is "
                    + config.maxRowsPerResult());
        }
        List<Row> out = new ArrayList<>(rows.size());
        int width = -1;
        for (int r = 0; r < rows.size(); r++) {
            JsonNode row = rows.get(r);
            // Error locations are spelled out only on error: a 1,000-row result has 5,000 cells to read.
            if (!row.isArray()) {
                throw ApiError.of(400, field + ".rows[" + r + "] must be an array");
            }
            if (!columns.isEmpty() && row.size() != columns.size()) {
                throw ApiError.of(400, field + ".rows[" + r + "] has " + row.size() + " cells but " + field
                        + ".columns has " + columns.size());
            }
            if (width >= 0 && row.size() != width) {
                throw ApiError.of(400, field + ".rows[" + r + "] has " + row.size() + " cells, earlier rows " + width);
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
                throw ApiError.of(400, field + ".timesSeconds must be an array of numbers");
            }
            for (int i = 0; i < ts.size(); i++) {
                if (!ts.get(i).isNumber() || ts.get(i).asDouble() < 0) {
                    throw ApiError.of(400, field + ".timesSeconds[" + i + "] must be a number >= 0");
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
        throw ApiError.of(400, field + ".rows[" + row + "][" + column + "] must be a string, number, boolean or null");
    }

    private static boolean bool(JsonNode body, String field, boolean dflt) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return dflt;
        }
        if (!n.isBoolean()) {
            throw ApiError.of(400, field + " must be true or false");
        }
        return n.asBoolean();
    }

    private static double number(JsonNode obj, String path) {
        JsonNode n = obj.get(path.substring(path.indexOf('.') + 1));
        if (n == null || n.isNull()) {
            return 0;
        }
        if (!n.isNumber()) {
            throw ApiError.of(400, path + " must be a number");
        }
        return n.asDouble();
    }
}
