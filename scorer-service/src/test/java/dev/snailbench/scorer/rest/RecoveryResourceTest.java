package dev.snailbench.scorer.rest;

import static dev.snailbench.scorer.TestEvents.columns;
import static dev.snailbench.scorer.TestEvents.completed;
import static dev.snailbench.scorer.TestEvents.ok;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.scorer.TestEvents;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The Schema-Refiner experiment report over three scored jobs (original, injected, refined schema). */
@QuarkusTest
@RealInfrastructure
class RecoveryResourceTest {

    @Test
    void shouldReportRecoveryAndAttainedPerMetricForThreeJobsOfOneExperiment() {
        String tenant = "refiner-" + UUID.randomUUID();
        String key = ApiKeys.newKey();
        TenantKeys.publish(tenant, "tenant " + tenant, key);
        UUID original = job(tenant, key, 2); // both questions right
        UUID injected = job(tenant, key, 0); // both wrong
        UUID refined = job(tenant, key, 1); // one right

        given().header(ApiKeys.HEADER, key)
                .queryParam("original", original).queryParam("injected", injected).queryParam("refined", refined)
                .when().get("/experiments/recovery.json")
                .then().statusCode(200)
                .body("rows.find { it.metric == 'executionAccuracy' }.original", equalTo(1.0f))
                .body("rows.find { it.metric == 'executionAccuracy' }.injected", equalTo(0.0f))
                .body("rows.find { it.metric == 'executionAccuracy' }.refined", equalTo(0.5f))
                .body("rows.find { it.metric == 'executionAccuracy' }.recovery", equalTo(0.5f))
                .body("rows.find { it.metric == 'executionAccuracy' }.attained", equalTo(0.5f));
        given().header(ApiKeys.HEADER, key)
                .queryParam("original", original).queryParam("injected", injected).queryParam("refined", refined)
                .when().get("/experiments/recovery.csv")
                .then().statusCode(200)
                .body(containsString("executionAccuracy,1.0000,0.0000,0.5000,0.5000,0.5000"));
    }

    @Test
    void shouldNameTheMissingJobAndRefuseACallerWithoutAKey() {
        String tenant = "refiner-" + UUID.randomUUID();
        String key = ApiKeys.newKey();
        TenantKeys.publish(tenant, "tenant " + tenant, key);
        UUID original = UUID.randomUUID();

        given().queryParam("original", original).when().get("/experiments/recovery.json").then().statusCode(401)
                .body("status", equalTo(401)).body("field", equalTo(ApiKeys.HEADER))
                .body("error", containsString(ApiKeys.HEADER));
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(300)).untilAsserted(() ->
                given().header(ApiKeys.HEADER, key).queryParam("original", original)
                        .queryParam("injected", UUID.randomUUID())
                        .when().get("/experiments/recovery.json")
                        .then().statusCode(400).body("field", equalTo("refined")));
        given().header(ApiKeys.HEADER, key).queryParam("original", original).queryParam("injected", "x")
                .queryParam("refined", UUID.randomUUID())
                .when().get("/experiments/recovery.json")
                .then().statusCode(400).body("field", equalTo("injected"));
        given().header(ApiKeys.HEADER, key).queryParam("original", original).queryParam("injected", original)
                .queryParam("refined", original)
                .when().get("/experiments/recovery.json")
                .then().statusCode(404).body("error", containsString("original"));
    }

    /** A scored job of two questions, {@code right} of them answered correctly. */
    private static UUID job(String tenant, String key, int right) {
        UUID job = UUID.randomUUID();
        var cols = columns("name", "TEXT");
        for (int q = 1; q <= 2; q++) {
            String predicted = q <= right ? "SELECT name FROM team" : "SELECT code FROM team";
            TestEvents.send(completed(job, tenant, "q" + q, "SELECT name FROM team", predicted,
                    ok(cols, List.of(List.of("Brazil"))),
                    ok(cols, List.of(List.of(q <= right ? "Brazil" : "BRA")))));
        }
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(300)).untilAsserted(() ->
                given().header(ApiKeys.HEADER, key).get("/jobs/{id}/results", job)
                        .then().statusCode(200).body("", hasSize(2)));
        return job;
    }
}
