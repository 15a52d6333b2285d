package dev.snailbench.inference.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.testkit.OpenApiRules;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** The inference's OpenAPI document keeps the platform's rules (security scheme, status codes, summaries). */
@QuarkusTest
@RealInfrastructure
class OpenApiDocumentTest {

    @Test
    void shouldKeepThePlatformsOpenApiRules() throws Exception {
        String json = given().get("/q/openapi?format=json").then().statusCode(200).extract().asString();

        assertThat(OpenApiRules.problems(OpenApiRules.keep("inference", json))).isEmpty();
    }
}
