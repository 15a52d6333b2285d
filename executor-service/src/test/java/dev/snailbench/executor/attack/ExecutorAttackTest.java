package dev.snailbench.executor.attack;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.executor.InMemoryTier;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.testkit.OversizedBody;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a tenant could send the executor before: a misspelt field ({@code optoins}) registered the database
 * silently without the options it meant; a password of any length; bodies of 10 MB.
 */
@QuarkusTest
@InMemoryTier
class ExecutorAttackTest extends InMemoryTenantTest {

    private static final String URL = "jdbc:postgresql://127.0.0.1:5432/footballdb_v1";

    @Test
    void shouldRefuseAMisspeltFieldNamingItAndTheFieldMeant() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        "n",
                        "kind",
                        "postgresql",
                        "jdbcUrl",
                        URL,
                        "user",
                        "u",
                        "password",
                        "p",
                        "optoins",
                        Map.of("connectTimeout", "5")))
                .post("/databases")
                .then()
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", equalTo("unknown field 'optoins' (did you mean 'options'?)"))
                .body("field", equalTo("optoins"));
    }

    @Test
    void shouldRefuseAPasswordOfAMegabyte() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body(DatabaseRegistration.postgresql("n", URL, "u", "p".repeat(1_000_000 - 1_000)))
                .post("/databases")
                .then()
                .statusCode(400)
                .body("field", equalTo("password"))
                .body("error", equalTo("password: has 999000 characters; at most 200 characters are accepted"));
    }

    @TestHTTPResource("/")
    URI base;

    @Test
    void shouldRefuseABodyBeyondOneMegabyte() {
        assertThat(OversizedBody.status(base, "/databases", "sb_any", 2L * 1024 * 1024))
                .isEqualTo(413);
    }
}
