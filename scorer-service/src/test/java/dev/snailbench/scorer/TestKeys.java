package dev.snailbench.scorer;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import dev.snailbench.model.domain.ApiKeys;
import java.time.Duration;
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
        String key = ApiKeys.newKey();
        TestEvents.registerTenant("attack-" + UUID.randomUUID(), ApiKeys.sha256(key));
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/results", UUID.randomUUID()).then().statusCode(404));
        return key;
    }
}
