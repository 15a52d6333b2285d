package dev.snailbench.executor.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.InMemoryTier;
import dev.snailbench.testkit.OpenApiRules;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** The executor's OpenAPI document keeps the platform's rules (security scheme, status codes, summaries). */
@QuarkusTest
@InMemoryTier
class OpenApiDocumentTest {

    @Test
    void shouldKeepThePlatformsOpenApiRules() throws Exception {
        String json = given().get("/q/openapi?format=json")
                .then()
                .statusCode(200)
                .extract()
                .asString();

        assertThat(OpenApiRules.problems(OpenApiRules.keep("executor", json))).isEmpty();
    }
}
