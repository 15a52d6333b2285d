package dev.snailbench.scorer.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.scorer.InMemoryTier;
import dev.snailbench.testkit.OpenApiRules;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** The scorer's OpenAPI document keeps the platform's rules (security scheme, status codes, summaries). */
@QuarkusTest
@InMemoryTier
class OpenApiDocumentTest {

    @Test
    void shouldDocumentTheApiKeySchemeAndReviewByQuestionId() {
        JsonNode doc = OpenApiRules.served("scorer");

        assertThat(OpenApiRules.problems(doc)).isEmpty();
        JsonNode review = doc.path("paths")
                .path("/jobs/{jobId}/items/{workItemId}/review")
                .path("put");
        assertThat(review.path("operationId").asText()).isEqualTo("reviewItem");
        assertThat(review.path("responses").fieldNames()).toIterable().contains("200", "400", "401", "404", "409");
        assertThat(review.path("security").toString()).isEqualTo("[{\"apiKey\":[]}]");
        // The stateless endpoints need a key too (work done for someone, bodies up to 16 MB).
        assertThat(doc.path("paths")
                        .path("/compare")
                        .path("post")
                        .path("security")
                        .toString())
                .isEqualTo("[{\"apiKey\":[]}]");
        JsonNode batch = doc.path("paths").path("/compare/batch").path("post");
        assertThat(batch.path("security").toString()).isEqualTo("[{\"apiKey\":[]}]");
        assertThat(batch.path("requestBody").path("content").has("application/x-ndjson"))
                .isTrue();
        assertThat(batch.path("responses").path("200").path("content").has("application/x-ndjson"))
                .isTrue();
        assertThat(batch.path("responses").fieldNames()).toIterable().contains("200", "400", "401");
    }
}
