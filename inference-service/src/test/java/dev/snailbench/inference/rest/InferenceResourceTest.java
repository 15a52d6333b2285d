package dev.snailbench.inference.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.inference.support.Hop;
import dev.snailbench.inference.support.WorkItems;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** A stored inference holds a team's prompt (schema, sample values) and model answer: only its tenant reads it. */
@QuarkusTest
@RealInfrastructure
class InferenceResourceTest {

    @Test
    void shouldServeAnInferenceOnlyToItsOwnTenant() {
        WorkItem item = WorkItems.replay("own-1", "How many clubs?", "SELECT count(*) FROM club",
                "SELECT count(club_id) FROM club");
        Hop.infer(item);
        String otherKey = TenantKeys.register("other", key -> given().header("X-API-Key", key)
                .get("/inferences/" + item.workItemId()).statusCode() != 401).apiKey();

        given().get("/inferences/" + item.workItemId()).then().statusCode(401)
                .body("error", equalTo("missing X-API-Key header"));
        given().header("X-API-Key", "sb_not-a-key").get("/inferences/" + item.workItemId()).then().statusCode(401)
                .body("error", equalTo("invalid API key"));
        given().header("X-API-Key", otherKey).get("/inferences/" + item.workItemId()).then().statusCode(404)
                .body("status", equalTo(404)).body("error", containsString(item.workItemId().toString()));
        given().header("X-API-Key", Hop.tenantKey()).get("/inferences/" + item.workItemId()).then().statusCode(200)
                .body("predictedSql", equalTo("SELECT count(club_id) FROM club"));
    }
}
