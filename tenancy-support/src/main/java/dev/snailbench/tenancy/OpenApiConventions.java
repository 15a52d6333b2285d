package dev.snailbench.tenancy;

import dev.snailbench.model.domain.ApiKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

/**
 * What every service's OpenAPI document says the same way ({@code mp.openapi.filter} in each service): the
 * {@code X-API-Key} security scheme is applied to every operation (tenancy-support's {@link ApiKeyFilter} requires the
 * key on every endpoint) with its 401, except those that read {@code X-Admin-Key} (the operators' scheme instead) and
 * those that declare their own security (a {@link Keyless} endpoint: an empty {@code @SecurityRequirements}), so
 * Swagger UI's Authorize button sends the right key; every operation has a 4xx answer with the platform's error body
 * ({@code {status, error, field}}: 400 for bad input, 404 where a path names a resource), and the document has a
 * server and a licence line. Status codes an endpoint really answers beyond these are annotated on it.
 */
public class OpenApiConventions implements OASFilter {

    /** Name of the tenant key's security scheme. */
    public static final String API_KEY = "apiKey";
    /** Name of the operators' key's security scheme. */
    public static final String ADMIN_KEY = "adminKey";

    private static final String ERROR = "ApiError";
    private static final String ERROR_REF = "#/components/schemas/" + ERROR;

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        Components components =
                openAPI.getComponents() == null ? OASFactory.createComponents() : openAPI.getComponents();
        openAPI.setComponents(components);
        components.addSecurityScheme(
                API_KEY,
                OASFactory.createSecurityScheme()
                        .type(SecurityScheme.Type.APIKEY)
                        .in(SecurityScheme.In.HEADER)
                        .name(ApiKeys.HEADER)
                        .description("The tenant's API key (POST /tenants on the generator shows it once)."));
        components.addSchema(
                ERROR,
                OASFactory.createSchema()
                        .type(List.of(Schema.SchemaType.OBJECT))
                        .description(
                                "Every error of the platform: what went wrong and, for a bad request, the field to fix.")
                        .addProperty("status", OASFactory.createSchema().type(List.of(Schema.SchemaType.INTEGER)))
                        .addProperty("error", OASFactory.createSchema().type(List.of(Schema.SchemaType.STRING)))
                        .addProperty(
                                "field",
                                OASFactory.createSchema()
                                        .type(List.of(Schema.SchemaType.STRING, Schema.SchemaType.NULL))));
        if (openAPI.getServers() == null || openAPI.getServers().isEmpty()) {
            openAPI.addServer(OASFactory.createServer().url("/").description("this service"));
        }
        if (openAPI.getInfo() != null && openAPI.getInfo().getLicense() == null) {
            // The project declares no licence: the document says so (an SPDX reference of its own) rather than
            // inventing one.
            openAPI.getInfo()
                    .setLicense(OASFactory.createLicense()
                            .name("Proprietary: all rights reserved")
                            .identifier("LicenseRef-Snailbench-Proprietary"));
        }
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        boolean[] admin = {false};
        openAPI.getPaths().getPathItems().forEach((path, item) -> {
            if (item.getOperations() != null) {
                item.getOperations().values().forEach(operation -> admin[0] |= conventions(path, operation));
            }
        });
        // Only where an operation uses it (an unused scheme is a linter's warning, and says nothing true).
        if (admin[0]) {
            components.addSecurityScheme(
                    ADMIN_KEY,
                    OASFactory.createSecurityScheme()
                            .type(SecurityScheme.Type.APIKEY)
                            .in(SecurityScheme.In.HEADER)
                            .name(ApiKeys.ADMIN_HEADER)
                            .description("The operators' key (snailbench.tenants.admin-key)."));
        }
    }

    /** Applies the conventions to one operation; true when it takes the operators' key. */
    private static boolean conventions(String path, Operation operation) {
        APIResponses responses =
                operation.getResponses() == null ? OASFactory.createAPIResponses() : operation.getResponses();
        operation.setResponses(responses);
        boolean admin = takesHeader(operation, ApiKeys.ADMIN_HEADER);
        if (admin) {
            operation.addSecurityRequirement(
                    OASFactory.createSecurityRequirement().addScheme(ADMIN_KEY));
            putIfAbsent(responses, "401", "missing or invalid " + ApiKeys.ADMIN_HEADER);
        } else if (operation.getSecurity() == null) {
            // Like ApiKeyFilter: every operation needs the tenant's key unless it says otherwise.
            operation.addSecurityRequirement(
                    OASFactory.createSecurityRequirement().addScheme(API_KEY));
            putIfAbsent(responses, "401", "missing or unknown " + ApiKeys.HEADER);
        }
        if (operation.getSecurity() == null || operation.getSecurity().isEmpty()) {
            // Open on purpose (@Keyless with an empty @SecurityRequirements): an empty requirement says "no key".
            operation.addSecurityRequirement(OASFactory.createSecurityRequirement());
        }
        if (path.contains("{")) {
            putIfAbsent(responses, "404", "no such resource for this tenant (another tenant's is not found either)");
        }
        Map<String, APIResponse> all = responses.getAPIResponses();
        boolean any4xx = all != null && all.keySet().stream().anyMatch(code -> code.startsWith("4"));
        if (!any4xx
                || operation.getRequestBody() != null
                || operation.getParameters() != null
                        && !operation.getParameters().isEmpty()) {
            putIfAbsent(responses, "400", "bad input: the error names the field to fix");
        }
        return admin;
    }

    /** Whether the operation reads this header; the parameter is removed (the security scheme sends it). */
    private static boolean takesHeader(Operation operation, String header) {
        if (operation.getParameters() == null) {
            return false;
        }
        List<Parameter> kept = new ArrayList<>();
        boolean found = false;
        for (Parameter p : operation.getParameters()) {
            if (p.getIn() == Parameter.In.HEADER && header.equalsIgnoreCase(p.getName())) {
                found = true;
            } else {
                kept.add(p);
            }
        }
        if (found) {
            operation.setParameters(kept.isEmpty() ? null : kept);
        }
        return found;
    }

    private static void putIfAbsent(APIResponses responses, String code, String description) {
        if (responses.getAPIResponse(code) == null) {
            responses.addAPIResponse(
                    code,
                    OASFactory.createAPIResponse()
                            .description(description)
                            .content(OASFactory.createContent()
                                    .addMediaType(
                                            "application/json",
                                            OASFactory.createMediaType()
                                                    .schema(OASFactory.createSchema()
                                                            .ref(ERROR_REF)))));
        }
    }
}
