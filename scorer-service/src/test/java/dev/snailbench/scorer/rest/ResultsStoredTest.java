package dev.snailbench.scorer.rest;

import static dev.snailbench.scorer.TestEvents.columns;
import static dev.snailbench.scorer.TestEvents.completed;
import static dev.snailbench.scorer.TestEvents.ok;
import static dev.snailbench.scorer.rest.ReportHeads.assertReportsStartWith;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.scorer.TestEvents;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.assertj.core.api.Assertions;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The results API over the real stack: results scored from the broker and stored, one tenant's rows hidden from
 * another by the stored queries, reviews written in a transaction (by question id, 409 for a question asked twice)
 * and cancellations stored from the topic. The API's answers are {@link ResultsResourceTest}'s (in-memory tier).
 * Beyond the in-memory tier: storing, tenant filtering, reviews and cancellations on PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
class ResultsStoredTest {

    private String owner;
    private String ownerKey;
    private String otherKey;
    private UUID jobId;

    @BeforeEach
    void scoreAJob() {
        owner = "owner-" + UUID.randomUUID();
        String other = "other-" + UUID.randomUUID();
        ownerKey = ApiKeys.newKey();
        otherKey = ApiKeys.newKey();
        TenantKeys.publish(owner, "tenant " + owner, ownerKey);
        // The other tenant is registered on its own partition: wait for it, rather than race it.
        TenantKeys.register(
                other,
                "tenant " + other,
                otherKey,
                key -> given().header(ApiKeys.HEADER, key)
                                .get("/jobs/{id}/results", UUID.randomUUID())
                                .statusCode()
                        == 404);
        jobId = UUID.randomUUID();
        TestEvents.permutedAndGoldFailed(jobId, owner).forEach(TestEvents::send);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .untilAsserted(() -> given().header(ApiKeys.HEADER, ownerKey)
                        .get("/jobs/{id}/results", jobId)
                        .then()
                        .statusCode(200)
                        .body("", hasSize(2)));
    }

    @Test
    void shouldQueueTheUncertainVerdictForReviewAndCountTheReviewersVerdictAsManualAccuracy() {
        // q1: the same columns permuted (relaxed match, strict mismatch): a person should judge it. q2: gold failed.
        String q1 = TenantCalls.read(ownerKey, "/jobs/{id}/review", jobId)
                .body("", hasSize(1))
                .body("[0].questionId", equalTo("q1"))
                .extract()
                .path("[0].workItemId");

        TenantCalls.review(
                        ownerKey,
                        jobId,
                        q1,
                        Map.of("verdict", "correct", "note", "same columns, permuted", "reviewer", "ana"))
                .statusCode(200)
                .body("manualVerdict", equalTo("correct"))
                .body("reviewNote", equalTo("same columns, permuted"))
                .body("reviewedBy", equalTo("ana"));

        TenantCalls.read(ownerKey, "/jobs/{id}/review", jobId).body("", hasSize(0));
        TenantCalls.read(ownerKey, "/jobs/{id}/review?all=true", jobId)
                .body("", hasSize(1))
                .body("[0].manualVerdict", equalTo("correct"));
        TenantCalls.read(ownerKey, "/jobs/{id}/summary", jobId)
                .body("overall.metrics.executionAccuracy.mean", equalTo(0.0f))
                .body("overall.metrics.manualAccuracy.mean", equalTo(1.0f));
        String csv = TenantCalls.text(ownerKey, "/jobs/{id}/report.csv", jobId);
        Assertions.assertThat(csv.split("\r\n")[1]).endsWith("manualVerdict,reviewNote,reviewedBy");
        Assertions.assertThat(csv).contains(",correct,\"same columns, permuted\",ana");
    }

    @Test
    void shouldReviewAnItemByTheQuestionIdListsShowAndListTheItemsOfAQuestionAskedTwice() {
        String q1 = TenantCalls.read(ownerKey, "/jobs/{id}/review", jobId)
                // A reviewer sees what was asked and what gold is, beside the prediction.
                .body("[0].questionId", equalTo("q1"))
                .body("[0].question", equalTo("question q1"))
                .body("[0].goldSql", equalTo("SELECT name, goals FROM p"))
                .body("[0].predictedSql", equalTo("SELECT goals, name FROM p"))
                .extract()
                .path("[0].workItemId");

        TenantCalls.review(ownerKey, jobId, "q1", Map.of("verdict", "correct"))
                .statusCode(200)
                .body("workItemId", equalTo(q1))
                .body("manualVerdict", equalTo("correct"));
        TenantCalls.review(ownerKey, jobId, "q9", Map.of("verdict", "correct"))
                .statusCode(404)
                .body("error", equalTo("no item or question q9 in job " + jobId));

        // The same question asked of a second model: which item is meant must be said by its id.
        ExecutionCompleted second = TestEvents.labelled(
                completed(
                        jobId,
                        owner,
                        "q1",
                        "SELECT name, goals FROM p",
                        "SELECT name, goals FROM p",
                        ok(columns("name", "TEXT", "goals", "NUMBER"), List.of(List.of("Pelé", "12"))),
                        ok(columns("name", "TEXT", "goals", "NUMBER"), List.of(List.of("Pelé", "12")))),
                null,
                "gpt-other");
        TestEvents.send(second);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .untilAsserted(() -> given().header(ApiKeys.HEADER, ownerKey)
                        .get("/jobs/{id}/results", jobId)
                        .then()
                        .statusCode(200)
                        .body("", hasSize(3)));
        TenantCalls.review(ownerKey, jobId, "q1", Map.of("verdict", "correct"))
                .statusCode(409)
                .body("status", equalTo(409))
                .body("error", Matchers.startsWith("question q1 has 2 items in job " + jobId))
                .body("error", Matchers.containsString(q1 + " (gpt-test, Native, "))
                .body("error", Matchers.containsString(second.workItemId() + " (gpt-other, Native, "));
    }

