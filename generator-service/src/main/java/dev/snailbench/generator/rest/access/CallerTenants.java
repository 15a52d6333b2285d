package dev.snailbench.generator.rest.access;

import io.smallrye.mutiny.Uni;

/**
 * Who is calling: turns the {@code X-API-Key} header into a tenant id for the crosswalk, natural-view and
 * test-suite endpoints. Fails with tenancy-support's {@code ApiError.Unauthorized} (401) for a missing or unknown key.
 * Implemented by {@link RegisteredTenants}.
 */
public interface CallerTenants {

    Uni<String> tenantOf(String apiKey);
}
