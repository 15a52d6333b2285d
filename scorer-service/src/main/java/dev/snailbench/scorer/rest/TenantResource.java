package dev.snailbench.scorer.rest;

import dev.snailbench.tenancy.Caller;
import dev.snailbench.tenancy.TenantKeyRepository;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code GET /tenants/me}: whether this scorer knows a key, and whose it is. The web UI asks it at sign-in, so that a
 * scorer it cannot reach (a wrong address, or an origin its CORS settings do not allow) or that does not know the key
 * yet is said there, not at the first report.
 */
@Path("/tenants/me")
public class TenantResource {

    private final Caller caller;
    private final TenantKeyRepository keys;

    public TenantResource(Caller caller, TenantKeyRepository keys) {
        this.caller = caller;
        this.keys = keys;
    }

    /** Who a key belongs to: the tenant's id and name (never the key). */
    public record Me(String tenantId, String name) {}

    @Operation(operationId = "describeOwnTenant", summary = "Show the tenant a key belongs to")
    @APIResponse(responseCode = "200", description = "the tenant's id and name")
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Me> me() {
        String tenantId = caller.tenantId();
        return keys.ofTenant(tenantId).map(key -> new Me(tenantId, key.name));
    }
}
