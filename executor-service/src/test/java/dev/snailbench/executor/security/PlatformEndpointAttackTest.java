package dev.snailbench.executor.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.executor.InMemoryTier;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Attack suite: a platform endpoint is refused even inside an allowed network. The in-memory tier's operator allows
 * an address on loopback as the teams' network and lists it as a platform endpoint
 * ({@link InMemoryTier#PLATFORM_ENDPOINT}); the registration is refused by the address rules, before any connection.
 */
@QuarkusTest
@InMemoryTier
class PlatformEndpointAttackTest extends InMemoryTenantTest {

    @Test
    void shouldRefuseAPlatformEndpointEvenInsideAnAllowedNetwork() {
        for (String host : new String[] {"127.0.0.1", "localhost"}) {
            given().header(ApiKeys.HEADER, key())
                    .contentType(ContentType.JSON)
                    .body(Map.of(
                            "name",
                            "endpoint",
                            "kind",
                            "postgresql",
                            "jdbcUrl",
                            "jdbc:postgresql://" + host
                                    + InMemoryTier.PLATFORM_ENDPOINT.substring(
                                            InMemoryTier.PLATFORM_ENDPOINT.indexOf(':'))
                                    + "/footballdb_v1",
                            "user",
                            "reader",
                            "password",
                            "secret"))
                    .post("/databases")
                    .then()
                    .statusCode(400)
                    .body("field", equalTo("jdbcUrl"))
                    .body("error", containsString(TargetPolicy.REFUSED));
        }
    }
}
