package dev.snailbench.inference.rest;

import dev.snailbench.inference.repository.InferenceRecord;
import dev.snailbench.inference.repository.InferenceRecordRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.tenancy.TenantAuthenticator;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotFoundException;
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
    private final TenantAuthenticator tenants;

    public InferenceResource(InferenceRecordRepository records, TenantAuthenticator tenants) {
        this.records = records;
        this.tenants = tenants;
    }

    /**
     * The caller's own inference only: it holds the prompt (schema and sample values of the team's database) and
     * the model's answer. Another tenant's work item answers 404, as one that does not exist.
     */
    @Operation(operationId = "getInference", summary = "Get a work item's prompt, answer and cost")
    @APIResponse(responseCode = "200", description = "the inference record")
    @GET
    @Path("/{workItemId}")
    @WithSession
    public Uni<InferenceRecord> get(@HeaderParam(ApiKeys.HEADER) String apiKey,
            @PathParam("workItemId") String workItemId) {
        UUID id;
        try {
            id = UUID.fromString(workItemId);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("workItemId must be a UUID, was " + workItemId);
        }
        return tenants.tenantOf(apiKey).chain(tenant -> records.findById(id)
                .onItem().ifNull().failWith(() -> new NotFoundException("no inference stored for work item " + workItemId))
                .invoke(record -> {
                    if (!tenant.equals(record.tenantId)) {
                        throw new NotFoundException("no inference stored for work item " + workItemId);
                    }
                }));
    }
}
