package dev.snailbench.inference.rest;

import dev.snailbench.inference.InferenceException;
import dev.snailbench.inference.prompt.Prompt;
import dev.snailbench.inference.prompt.PromptBuilder;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.problem.InvalidInput;
import jakarta.ws.rs.Consumes;
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

    public PromptResource(PromptBuilder prompts) {
        this.prompts = prompts;
    }

    /** A tenant's key is needed; reads schema files on first use: a worker thread. */
    @Operation(operationId = "previewPrompt", summary = "Preview the prompt a model would be asked")
    @APIResponse(responseCode = "200", description = "the prompt and its token estimate")
    @POST
    public Prompt preview(WorkItem item) {
        if (item == null) {
            throw new InvalidInput(
                    null, "body is required: a work item (question, dialect, level, schemaId, promptOptions)");
        }
        if (item.question() == null || item.question().isBlank()) {
            throw new InvalidInput("question", "question is required");
        }
        if (item.dialect() == null) {
            throw new InvalidInput("dialect", "dialect is required (postgresql or sqlserver)");
        }
        if (item.schemaId() == null || item.schemaId().isBlank()) {
            throw new InvalidInput("schemaId", "schemaId is required (a SNAILS database name or footballdb/v1..v3)");
        }
        if (item.promptOptions().shots() < 0
                || item.promptOptions().sampleValues() < 0
                || item.promptOptions().maxPromptTokens() < 0) {
            throw new InvalidInput(
                    "promptOptions", "promptOptions: shots, sampleValues and maxPromptTokens must not be negative");
        }
        try {
            return prompts.build(item);
        } catch (InferenceException e) {
            throw new InvalidInput(null, e.getMessage());
        }
    }
}
