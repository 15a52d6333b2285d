package dev.snailbench.generator.rest;

import dev.snailbench.generator.config.UiConfig;
import dev.snailbench.tenancy.Keyless;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;

/**
 * {@code GET /ui/config}: what the web UI needs before sign-in, from the operator's configuration. The scorer's
 * address comes from here and never from the page's URL: a link with {@code ?scorer=https://attacker.example} used
 * to make the UI send the tenant's API key to the attacker. No key needed: it holds nothing secret
 * ({@link Keyless} for the API-key filter, an empty {@link SecurityRequirements} for the OpenAPI document).
 */
@Path("/ui/config")
public class UiConfigResource {

    /** {@code scorerUrl}: null when the operator has not configured it (the UI then asks the person). */
    public record View(String scorerUrl) {}

    private final UiConfig config;

    public UiConfigResource(UiConfig config) {
        this.config = config;
    }

    @Operation(operationId = "describeUiConfig", summary = "Show what the web UI needs before sign-in")
    @APIResponse(responseCode = "200", description = "the scorer's address, or null when the person types it")
    @GET
    @Keyless
    @SecurityRequirements
    @Produces(MediaType.APPLICATION_JSON)
    public View get() {
        return new View(config.scorerUrl().map(url -> url.replaceAll("/+$", "")).orElse(null));
    }
}
