package dev.snailbench.executor.support;

import static io.restassured.RestAssured.given;

import dev.snailbench.localstack.testing.TopicClient;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.model.serde.EventJson;
import java.time.Duration;
import java.util.UUID;
import org.awaitility.Awaitility;

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
        String key = ApiKeys.newKey();
        TenantRegistered event = TenantRegistered.of("tenant-" + UUID.randomUUID(), name, ApiKeys.sha256(key));
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.TENANTS, event.key(), EventJson.write(event));
        }
        Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                given().header(ApiKeys.HEADER, key).get("/databases").statusCode() == 200);
        return new Registered(event.tenantId(), key);
    }
}
