package dev.snailbench.classifier.attack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.classifier.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

/** What the classifier took before: fields it does not know, silently; GET /model from anyone. */
@QuarkusTest
@InMemoryTier
class ClassifierAttackTest extends InMemoryTenantTest {

    @Test
    void shouldNameAnUnknownFieldAndSuggestTheKnownOne() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"identifiers\": [\"ModelYear\"], \"identifier\": [\"VgHt\"]}")
                .when()
                .post("/classify")
                .then()
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", equalTo("unknown field 'identifier' (did you mean 'identifiers'?)"))
                .body("field", equalTo("identifier"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"tables\": [{\"name\": \"t\", \"colums\": [\"a\"]}]}")
                .when()
                .post("/schemas/naturalness")
                .then()
                .statusCode(400)
                .body("error", equalTo("unknown field 'tables[0].colums' (did you mean 'columns'?)"))
                .body("field", equalTo("tables[0].colums"));
    }

    @Test
    void shouldRefuseTheModelDescriptionWithoutAKey() {
        given().get("/model")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo("X-API-Key"));
    }
}
