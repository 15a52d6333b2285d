package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.nullValue;

import dev.snailbench.generator.InMemoryTier;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /ui/config} needs no key (the web UI reads it before sign-in) and holds no scorer address the operator
 * did not configure (none here: the UI then asks the person).
 */
@QuarkusTest
@InMemoryTier
class UiConfigResourceInMemoryTest {

    @Test
    void shouldAnswerWithoutAKeyAndNoScorerAddressUnlessConfigured() {
        given().get("/ui/config").then().statusCode(200).body("scorerUrl", nullValue());
        given().header("X-API-Key", "sb_not-a-key").get("/ui/config").then().statusCode(200);
    }
}
