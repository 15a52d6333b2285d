package dev.snailbench.executor.rest;

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
    void shouldKeepThePlatformsOpenApiRules() {
        assertThat(OpenApiRules.problems(OpenApiRules.served("executor"))).isEmpty();
    }
}
