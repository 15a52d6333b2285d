package dev.snailbench.tenancy;

import jakarta.enterprise.context.RequestScoped;

/**
 * The tenant of the request being handled, resolved from its {@code X-API-Key} by {@link ApiKeyFilter} before the
 * resource method runs. Inject it where the tenant is needed; a {@link Keyless} endpoint has none.
 * <p>
 * Read it on the request's own Vert.x context (in the resource method, or a callback that stays on that context),
 * never after a hop to a worker thread: the platform does not propagate CDI contexts to other threads (the cost per
 * work item, see tenancy-support's microprofile-config.properties), so there the request context is not active.
 */
@RequestScoped
public class Caller {

    private String tenantId;

    /** The caller's tenant id. */
    public String tenantId() {
        if (tenantId == null) {
            // A programming error, not the client's: a @Keyless endpoint asked for a tenant.
            throw new IllegalStateException("no tenant on this request: the endpoint is @Keyless");
        }
        return tenantId;
    }

    void authenticated(String tenantId) {
        this.tenantId = tenantId;
    }
}
