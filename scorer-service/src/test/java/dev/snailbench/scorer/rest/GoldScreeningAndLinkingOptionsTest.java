package dev.snailbench.scorer.rest;

import static dev.snailbench.scorer.TestEvents.columns;
import static dev.snailbench.scorer.TestEvents.completed;
import static dev.snailbench.scorer.TestEvents.judged;
import static dev.snailbench.scorer.TestEvents.ok;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.EvaluationOptions.GoldScreening;
import dev.snailbench.model.domain.EvaluationOptions.Linking;
import dev.snailbench.scorer.InMemoryResultsTest;
import dev.snailbench.scorer.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The job options as the scorer applies them, on the in-memory tier (the items scored by the real scorer, their
 * reads stubbed: {@link InMemoryResults}): {@code goldScreening} off, flag and exclude on an item whose gold the
 * executor found nondeterministic (its LIMIT cut through tied rows, and the prediction chose the other order), and
 * {@code linking: "snails"}; and POST /linking's {@code linking} field.
 */
@QuarkusTest
@InMemoryTier
class GoldScreeningAndLinkingOptionsTest extends InMemoryResultsTest {

    static final String WHY = "LIMIT 2 cuts through rows tied on ORDER BY goals DESC (rows 2 and 3 share the keys)";
    private static final String TENANT = InMemoryTenant.TENANT;

    static final String GOLD = "SELECT name, count(*) AS n FROM player GROUP BY name ORDER BY n DESC LIMIT 2";

    /** A job of two items: q1's gold is flagged and the prediction lists the tied rows the other way round. */
    private UUID job(EvaluationOptions evaluation) {
        UUID job = UUID.randomUUID();
        var cols = columns("name", "TEXT", "n", "NUMBER");
        stored.store(
                job,
                List.of(
                        judged(
                                completed(
                                        job,
                                        TENANT,
                                        "q1",
                                        GOLD,
                                        "SELECT name, count(*) AS n FROM player GROUP BY name "
                                                + "ORDER BY n DESC LIMIT 2",
                                        ok(cols, List.of(List.of("Pelé", "5"), List.of("Zico", "5"))),
                                        ok(cols, List.of(List.of("Zico", "5"), List.of("Pelé", "5")))),
                                evaluation,
                                WHY),
                        judged(
                                completed(
                                        job,
                                        TENANT,
                                        "q2",
                                        "SELECT name FROM player",
                                        "SELECT name FROM player",
                                        ok(columns("name", "TEXT"), List.of(List.of("Pelé"))),
                                        ok(columns("name", "TEXT"), List.of(List.of("Pelé")))),
                                evaluation,
                                null)));
        return job;
    }

    @Test
    void shouldFlagTheItemAndCompareItTieAwareWhenScreeningFlags() {
        UUID job = job(new EvaluationOptions(null, GoldScreening.FLAG));

        given().header(ApiKeys.HEADER, key())
                .get("/jobs/{id}/results", job)
                .then()
                .statusCode(200)
                .body("find { it.questionId == 'q1' }.goldNondeterministic", equalTo("gold nondeterministic: " + WHY))
                .body("find { it.questionId == 'q1' }.strictMatch", equalTo(true))
                .body("find { it.questionId == 'q1' }.excludedFromAccuracy", equalTo(false))
                .body("find { it.questionId == 'q2' }.goldNondeterministic", nullValue());
        given().header(ApiKeys.HEADER, key())
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("overall.metrics.executionAccuracy.n", equalTo(2))
                .body("overall.metrics.executionAccuracy.mean", equalTo(1.0f))
                .body("goldScreening.mode", equalTo("flag"))
                .body("goldScreening.unstableGolds", equalTo(1))
                .body("goldScreening.golds.questionId", contains("q1"));
        given().header(ApiKeys.HEADER, key())
                .get("/jobs/{id}/report.html", job)
                .then()
                .statusCode(200)
                .body(containsString("<h2>Gold screening</h2><p>1 gold query with a result that depends on the plan"));
    }

