package dev.snailbench.generator.rest.access;

import dev.snailbench.generator.service.TenantService;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Callers are the tenants registered on the platform, authenticated by their API key. */
@ApplicationScoped
public class RegisteredTenants implements CallerTenants {

    private final TenantService tenants;

    public RegisteredTenants(TenantService tenants) {
        this.tenants = tenants;
    }

    @Override
    public Uni<String> tenantOf(String apiKey) {
        return tenants.authenticate(apiKey);
    }
}
