package dev.snailbench.classifier.attack;

import static dev.snailbench.testkit.TenantKeys.answers;
import static dev.snailbench.testkit.TenantKeys.sharedKey;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

/** What the classifier took before: fields it does not know, silently; GET /model from anyone. */
@QuarkusTest
@RealInfrastructure
class ClassifierAttackTest {

    @Test
    void shouldNameAnUnknownFieldAndSuggestTheKnownOne() {
        given().header("X-API-Key", sharedKey(answers("/model", 200))).contentType(ContentType.JSON)
                .body("{\"identifiers\": [\"ModelYear\"], \"identifier\": [\"VgHt\"]}")
                .when().post("/classify")
                .then().statusCode(400)
                .body("status", equalTo(400))
                .body("error", equalTo("unknown field 'identifier' (did you mean 'identifiers'?)"))
                .body("field", equalTo("identifier"));
        given().header("X-API-Key", sharedKey(answers("/model", 200))).contentType(ContentType.JSON)
                .body("{\"tables\": [{\"name\": \"t\", \"colums\": [\"a\"]}]}")
                .when().post("/schemas/naturalness")
                .then().statusCode(400)
                .body("error", equalTo("unknown field 'tables[0].colums' (did you mean 'columns'?)"))
                .body("field", equalTo("tables[0].colums"));
    }

    @Test
    void shouldRefuseTheModelDescriptionWithoutAKey() {
        given().get("/model").then().statusCode(401)
                .body("error", equalTo("missing X-API-Key header")).body("field", equalTo("X-API-Key"));
    }
}
