package dev.snailbench.generator.testing;

import static io.restassured.RestAssured.given;

import dev.snailbench.model.Topics;
import dev.snailbench.model.event.ModelBackendsAnnounced;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.TopicClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Plays the inference service's start-up announcement of its backends over the real broker and waits until the
 * generator knows them ({@code GET /backends}): jobs asking these backends are then accepted.
 */
public final class TestBackends {

    /** The backends the module's tests name. */
    public static final List<String> NAMES = List.of("fake", "openai");

    private TestBackends() {}

    public static void announce(String apiKey) {
        ModelBackendsAnnounced event = ModelBackendsAnnounced.of(NAMES);
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.MODEL_BACKENDS, event.key(), EventJson.write(event));
        }
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (Instant.now().isBefore(deadline)) {
            List<String> known = given().header("X-API-Key", apiKey)
                    .get("/backends")
                    .then()
                    .statusCode(200)
                    .extract()
                    .path("backends");
            if (known != null && known.containsAll(NAMES)) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("the generator did not learn the announced backends " + NAMES + " in 30 s");
    }
}
