package dev.snailbench.inference.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;

import dev.snailbench.inference.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

@QuarkusTest
@InMemoryTier
class PromptResourceTest extends InMemoryTenantTest {

    @Test
    void shouldPreviewTheExactPromptOfAWorkItem() {
        String body = """
                {"questionId": "KlamathInvasiveSpecies:3", "question": "Which plants are invasive?",
                 "dialect": "sqlserver", "level": "Least", "schemaId": "KlamathInvasiveSpecies",
                 "model": {"label": "gpt", "backend": "fake"},
                 "promptOptions": {"includeKeys": true, "sampleValues": 0, "shots": 0, "shotSelection": "random",
                                   "shotSeed": 0, "maxPromptTokens": 0}}""";

        String first = given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(body)
                .when()
                .post("/prompts/preview")
                .then()
                .statusCode(200)
                .body("text", startsWith("### Write a MS SQL Server query for the database KlamathInvasiveSpecies."))
                .body("text", containsString("Which plants are invasive?"))
                .body("tables", hasSize(18))
                .body("subset", equalTo(false))
                .extract()
                .path("text");
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(body)
                .when()
                .post("/prompts/preview")
                .then()
                .statusCode(200)
                .body("text", equalTo(first));
    }

    @Test
    void shouldRejectAnItemItCannotPromptNamingWhy() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"question": "q", "dialect": "sqlserver", "level": "Low", "schemaId": "Nope"}""")
                .when()
                .post("/prompts/preview")
                .then()
                .statusCode(400)
                .body("error", startsWith("unknown schema 'Nope'"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"question": "q", "dialect": "mysql", "schemaId": "ATBI"}""")
                .when()
                .post("/prompts/preview")
                .then()
                .statusCode(400)
                .body("error", containsString("dialect"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"dialect": "sqlserver", "schemaId": "ATBI"}""")
                .when()
                .post("/prompts/preview")
                .then()
                .statusCode(400)
                .body("error", equalTo("question is required"));
    }
}
