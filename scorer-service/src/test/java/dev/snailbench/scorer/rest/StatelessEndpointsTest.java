package dev.snailbench.scorer.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.scorer.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

/** POST /compare, /linking and /characteristics, as a user checking metrics against published results. */
@QuarkusTest
@InMemoryTier
class StatelessEndpointsTest extends InMemoryTenantTest {

    @Test
    void shouldCompareTwoResultsWithEveryMetric() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"gold": {"columns": ["name", "goals"], "rows": [["a", 1], ["b", 2]], "timesSeconds": [0.04]},
                 "predicted": {"rows": [["b", 2.0], ["a", 1]], "timesSeconds": [0.01]},
                 "orderBy": true}""")
                .when()
                .post("/compare")
                .then()
                .statusCode(200)
                .body("strict.match", equalTo(false))
                .body("strict.reason", equalTo("ROW_ORDER_DIFFERS"))
                .body("set.match", equalTo(true))
                .body("relaxed.reason", equalTo("ROW_ORDER_DIFFERS"))
                .body("cellPrecision", equalTo(1.0f))
                .body("cellRecall", equalTo(1.0f))
                .body("tupleCardinality", equalTo(1.0f))
                .body("tupleConstraint", equalTo(1.0f))
                .body("tupleOrder", equalTo(0.0f))
                .body("qatchExecutionAccuracy", equalTo(1.0f))
                .body("executionAccuracy", nullValue())
                // Gold 4× slower than the prediction: QATCH's VES is sqrt(predicted / gold time), R-VES caps at 1.25.
                .body("validEfficiencyScore", equalTo(0.5f))
                .body("rewardBasedEfficiencyScore", equalTo(1.25f))
                .body("softF1", equalTo(0.0f));
    }

    @Test
    void shouldOmitTupleOrderWithoutOrderByAndApplyTolerance() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"gold": {"rows": [[0.333333]]}, "predicted": {"rows": [[0.3333333333]]},
                 "tolerance": {"relative": 1e-5}}""")
                .when()
                .post("/compare")
                .then()
                .statusCode(200)
                .body("tupleOrder", nullValue())
                .body("strict.reason", equalTo("MATCH_WITHIN_TOLERANCE"));
    }

    @Test
    void shouldCompareNumbersByValueAndTextAsText() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"predicted": {"rows": [[1.0, "x", null, true, 1E2]]},
                 "gold": {"rows": [[1, "x", null, "true", 100]], "columns": ["a", "b", "c", "d", "e"]}}""")
                .when()
                .post("/compare")
                .then()
                .statusCode(200)
                .body("strict.reason", equalTo("MATCH"));
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"gold": {"rows": [["1"]]}, "predicted": {"rows": [[1]]}}""")
                .when()
                .post("/compare")
                .then()
                .statusCode(200)
                .body("strict.match", equalTo(false));
    }

    @Test
    void shouldNameTheBadFieldOfACompareRequest() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("{\"gold\": {\"rows\": [[1]]}}")
                .when()
                .post("/compare")
                .then()
                .statusCode(400)
                .body("error", containsString("predicted is required"));
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"gold": {"columns": ["a"], "rows": [[1], [1, 2]]}, "predicted": {"rows": []}}""")
                .when()
                .post("/compare")
                .then()
                .statusCode(400)
                .body("error", equalTo("gold.rows[1] has 2 cells but gold.columns has 1"));
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"gold": {"rows": [[{"x": 1}]]}, "predicted": {"rows": []}}""")
                .when()
                .post("/compare")
                .then()
                .statusCode(400)
                .body("error", equalTo("gold.rows[0][0] must be a string, number, boolean or null"));
    }

    @Test
    void shouldScoreSchemaLinking() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"goldSql": "SELECT [p].[Name], [Age] FROM [dbo].[Player] AS [p] ORDER BY [Age]",
                 "predictedSql": "SELECT name FROM player p JOIN team t ON t.id = p.team_id",
                 "dialect": "sqlserver"}""")
                .when()
                .post("/linking")
                .then()
                .statusCode(200)
                .body("queryRecall", equalTo(2.0f / 3))
                .body("queryPrecision", equalTo(0.4f))
                .body("matched.tables", contains("player"))
                .body("matched.columns", contains("name"))
                .body("missing.columns", contains("age"))
                .body("extra.tables", contains("team"))
                .body("extra.columns", contains("id", "team_id"))
                .body("linkingMethod", equalTo("parsed"));
    }

    @Test
    void shouldScoreAPredictionThatDoesNotParseFromItsTokensAndSaySo() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"goldSql": "SELECT comments FROM roadkill WHERE year < 1990",
                 "predictedSql": "SELECT comments FROM roadkill WHERE species ! = 'deer'",
                 "dialect": "sqlserver"}""")
                .when()
                .post("/linking")
                .then()
                .statusCode(200)
                .body("linkingMethod", equalTo("tokens"))
                .body("queryRecall", equalTo(2.0f / 3))
                .body("matched.tables", contains("roadkill"))
                .body("matched.columns", contains("comments"))
                .body("missing.columns", contains("year"))
                .body("extra.columns", contains("species"));
    }

    @Test
    void shouldLinkAnAnswerOfSeveralStatementsOverAllOfThemAndFlagIt() {
        // A preparatory statement first: the SELECT that answers is the second one.
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"goldSql": "SELECT comments FROM roadkill WHERE year < 1990",
                 "predictedSql": "SET NOCOUNT ON; SELECT comments FROM roadkill WHERE year < 1990; -- done",
                 "dialect": "sqlserver"}""")
                .when()
                .post("/linking")
                .then()
                .statusCode(200)
                .body("statements", equalTo(2))
                .body("multipleStatements", equalTo(true))
                .body("queryRecall", equalTo(1.0f))
                .body("matched.columns", contains("comments", "year"));
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"goldSql": "SELECT a FROM t", "predictedSql": "SELECT a FROM t; SELECT b FROM u;",
                 "dialect": "postgresql"}""")
                .when()
                .post("/linking")
                .then()
                .statusCode(200)
                .body("statements", equalTo(2))
                .body("multipleStatements", equalTo(true))
                .body("linkingMethod", equalTo("parsed"))
                .body("queryRecall", equalTo(1.0f))
                .body("extra.tables", contains("u"))
                .body("extra.columns", contains("b"));
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"goldSql": "SELECT a FROM t", "predictedSql": "SELECT a FROM t;", "dialect": "postgresql"}""")
                .when()
                .post("/linking")
                .then()
                .statusCode(200)
                .body("statements", equalTo(1))
                .body("multipleStatements", equalTo(false));
    }

    @Test
    void shouldRejectUnparsableGoldSqlAndUnknownDialect() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"goldSql": "SELEC a FROM", "predictedSql": "SELECT a FROM t", "dialect": "postgresql"}""")
                .when()
                .post("/linking")
                .then()
                .statusCode(400)
                .body("error", containsString("goldSql does not parse"))
                .body("field", equalTo("goldSql"));
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"sql": "SELECT 1", "dialect": "oracle"}""")
                .when()
                .post("/characteristics")
                .then()
                .statusCode(400)
                .body("error", containsString("dialect: unknown dialect 'oracle'"))
                .body("field", equalTo("dialect"));
    }

    @Test
    void shouldDescribeQueryCharacteristicsAndHardness() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"sql": "SELECT TOP 1 t.name, count(*) FROM team t JOIN player p ON p.team_id = t.id GROUP BY t.name ORDER BY count(*) DESC",
                 "dialect": "sqlserver"}""")
                .when()
                .post("/characteristics")
                .then()
                .statusCode(200)
                .body("hardness", equalTo("extra"))
                .body("characteristics.joins", equalTo(1))
                .body("characteristics.aggregations", equalTo(2))
                .body("characteristics.limit", equalTo(true))
                .body("characteristics.groupBy", equalTo(true))
                .body("tables", contains("team", "player"));
    }
}
