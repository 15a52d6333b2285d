package dev.snailbench.tenancy.app;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.TopicClient;
import java.time.Duration;

/** Registers tenants the way the generator does: a {@code TenantRegistered} on the real tenants topic. */
final class Tenants {

    private Tenants() {
    }

    static void register(String tenantId, String apiKey) {
        register(TenantRegistered.of(tenantId, "tenant " + tenantId, ApiKeys.sha256(apiKey)));
    }

    /** Publishes the registration as given (its own time of issue, say). */
    static void register(TenantRegistered t) {
        TopicClient.withOwnClassLoader(() -> {
            try (TopicClient client = new TopicClient()) {
                client.send(Topics.TENANTS, t.key(), EventJson.write(t));
            }
            return null;
        });
    }

    /** Registers a tenant and waits until this application knows its key (its tenants consumer has joined). */
    static void registerAndAwait(String tenantId, String apiKey) {
        register(tenantId, apiKey);
        awaitAccepted(apiKey);
    }

    /** Waits until this application accepts the key. */
    static void awaitAccepted(String apiKey) {
        await().atMost(Duration.ofSeconds(60)).until(() -> given().header(ApiKeys.HEADER, apiKey)
                .get("/probe/me").statusCode() == 200);
    }
}
