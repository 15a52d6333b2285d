package dev.snailbench.inference.attack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.inference.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

/** The inference's stateless endpoints served anyone and took fields they do not know, silently. */
@QuarkusTest
@InMemoryTier
class InferenceKeyAttackTest extends InMemoryTenantTest {

    @Test
    void shouldRefuseTheStatelessEndpointsWithoutAKey() {
        given().contentType(ContentType.JSON)
                .body("""
                {"sql": "SELECT b FROM b", "dialect": "sqlserver", "level": "Low",
                 "crosswalk": [{"kind": "table", "native": "a", "low": "b"}]}""")
                .when()
                .post("/denaturalize")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo("X-API-Key"));
        given().contentType(ContentType.JSON)
                .body("""
                {"question": "q", "dialect": "sqlserver", "schemaId": "ATBI"}""")
                .when()
                .post("/prompts/preview")
                .then()
                .statusCode(401)
                .body("field", equalTo("X-API-Key"));
        given().header("X-API-Key", "sb_not-a-key")
                .contentType(ContentType.JSON)
                .body("""
                {"question": "q", "dialect": "sqlserver", "schemaId": "ATBI"}""")
                .when()
                .post("/prompts/preview")
                .then()
                .statusCode(401)
                .body("field", equalTo("X-API-Key"));
    }

    @Test
    void shouldNameAnUnknownFieldAndSuggestTheKnownOne() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"sql": "SELECT b FROM b", "dialectt": "sqlserver", "level": "Low", "crosswalk": []}""")
                .when()
                .post("/denaturalize")
                .then()
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", equalTo("unknown field 'dialectt' (did you mean 'dialect'?)"))
                .body("field", equalTo("dialectt"));
    }
}
