package dev.snailbench.executor.support;

import static io.restassured.RestAssured.given;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.TenantKeys;

/** Registers tenants the way the generator does (an event on the tenants topic) and waits until they can log in. */
public final class Tenants {

    private Tenants() {
    }

    /** A registered tenant and its key. */
    public record Registered(String tenantId, String apiKey) {
    }

    /** Returns the new tenant's API key. */
    public static String register(String name) {
        return registerTenant(name).apiKey();
    }

    public static Registered registerTenant(String name) {
        TenantKeys.Tenant tenant = TenantKeys.register(name,
                key -> given().header(ApiKeys.HEADER, key).get("/databases").statusCode() == 200);
        return new Registered(tenant.tenantId(), tenant.apiKey());
    }
}
