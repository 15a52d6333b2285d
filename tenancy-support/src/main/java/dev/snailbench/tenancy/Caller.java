package dev.snailbench.tenancy;

import jakarta.enterprise.context.RequestScoped;

/**
 * The tenant of the request being handled, resolved from its {@code X-API-Key} by {@link ApiKeyFilter} before the
 * resource method runs. Inject it where the tenant is needed; a {@link Keyless} endpoint has none.
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
