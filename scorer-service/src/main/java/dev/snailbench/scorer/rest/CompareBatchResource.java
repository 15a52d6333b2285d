package dev.snailbench.scorer.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.scorer.config.CompareThreads;
import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.inject.Named;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutorService;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Many pairs in one request: NDJSON in (each line a {@code POST /compare} body, plus an optional client
 * {@code id}), NDJSON out, one answer per line in the order of the lines ({@link CompareBatch}). Read on a worker
 * thread and compared on the shared compare threads while the answers stream back, so the lines held at once are at
 * most {@code snailbench.scorer.batch-max-line-size} bytes whatever the number of pairs. Compares with the same
 * {@link ResultComparisons} as {@code POST /compare} and the scorer's own consumer.
 */
@Path(BodyLimits.BATCH_PATH)
public class CompareBatchResource {

    static final String NDJSON = "application/x-ndjson";

    private final ResultComparisons comparisons;
    private final ScorerConfig config;
    private final ObjectMapper json;
    private final ExecutorService comparing;

    public CompareBatchResource(
            ResultComparisons comparisons,
            ScorerConfig config,
            ObjectMapper json,
            @Named(CompareThreads.NAME) ExecutorService comparing) {
        this.comparisons = comparisons;
        this.config = config;
        this.json = json;
        this.comparing = comparing;
    }

    @Operation(
            operationId = "compareBatch",
            summary = "Compare many gold/predicted pairs, streamed as NDJSON",
            description = "Each request line is a POST /compare body (gold, predicted, orderBy, nullsEqual, "
                    + "tolerance) with an optional id (a string or a number). Each response line answers the line "
                    + "of the same number, in order: {line, id, status: 200, result} with the comparison as POST "
                    + "/compare gives it, or {line, id, status, error, field} for a line that could not be compared "
                    + "(400 bad JSON or field, 413 a line longer than snailbench.scorer.batch-max-line-size or a "
                    + "result with too many rows); the lines after it are compared as usual. When the batch runs "
                    + "past snailbench.scorer.batch-timeout, a last line {line, status: 503, error} names the first "
                    + "line not compared. Send and read at the same time (as curl does): answers stream back while "
                    + "the request is still being sent.")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = NDJSON,
                            schema =
                                    @Schema(
                                            type = SchemaType.STRING,
                                            description =
                                                    "one JSON object per line: {\"id\": \"q1\", \"gold\": {\"columns\": [...], \"rows\": "
                                                            + "[[...]]}, \"predicted\": {...}, \"orderBy\": false}")))
    @APIResponse(
            responseCode = "200",
            description = "one answer per request line, in order",
            content =
                    @Content(
                            mediaType = NDJSON,
                            schema = @Schema(anyOf = {BatchAnswers.ResultLine.class, BatchAnswers.ErrorLine.class})))
    @APIResponse(
            responseCode = "400",
            description = "an empty body (the error names the field: body)",
            content = @Content(mediaType = "application/json", schema = @Schema(ref = "ApiError")))
    @POST
    @Blocking
    @Consumes(NDJSON)
    @Produces(NDJSON)
    public Response compareBatch(InputStream body) {
        long deadline = System.nanoTime() + config.batchTimeout().toNanos();
        // The stream's reader takes a worker thread of its own; the request's thread writes the answers.
        CompareBatch batch = new CompareBatch(
                body,
                comparisons,
                json,
                config,
                deadline,
                Infrastructure.getDefaultWorkerPool(),
                comparing,
                CompareThreads.count(config));
        try {
            if (!batch.hasLine()) {
                throw new InvalidInput("body", "body has no line: send one pair (a JSON object) per line");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Response.ok(batch, NDJSON).build();
    }
}
