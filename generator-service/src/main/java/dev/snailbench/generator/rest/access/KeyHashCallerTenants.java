package dev.snailbench.generator.rest.access;

import dev.snailbench.model.domain.ApiKeys;
import io.quarkus.arc.DefaultBean;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.NotAuthorizedException;

/**
 * Provisional: until the tenant authenticator is wired in, every distinct API key is its own tenant, named by
 * the first 16 hex digits of its SHA-256 (the key itself is never stored). Keys are not checked against the
 * tenant table, only required. {@link DefaultBean}: any other {@link CallerTenants} bean takes precedence.
 */
@DefaultBean
@ApplicationScoped
public class KeyHashCallerTenants implements CallerTenants {

    @Override
    public Uni<String> tenantOf(String apiKey) {
        if (apiKey == null || apiKey.isBlank()) {
            return Uni.createFrom().failure(new NotAuthorizedException("missing " + ApiKeys.HEADER + " header",
                    "ApiKey"));
        }
        return Uni.createFrom().item("key-" + ApiKeys.sha256(apiKey.trim()).substring(0, 16));
    }
}
