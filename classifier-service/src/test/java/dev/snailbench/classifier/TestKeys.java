package dev.snailbench.classifier;

import dev.snailbench.localstack.testing.TopicClient;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.model.serde.EventJson;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.time.Duration;
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
            TenantRegistered event = TenantRegistered.of("classifier-test-tenant", "classifier tests",
                    ApiKeys.sha256(KEY));
            try (TopicClient topics = new TopicClient()) {
                topics.send(Topics.TENANTS, event.key(), EventJson.write(event));
            }
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                    RestAssured.given().header(ApiKeys.HEADER, KEY).contentType(ContentType.JSON)
                            .body(Map.of("identifiers", List.of())).post("/classify").then().statusCode(200));
            registered = true;
        }
        return KEY;
    }
}
