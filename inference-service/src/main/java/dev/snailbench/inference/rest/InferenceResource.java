package dev.snailbench.inference.rest;

import dev.snailbench.inference.repository.InferenceRecord;
import dev.snailbench.inference.repository.InferenceRecordRepository;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.tenancy.PathIds;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** The stored inference of a work item: prompt, raw answer, predicted SQL, tokens, cost, latency. */
@Path("/inferences")
@Produces(MediaType.APPLICATION_JSON)
public class InferenceResource {

    private final InferenceRecordRepository records;
    private final Caller caller;

    public InferenceResource(InferenceRecordRepository records, Caller caller) {
        this.records = records;
        this.caller = caller;
    }

    /**
     * The caller's own inference only: it holds the prompt (schema and sample values of the team's database) and
     * the model's answer. Another tenant's work item answers 404, as one that does not exist.
     */
    @Operation(operationId = "getInference", summary = "Get a work item's prompt, answer and cost")
    @APIResponse(responseCode = "200", description = "the inference record")
    @GET
    @Path("/{workItemId}")
    public Uni<InferenceRecord> get(@PathParam("workItemId") String workItemId) {
        UUID id = PathIds.uuid(workItemId, "inference stored for work item");
        return records.stored(id)
                .onItem()
                .ifNull()
                .failWith(() -> new NotFound("no inference stored for work item " + workItemId))
                .invoke(record -> {
                    if (!caller.tenantId().equals(record.tenantId)) {
                        throw new NotFound("no inference stored for work item " + workItemId);
                    }
                });
    }
}
