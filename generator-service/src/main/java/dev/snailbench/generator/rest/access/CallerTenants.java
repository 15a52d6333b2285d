package dev.snailbench.generator.rest.access;

import io.smallrye.mutiny.Uni;

/**
 * Who is calling: turns the {@code X-API-Key} header into a tenant id for the crosswalk, natural-view and
 * test-suite endpoints. Fails with {@link jakarta.ws.rs.NotAuthorizedException} (401) for a missing or unknown key.
 * The platform's tenant authenticator replaces {@link KeyHashCallerTenants} by providing another bean of this type.
 */
public interface CallerTenants {

    Uni<String> tenantOf(String apiKey);
}
