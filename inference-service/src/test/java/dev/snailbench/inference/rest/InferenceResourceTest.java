package dev.snailbench.inference.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.inference.support.Hop;
import dev.snailbench.inference.support.WorkItems;
import dev.snailbench.localstack.testing.TopicClient;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.model.serde.EventJson;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A stored inference holds a team's prompt (schema, sample values) and model answer: only its tenant reads it. */
@QuarkusTest
class InferenceResourceTest {

    @Test
    void shouldServeAnInferenceOnlyToItsOwnTenant() {
        WorkItem item = WorkItems.replay("own-1", "How many clubs?", "SELECT count(*) FROM club",
                "SELECT count(club_id) FROM club");
        Hop.infer(item);
        String otherKey = ApiKeys.newKey();
        TenantRegistered other = TenantRegistered.of("tenant-other-" + UUID.randomUUID(), "other",
                ApiKeys.sha256(otherKey));
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.TENANTS, other.key(), EventJson.write(other));
        }

        given().get("/inferences/" + item.workItemId()).then().statusCode(401)
                .body("error", equalTo("missing X-API-Key header"));
        given().header("X-API-Key", "sb_not-a-key").get("/inferences/" + item.workItemId()).then().statusCode(401)
                .body("error", equalTo("invalid API key"));
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                given().header("X-API-Key", otherKey).get("/inferences/" + item.workItemId())
                        .then().statusCode(404));
        given().header("X-API-Key", Hop.tenantKey()).get("/inferences/" + item.workItemId()).then().statusCode(200)
                .body("predictedSql", equalTo("SELECT count(club_id) FROM club"));
    }
}
