package dev.snailbench.inference.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.inference.InMemoryTier;
import dev.snailbench.testkit.OpenApiRules;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The inference's OpenAPI document keeps the platform's rules (security scheme, status codes, summaries) and says
 * how a team looks up one inference.
 */
@QuarkusTest
@InMemoryTier
class OpenApiDocumentTest {

    @Test
    void shouldKeepThePlatformsRulesAndDocumentTheInferenceLookup() {
        JsonNode doc = OpenApiRules.served("inference");

        assertThat(OpenApiRules.problems(doc)).isEmpty();
        JsonNode lookup = doc.path("paths").path("/inferences/{workItemId}").path("get");
        assertThat(lookup.path("operationId").asText()).isEqualTo("getInference");
        assertThat(lookup.path("responses").fieldNames()).toIterable().contains("200", "400", "401", "404");
        assertThat(lookup.path("security").toString()).isEqualTo("[{\"apiKey\":[]}]");
    }
}
