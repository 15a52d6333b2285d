package dev.snailbench.scorer.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.scorer.service.compare.Comparison;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
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
    private final ObjectMapper json;

    public CompareResource(ResultComparisons comparisons, ScorerConfig config, ObjectMapper json) {
        this.comparisons = comparisons;
        this.config = config;
        this.json = json;
    }

    /** A tenant's key is needed: the comparison is work done for someone (and the body is up to 16 MB). */
    @Operation(operationId = "compareResults", summary = "Compare a gold and a predicted result with every comparator")
    @APIResponse(responseCode = "200", description = "every comparator and metric")
    @APIResponse(responseCode = "413", description = "a result has more rows than allowed")
    @POST
    public Comparison compare(JsonNode body) {
        CompareRequest pair = CompareRequest.of(body, json, config.maxRowsPerResult(), CompareRequest.FIELDS);
        return comparisons.compare(pair.gold(), pair.predicted(), pair.options());
    }
}
