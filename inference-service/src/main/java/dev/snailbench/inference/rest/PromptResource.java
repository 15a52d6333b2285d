package dev.snailbench.inference.rest;

import dev.snailbench.inference.InferenceException;
import dev.snailbench.inference.prompt.Prompt;
import dev.snailbench.inference.prompt.PromptBuilder;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.tenancy.TenantAuthenticator;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Shows the exact prompt a work item would be sent (same builder as the Kafka hop). */
@Path("/prompts/preview")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class PromptResource {

    private final PromptBuilder prompts;
    private final TenantAuthenticator auth;

    public PromptResource(PromptBuilder prompts, TenantAuthenticator auth) {
        this.prompts = prompts;
        this.auth = auth;
    }

    /** A tenant's key is needed; reads schema files on first use: a worker thread. */
    @Operation(operationId = "previewPrompt", summary = "Preview the prompt a model would be asked")
    @APIResponse(responseCode = "200", description = "the prompt and its token estimate")
    @POST
    public Uni<Prompt> preview(@HeaderParam(ApiKeys.HEADER) String apiKey, WorkItem item) {
        return auth.thenBlocking(apiKey, tenant -> preview(item));
    }

    private Prompt preview(WorkItem item) {
        if (item == null) {
            throw new BadRequest("body is required: a work item (question, dialect, level, schemaId, promptOptions)");
        }
        if (item.question() == null || item.question().isBlank()) {
            throw new BadRequest("question is required");
        }
        if (item.dialect() == null) {
            throw new BadRequest("dialect is required (postgresql or sqlserver)");
        }
        if (item.schemaId() == null || item.schemaId().isBlank()) {
            throw new BadRequest("schemaId is required (a SNAILS database name or footballdb/v1..v3)");
        }
        if (item.promptOptions().shots() < 0 || item.promptOptions().sampleValues() < 0
                || item.promptOptions().maxPromptTokens() < 0) {
            throw new BadRequest("promptOptions: shots, sampleValues and maxPromptTokens must not be negative");
        }
        try {
            return prompts.build(item);
        } catch (InferenceException e) {
            throw new BadRequest(e.getMessage());
        }
    }
}
