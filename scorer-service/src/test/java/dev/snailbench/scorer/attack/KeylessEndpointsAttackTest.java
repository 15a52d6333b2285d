package dev.snailbench.scorer.attack;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.scorer.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.testkit.OversizedBody;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.URI;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What an attacker with no key (or a made-up one) could do to the scorer before: use the stateless endpoints as a
 * free computing service with 64 MB bodies, from any web page (CORS allowed every origin); send typos that were
 * silently ignored. The key filter's authenticator is mocked (in-memory tier): the short wait for a made-up key is
 * {@code NewTenantKeyTest}'s, on the real stack.
 */
@QuarkusTest
@InMemoryTier
class KeylessEndpointsAttackTest extends InMemoryTenantTest {

    private static final String COMPARE = """
            {"gold": {"rows": [[1]]}, "predicted": {"rows": [[1]]}}""";
    private static final String LINKING = """
            {"goldSql": "SELECT a FROM t", "predictedSql": "SELECT a FROM t", "dialect": "postgresql"}""";
    private static final String CHARACTERISTICS = """
            {"sql": "SELECT a FROM t", "dialect": "postgresql"}""";

    @Test
    void shouldRefuseTheStatelessEndpointsWithoutAKey() {
        for (String[] call :
                new String[][] {{"/compare", COMPARE}, {"/linking", LINKING}, {"/characteristics", CHARACTERISTICS}}) {
            given().contentType(ContentType.JSON)
                    .body(call[1])
                    .when()
                    .post(call[0])
                    .then()
                    .statusCode(401)
                    .body("status", equalTo(401))
                    .body("field", equalTo("X-API-Key"));
        }
    }

    @Test
    void shouldServeTheStatelessEndpointsToATenant() {
        String key = key();
        given().header(ApiKeys.HEADER, key)
                .contentType(ContentType.JSON)
                .body(COMPARE)
                .when()
                .post("/compare")
                .then()
                .statusCode(200)
                .body("strict.match", equalTo(true));
        given().header(ApiKeys.HEADER, key)
                .contentType(ContentType.JSON)
                .body(LINKING)
                .when()
                .post("/linking")
                .then()
                .statusCode(200)
                .body("queryF1", equalTo(1.0f));
        given().header(ApiKeys.HEADER, key)
                .contentType(ContentType.JSON)
                .body(CHARACTERISTICS)
                .when()
                .post("/characteristics")
                .then()
                .statusCode(200)
                .body("hardness", equalTo("easy"));
    }

    @TestHTTPResource("/")
    URI base;

    @Test
    void shouldRefuseACompareBodyBeyondSixteenMegabytes() {
        // Refused by its announced size alone (it was 64 MB), before any of it is read or any key looked at.
        assertThat(OversizedBody.status(base, "/compare", ApiKeys.newKey(), 17L * 1024 * 1024))
                .isEqualTo(413);
    }

    @Test
    void shouldNameAnUnknownFieldAndSuggestTheKnownOne() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"goldSql": "SELECT a FROM t", "predictedSqll": "SELECT a FROM t", "dialect": "postgresql"}""")
                .when()
                .post("/linking")
                .then()
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", equalTo("unknown field 'predictedSqll' (did you mean 'predictedSql'?)"))
                .body("field", equalTo("predictedSqll"));
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("""
                {"verdict": "correct", "whatever": 1}""")
                .when()
                .put("/jobs/{job}/items/{item}/review", UUID.randomUUID(), UUID.randomUUID())
                .then()
                .statusCode(400)
                .body("error", equalTo("unknown field 'whatever'"))
                .body("field", equalTo("whatever"));
    }

    @Test
    void shouldRefuseAReviewerNameOfAMegabyte() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body("{\"verdict\": \"correct\", \"reviewer\": \"" + "r".repeat(1_000_000) + "\"}")
                .when()
                .put("/jobs/{job}/items/{item}/review", UUID.randomUUID(), UUID.randomUUID())
                .then()
                .statusCode(400)
                .body("error", equalTo("reviewer: has 1000000 characters; at most 200 characters are accepted"))
                .body("field", equalTo("reviewer"));
    }

    @Test
    void shouldNotLetAnotherSitesPageCallTheApi() {
        // A preflight from a page of another origin: no Access-Control-Allow-Origin, so the browser refuses.
        String allowed = given().header("Origin", "https://attacker.example")
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "X-API-Key,Content-Type")
                .when()
                .options("/compare")
                .then()
                .extract()
                .header("Access-Control-Allow-Origin");
        assertThat(allowed).isNull();
        given().header("Origin", "https://attacker.example")
                .header(ApiKeys.HEADER, ApiKeys.newKey())
                .when()
                .get("/jobs/{id}/results", UUID.randomUUID())
                .then()
                .header("Access-Control-Allow-Origin", nullValue());
    }
}
