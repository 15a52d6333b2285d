package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.snailbench.generator.testing.ReplaySpecs;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.event.JobSubmitted;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * A job's way out: cancelled on request, failed with its reason, 404 only when it does not exist.
 * Beyond the in-memory tier: a cancellation stopping a publication claimed in PostgreSQL, its event on the topic.
 */
@QuarkusTest
@RealInfrastructure
class JobLifecycleTest {

    @Test
    void shouldCancelARunningJobStopItsPublishingAndKeepItCancelled() {
        String key = TestTenants.create("team-cancel");
        int total = 5_000;
        List<Map<String, String>> questions = new ArrayList<>();
        List<Map<String, String>> predictions = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            questions.add(Map.of("id", "q" + i, "question", "question " + i, "goldSql", "SELECT " + i));
            predictions.add(Map.of("questionId", "q" + i, "predictedSql", "SELECT " + i));
        }
        String jobId = TestTenants.submitJob(key, TestTenants.job("to cancel", questions, predictions))
                .statusCode(202)
                .extract()
                .path("jobId");

        given().header("X-API-Key", key)
                .post("/jobs/" + jobId + "/cancel")
                .then()
                .statusCode(200)
                .body("status", equalTo("cancelled"))
                .body("reason", equalTo("cancelled by the tenant"));
        // The hops learn it (the executor and the inference service skip the job's items still in flight): the event
        // is on the broker by the time the cancel is answered.
        List<JobCancelled> told = withKafkaClassLoader(() ->
                        TopicClient.await(Topics.JOBS_CANCELLED, r -> jobId.equals(r.key()), 1, Duration.ofSeconds(5)))
                .stream()
                .map(r -> EventJson.read(r.value(), JobCancelled.class))
                .toList();
        Assertions.assertThat(told).hasSize(1);
        Assertions.assertThat(told.get(0).jobId()).hasToString(jobId);
        Assertions.assertThat(told.get(0).tenantId()).isNotBlank();
        Assertions.assertThat(told.get(0).reason()).isEqualTo("cancelled by the tenant");

        // A job publishes a window of items at a time (and no verdict comes here to open it further): a job of 5,000
        // is cancelled long before it is all published.
        List<?> published = withKafkaClassLoader(() -> TopicClient.inferenceRequestsToEnd(UUID.fromString(jobId)));
        Assertions.assertThat(published.size()).isLessThan(total);
        given().header("X-API-Key", key)
                .get("/jobs/" + jobId)
                .then()
                .statusCode(200)
                .body("status", equalTo("cancelled"));
        // Cancelling again is harmless: the same answer.
        given().header("X-API-Key", key)
                .post("/jobs/" + jobId + "/cancel")
                .then()
                .statusCode(200)
                .body("status", equalTo("cancelled"));
    }

    @Test
    void shouldStreamTheJobsStateUntilItFinishes() throws Exception {
        String key = TestTenants.create("team-events");
        List<Map<String, String>> questions = new ArrayList<>();
        List<Map<String, String>> predictions = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            questions.add(Map.of("id", "q" + i, "question", "question " + i, "goldSql", "SELECT " + i));
            predictions.add(Map.of("questionId", "q" + i, "predictedSql", "SELECT " + i));
        }
        String jobId = TestTenants.submitJob(key, TestTenants.job("streamed", questions, predictions))
                .statusCode(202)
                .extract()
                .path("jobId");
        // The stream is read while the job is cancelled: its events end with the cancelled state, then it closes.
        CompletableFuture<String> stream = CompletableFuture.supplyAsync(() -> given().header("X-API-Key", key)
                .accept("text/event-stream")
                .get("/jobs/" + jobId + "/events")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        Thread.sleep(1_500);
        given().header("X-API-Key", key)
                .post("/jobs/" + jobId + "/cancel")
                .then()
                .statusCode(200);

        String events = stream.get(30, TimeUnit.SECONDS);
        List<String> data = events.lines().filter(l -> l.startsWith("data:")).toList();
        Assertions.assertThat(data).hasSizeGreaterThanOrEqualTo(2);
        Assertions.assertThat(data.get(0))
                .contains("\"jobId\":\"" + jobId + "\"")
                .doesNotContain("\"status\":\"cancelled\"");
        Assertions.assertThat(data.get(data.size() - 1)).contains("\"status\":\"cancelled\"");
        Assertions.assertThat(data).doesNotHaveDuplicates();
        given().header("X-API-Key", key)
                .accept("text/event-stream")
                .get("/jobs/" + UUID.randomUUID() + "/events")
                .then()
                .statusCode(404);
        given().header("X-API-Key", TestTenants.create("team-events-other"))
                .accept("text/event-stream")
                .get("/jobs/" + jobId + "/events")
                .then()
                .statusCode(404);
        given().accept("text/event-stream")
                .get("/jobs/" + jobId + "/events")
                .then()
                .statusCode(401);
    }

    @Test
    void shouldAnswer404WhenCancellingAJobThatDoesNotExistOrIsAnotherTenants() {
        String key = TestTenants.create("team-cancel-404");
        UUID unknown = UUID.randomUUID();
        given().header("X-API-Key", key)
                .post("/jobs/" + unknown + "/cancel")
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(unknown.toString()));
        given().post("/jobs/" + UUID.randomUUID() + "/cancel")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("error", containsString("X-API-Key"));
    }

    @Test
    void shouldReportAJobThatCannotBeExpandedAsFailedWithItsReason() {
        Map<String, Object> tenant = given().header("X-Admin-Key", TestTenants.ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", "team-broken"))
                .post("/tenants")
                .then()
                .statusCode(201)
                .extract()
                .as(Map.class);
        UUID jobId = UUID.randomUUID();
        JobSpec spec = ReplaySpecs.twoPredictionsForOneQuestion("broken spec");
        byte[] broken = EventJson.write(JobSubmitted.of(jobId, (String) tenant.get("tenantId"), spec));
        withKafkaClassLoader(() -> {
            try (TopicClient client = new TopicClient()) {
                client.send(Topics.JOB_EVENTS, jobId.toString(), broken);
            }
            return null;
        });

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().header("X-API-Key", (String) tenant.get("apiKey"))
                        .get("/jobs/" + jobId)
                        .then()
                        .statusCode(200)
                        .body("status", equalTo("failed"))
                        .body("name", equalTo("broken spec"))
                        .body("reason", startsWith("could not expand the job: ")));
        // A finished job keeps its outcome.
        given().header("X-API-Key", (String) tenant.get("apiKey"))
                .post("/jobs/" + jobId + "/cancel")
                .then()
                .statusCode(409)
                .body("error", containsString("already failed"));
    }

    private static <T> T withKafkaClassLoader(Supplier<T> action) {
        return TopicClient.withOwnClassLoader(action);
    }
}
