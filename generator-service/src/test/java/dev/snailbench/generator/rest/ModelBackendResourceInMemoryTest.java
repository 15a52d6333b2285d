package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.model.Channels;
import dev.snailbench.model.event.ModelBackendsAnnounced;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.testkit.MemoryChannels;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /backends} and {@code ModelBackendsConsumer} on in-memory channels: an announcement read from
 * model-backends is what the endpoint shows, and an older one delivered after it does not replace it. Reading the
 * topic from its start in a group of each process's own is the broker's ({@code JobFlowKafkaTest}, real stack).
 */
@QuarkusTest
@InMemoryTier
class ModelBackendResourceInMemoryTest extends InMemoryTenantTest {

    @Inject
    @Any
    MemoryChannels channels;

    @Test
    void shouldShowTheNewestAnnouncedBackendsAndKeepThemAgainstAnOlderOne() {
        String unique = "backend-" + UUID.randomUUID();
        ModelBackendsAnnounced newest = ModelBackendsAnnounced.of(List.of("openai", unique));
        channels.send(Channels.MODEL_BACKENDS, newest);
        await().until(() -> backends().getList("backends", String.class) != null
                && backends().getList("backends", String.class).contains(unique));

        ModelBackendsAnnounced older = new ModelBackendsAnnounced(
                UUID.randomUUID(),
                null,
                null,
                newest.occurredAt().minusSeconds(60),
                newest.schemaVersion(),
                List.of("stale"));
        CompletableFuture<Void> acked = new CompletableFuture<>();
        channels.send(Channels.MODEL_BACKENDS, Message.of(older, () -> {
            acked.complete(null);
            return acked;
        }));
        await().until(acked::isDone);

        given().header("X-API-Key", key())
                .get("/backends")
                .then()
                .statusCode(200)
                .body("backends", containsInAnyOrder("openai", unique))
                .body("announcedAt", equalTo(newest.occurredAt().toString()));
    }

    @Test
    void shouldNeedATenantsKey() {
        given().get("/backends").then().statusCode(401).body("field", equalTo("X-API-Key"));
    }

    private JsonPath backends() {
        return given().header("X-API-Key", key())
                .get("/backends")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }
}
