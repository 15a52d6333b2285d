package dev.snailbench.generator.rest;

import dev.snailbench.generator.service.ModelBackends;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** The model backends a job's {@code models[i].backend} may name: what the inference service announced. */
@Path("/backends")
public class ModelBackendResource {

    private final ModelBackends backends;

    public ModelBackendResource(ModelBackends backends) {
        this.backends = backends;
    }

    /** A tenant's key is needed. {@code {"backends": [...], "announcedAt"}}; {@code backends} null until the inference service announced any. */
    @Operation(operationId = "listModelBackends", summary = "List the model backends jobs may name")
    @APIResponse(responseCode = "200", description = "the backends the inference service announced")
    @GET
    public Uni<ModelBackends.Known> list() {
        return Uni.createFrom().item(backends::known);
    }
}
