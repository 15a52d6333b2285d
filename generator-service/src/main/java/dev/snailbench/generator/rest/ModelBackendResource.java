package dev.snailbench.generator.rest;

import dev.snailbench.generator.service.ModelBackends;
import dev.snailbench.generator.service.TenantService;
import dev.snailbench.model.domain.ApiKeys;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;

/** The model backends a job's {@code models[i].backend} may name: what the inference service announced. */
@Path("/backends")
public class ModelBackendResource {

    private final ModelBackends backends;
    private final TenantService tenants;

    public ModelBackendResource(ModelBackends backends, TenantService tenants) {
        this.backends = backends;
        this.tenants = tenants;
    }

    /** {@code {"backends": [...], "announcedAt"}}; {@code backends} null until the inference service announced any. */
    @GET
    public Uni<ModelBackends.Known> list(@HeaderParam(ApiKeys.HEADER) String apiKey) {
        return tenants.authenticate(apiKey).map(tenant -> backends.known());
    }
}
