package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * {@code tenant create NAME}: a new tenant with the admin key; prints its API key, which is shown only once, and when
 * the platform has FootballDB how the tenant gets its own login there.
 */
final class TenantCommand {

    private final CommandContext context;

    TenantCommand(CommandContext context) {
        this.context = context;
    }

    void create(CliArgs a) {
        String name = a.word(2, "the tenant's name");
        String admin = context.adminKey();
        if (admin == null) {
            throw new UserError("no admin key: set SNAILBENCH_ADMIN_KEY (printed by ./snailbench up)");
        }
        JsonNode tenant = context.client.call(
                "POST", context.url("generator", "/tenants"), Map.of("X-Admin-Key", admin), Map.of("name", name));
        context.out.println("tenant " + tenant.path("tenantId").asText() + " created; its API key (shown once):");
        context.out.println(tenant.path("apiKey").asText());
        context.out.println("export SNAILBENCH_API_KEY=" + tenant.path("apiKey").asText());
        if (context.footballDb()) {
            context.out.println("its own read-only FootballDB login: ./snailbench footballdb login " + name);
        }
    }
}
