package dev.snailbench.classifier;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.TenantKeys;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;

/** A tenant's API key, registered on the tenants topic as the generator does, usable when returned. */
public final class TestKeys {

    private static final String KEY = ApiKeys.newKey();
    private static volatile boolean registered;

    private TestKeys() {
    }

    public static synchronized String key() {
        if (!registered) {
            TenantKeys.register("classifier-test-tenant", "classifier tests", KEY, key ->
                    RestAssured.given().header(ApiKeys.HEADER, key).contentType(ContentType.JSON)
                            .body(Map.of("identifiers", List.of())).post("/classify").statusCode() == 200);
            registered = true;
        }
        return KEY;
    }
}
