package dev.snailbench.scorer;

import static io.restassured.RestAssured.given;

import dev.snailbench.localstack.testing.TenantKeys;
import dev.snailbench.model.domain.ApiKeys;
import java.util.UUID;

/** A tenant key registered on the tenants topic and known to this scorer when returned. */
public final class TestKeys {

    private TestKeys() {
    }

    public static String registered() {
        return TenantKeys.register("attack-" + UUID.randomUUID(), "attack tests", ApiKeys.newKey(),
                key -> given().header(ApiKeys.HEADER, key).get("/jobs/{id}/results", UUID.randomUUID())
                        .statusCode() == 404).apiKey();
    }
}