    @Test
    void shouldRefuseABadReviewAndHideOtherTenantsItems() {
        String q1 =
                TenantCalls.read(ownerKey, "/jobs/{id}/review", jobId).extract().path("[0].workItemId");

        TenantCalls.review(ownerKey, jobId, q1, Map.of("verdict", "maybe"))
                .statusCode(400)
                .body("field", equalTo("verdict"));
        TenantCalls.review(otherKey, jobId, q1, Map.of("verdict", "correct"))
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(jobId.toString()));
        TenantCalls.review(ownerKey, jobId, UUID.randomUUID(), Map.of("verdict", "correct"))
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(jobId.toString()));
        given().contentType("application/json")
                .body(Map.of("verdict", "correct"))
                .when()
                .put("/jobs/{id}/items/{item}/review", jobId, q1)
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo(ApiKeys.HEADER))
                .body("error", containsString(ApiKeys.HEADER));
        given().header(ApiKeys.HEADER, otherKey)
                .when()
                .get("/jobs/{id}/review", jobId)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(jobId.toString()));
    }

    @Test
    void shouldSayFirstInEveryReportWhetherTheJobRunsWasCancelledOrCompletedAndHowFarItGot() {
        UUID job = UUID.randomUUID();
        var cols = columns("name", "TEXT");
        ExecutionOutcome rows = ok(cols, List.of(List.of("Pelé")));
        // Two of the job's three items scored: the third has no verdict yet.
        TestEvents.sendAll(TestEvents.twoOfThreeScored(job, owner));
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .untilAsserted(() -> given().header(ApiKeys.HEADER, ownerKey)
                        .get("/jobs/{id}/results", job)
                        .then()
                        .statusCode(200)
                        .body("", hasSize(2)));

        ReportHeads.assertTwoOfThreeRunning(ownerKey, job);

        // Its tenant cancels it (the generator's event on the jobs-cancelled topic): every report says so first.
        JobCancelled cancelled = JobCancelled.of(job, owner, "cancelled by its tenant");
        TestEvents.send(Topics.JOBS_CANCELLED, cancelled.key(), EventJson.write(cancelled));
        String cancelledLine = "cancelled: 2/3 items done, 1 failed (cancelled: cancelled by its tenant; the other "
                + "items will not be scored)";
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .untilAsserted(() -> given().header(ApiKeys.HEADER, ownerKey)
                        .get("/jobs/{id}/summary", job)
                        .then()
                        .statusCode(200)
                        .body("job.status", equalTo("cancelled")));
        assertReportsStartWith(ownerKey, job, "cancelled", cancelledLine);
        // A cancellation delivered again changes nothing.
        TestEvents.send(Topics.JOBS_CANCELLED, cancelled.key(), EventJson.write(JobCancelled.of(job, owner, "again")));
        assertReportsStartWith(ownerKey, job, "cancelled", cancelledLine);

        // A job whose every item has its verdict is completed.
        UUID done = UUID.randomUUID();
        TestEvents.send(TestEvents.sized(
                completed(done, owner, "d1", "SELECT name FROM p", "SELECT name FROM p", rows, rows),
                1,
                "gpt-test",
                NaturalnessLevel.NATIVE));
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .untilAsserted(() -> given().header(ApiKeys.HEADER, ownerKey)
                        .get("/jobs/{id}/results", done)
                        .then()
                        .statusCode(200)
                        .body("", hasSize(1)));
        assertReportsStartWith(ownerKey, done, "completed", "completed: 1/1 items done, 0 failed");
    }

    @Test
    void shouldProtectSummaryAndReportsLikeResults() {
        given().when()
                .get("/jobs/{id}/summary", jobId)
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo(ApiKeys.HEADER))
                .body("error", containsString(ApiKeys.HEADER));
        given().header(ApiKeys.HEADER, otherKey)
                .when()
                .get("/jobs/{id}/report.html", jobId)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(jobId.toString()));
        given().header(ApiKeys.HEADER, otherKey)
                .when()
                .get("/jobs/{id}/report.csv", jobId)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(jobId.toString()));
    }

    @Test
    void shouldSayWhoseAKeyIsForTheWebUisSignIn() {
        TenantCalls.read(ownerKey, "/tenants/me")
                .body("tenantId", equalTo(owner))
                .body("name", equalTo("tenant " + owner));
        given().when().get("/tenants/me").then().statusCode(401).body("field", equalTo(ApiKeys.HEADER));
    }

    @Test
    void shouldRefuseUnknownApiKey() {
        given().header(ApiKeys.HEADER, "sb_not-a-key")
                .when()
                .get("/jobs/{id}/results", jobId)
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid API key"));
    }

    @Test
    void shouldHideAnotherTenantsJob() {
        given().header(ApiKeys.HEADER, otherKey)
                .when()
                .get("/jobs/{id}/results", jobId)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(jobId.toString()));
    }
}