    @Test
    void shouldLeaveTheItemOutOfTheAccuracyWithACountWhenScreeningExcludes() {
        UUID job = job(new EvaluationOptions(null, GoldScreening.EXCLUDE));

        given().header(ApiKeys.HEADER, key())
                .get("/jobs/{id}/results", job)
                .then()
                .statusCode(200)
                .body("find { it.questionId == 'q1' }.excludedFromAccuracy", equalTo(true));
        given().header(ApiKeys.HEADER, key())
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("overall.metrics.executionAccuracy.n", equalTo(1))
                .body("overall.metrics.queryRecall.n", equalTo(2))
                .body("goldScreening.excludedItems", equalTo(1));
        given().header(ApiKeys.HEADER, key())
                .get("/jobs/{id}/report.html", job)
                .then()
                .statusCode(200)
                .body(containsString("1 of these items are left out of the accuracy (goldScreening: exclude)"));
    }

    @Test
    void shouldJudgeTheItemAsBeforeWhenScreeningIsOff() {
        UUID job = job(new EvaluationOptions(null, GoldScreening.OFF));

        given().header(ApiKeys.HEADER, key())
                .get("/jobs/{id}/results", job)
                .then()
                .statusCode(200)
                .body("find { it.questionId == 'q1' }.goldNondeterministic", nullValue())
                .body("find { it.questionId == 'q1' }.strictMatch", equalTo(false))
                .body("find { it.questionId == 'q1' }.strict.reason", equalTo("ROW_ORDER_DIFFERS"));
        given().header(ApiKeys.HEADER, key())
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("goldScreening.unstableGolds", equalTo(0));
    }

    @Test
    void shouldLinkByTheSnailsAuthorsConventionsWhenTheJobAsks() {
        UUID job = job(new EvaluationOptions(Linking.SNAILS, null));

        // The gold's ORDER BY names its alias n: a gold column by their conventions, not by the platform's.
        given().header(ApiKeys.HEADER, key())
                .get("/jobs/{id}/results", job)
                .then()
                .statusCode(200)
                .body("find { it.questionId == 'q1' }.linking", equalTo("snails"))
                .body("find { it.questionId == 'q1' }.linkingMethod", equalTo("snails"))
                .body("find { it.questionId == 'q2' }.queryRecall", equalTo(1.0f));
        UUID platform = job(EvaluationOptions.DEFAULT);
        given().header(ApiKeys.HEADER, key())
                .get("/jobs/{id}/results", platform)
                .then()
                .statusCode(200)
                .body("find { it.questionId == 'q1' }.linking", equalTo("platform"))
                .body("find { it.questionId == 'q1' }.linkingMethod", equalTo("parsed"));
    }

    @Test
    void shouldScoreLinkingByEitherConventionOnRequest() {
        String body = """
                {"goldSql": "SELECT STATE, COUNT(*) AS INJURY_COUNT FROM INJURY GROUP BY STATE ORDER BY INJURY_COUNT",
                 "predictedSql": "SELECT STATE FROM INJURY", "dialect": "sqlserver", "linking": "%s"}""";
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body(body.formatted("snails"))
                .when()
                .post("/linking")
                .then()
                .statusCode(200)
                .body("linking", equalTo("snails"))
                .body("linkingMethod", equalTo("snails"))
                .body("queryRecall", equalTo(2.0f / 3))
                .body("missing.columns", contains("injury_count"));
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body(body.formatted("platform"))
                .when()
                .post("/linking")
                .then()
                .statusCode(200)
                .body("linking", equalTo("platform"))
                .body("queryRecall", equalTo(1.0f));
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body(body.formatted("paper"))
                .when()
                .post("/linking")
                .then()
                .statusCode(400)
                .body("field", equalTo("linking"))
                .body("error", equalTo("linking unknown value 'paper' (expected platform or snails)"));
    }
}
