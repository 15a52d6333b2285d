package dev.snailbench.generator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.testkit.OpenApiRules;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The generator's OpenAPI document says what the service does: an API-key scheme Swagger UI can authorize with,
 * the status codes the endpoints really answer, an operationId and a one-line summary everywhere.
 */
@QuarkusTest
@InMemoryTier
class OpenApiDocumentTest {

    @Test
    void shouldDocumentTheApiKeySchemeRealStatusCodesAndASummaryOnEveryOperation() {
        JsonNode doc = OpenApiRules.served("generator");

        assertThat(OpenApiRules.problems(doc)).isEmpty();
        JsonNode submit = doc.path("paths").path("/jobs").path("post");
        assertThat(submit.path("operationId").asText()).isEqualTo("submitJob");
        assertThat(submit.path("summary").asText()).isEqualTo("Submit an evaluation job");
        assertThat(submit.path("responses").fieldNames())
                .toIterable()
                .contains("200", "202", "400", "401", "413", "503")
                .doesNotContain("201");
        assertThat(submit.path("requestBody")
                        .path("content")
                        .path("application/json")
                        .path("schema")
                        .path("$ref")
                        .asText())
                .isEqualTo("#/components/schemas/JobRequest");
        assertThat(doc.path("components")
                        .path("schemas")
                        .path("JobRequest")
                        .path("properties")
                        .path("questions")
                        .isMissingNode())
                .isFalse();
        assertThat(submit.path("security").toString()).isEqualTo("[{\"apiKey\":[]}]");
        assertThat(submit.path("parameters").toString()).doesNotContain("X-API-Key");
        assertThat(doc.path("paths")
                        .path("/tenants")
                        .path("post")
                        .path("responses")
                        .fieldNames())
                .toIterable()
                .contains("201", "400", "401", "409");
        assertThat(doc.path("paths")
                        .path("/tenants")
                        .path("post")
                        .path("security")
                        .toString())
                .isEqualTo("[{\"adminKey\":[]}]");
        assertThat(doc.path("paths")
                        .path("/jobs/{id}")
                        .path("get")
                        .path("responses")
                        .fieldNames())
                .toIterable()
                .contains("200", "401", "404");
        assertThat(doc.path("components")
                        .path("securitySchemes")
                        .path("apiKey")
                        .path("name")
                        .asText())
                .isEqualTo("X-API-Key");
    }
}
