package dev.snailbench.generator.rest;

import dev.snailbench.generator.service.TenantService;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.tenancy.Keyless;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Operators create tenants ({@link Keyless}: the operators' {@code X-Admin-Key} guards them); the answer is the only
 * time the API key is shown. A tenant asks who it is
 * ({@code GET /tenants/me}: the web UI shows the name it signed in as).
 */
@Path("/tenants")
public class TenantResource {

    private final TenantService tenants;
    private final Caller caller;

    public TenantResource(TenantService tenants, Caller caller) {
        this.tenants = tenants;
        this.caller = caller;
    }

    /** Who a key belongs to: the tenant's id and name (never the key). */
    public record Me(String tenantId, String name) {}

    /** The caller's tenant; 401 without a valid key. */
    @Operation(operationId = "describeOwnTenant", summary = "Show the tenant a key belongs to")
    @APIResponse(responseCode = "200", description = "the tenant's id and name")
    @GET
    @Path("/me")
    public Uni<Me> me() {
        String tenantId = caller.tenantId();
        return tenants.nameOf(tenantId).map(name -> new Me(tenantId, name));
    }

    public record CreateTenant(String name) {}

    @Operation(operationId = "createTenant", summary = "Create a tenant and show its API key once")
    @APIResponse(responseCode = "201", description = "created: the API key is shown this once")
    @APIResponse(responseCode = "409", description = "a tenant of that name already exists")
    @POST
    @Keyless
    public Uni<Response> create(
            @HeaderParam(ApiKeys.ADMIN_HEADER) String adminKey,
            CreateTenant request,
            @Context HttpServerRequest connection) {
        tenants.checkAdmin(adminKey, connection);
        if (request == null || request.name() == null || request.name().isBlank()) {
            throw InvalidInput.of("name", "a tenant needs a name");
        }
        if (request.name().length() > 200) {
            throw InvalidInput.of("name", "at most 200 characters");
        }
        return tenants.register(request.name().trim())
                .map(created -> Response.status(201).entity(created).build());
    }

    /** A new API key for the tenant; the old one stops working on every service (operators only). */
    @Operation(operationId = "rotateTenantKey", summary = "Give a tenant a new API key, revoking the old one")
    @APIResponse(responseCode = "200", description = "the new key, shown this once")
    @POST
    @Path("/{tenantId}/key")
    @Keyless
    public Uni<Response> rotateKey(
            @HeaderParam(ApiKeys.ADMIN_HEADER) String adminKey,
            @PathParam("tenantId") String tenantId,
            @Context HttpServerRequest connection) {
        tenants.checkAdmin(adminKey, connection);
        return tenants.rotateKey(tenantId).map(rotated -> Response.ok(rotated).build());
    }
}
