package dev.snailbench.scorer;

import static io.restassured.RestAssured.given;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.TenantKeys;
import java.util.UUID;

/** A tenant key registered on the tenants topic and known to this scorer when returned. */
public final class TestKeys {

    private static String shared;

    private TestKeys() {
    }

    /** One key registered on first use and shared by the tests of this JVM that only need some tenant's key. */
    public static synchronized String shared() {
        if (shared == null) {
            shared = registered();
        }
        return shared;
    }

    public static String registered() {
        return TenantKeys.register("attack-" + UUID.randomUUID(), "attack tests", ApiKeys.newKey(),
                key -> given().header(ApiKeys.HEADER, key).get("/jobs/{id}/results", UUID.randomUUID())
                        .statusCode() == 404).apiKey();
    }
}
