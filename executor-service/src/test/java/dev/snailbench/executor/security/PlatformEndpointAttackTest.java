package dev.snailbench.executor.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.executor.InMemoryTier;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Attack suite: a platform endpoint is refused even inside an allowed network. The operator of this test allows an
 * address on loopback as the teams' network and lists it as a platform endpoint
 * ({@code snailbench.executor.targets.platform-endpoints}), as Kubernetes or Compose list the other services; the
 * registration is refused by the address rules, before any connection (in-memory tier).
 */
@QuarkusTest
@InMemoryTier
@TestProfile(PlatformEndpointAttackTest.TeamsServerIsAPlatformEndpoint.class)
class PlatformEndpointAttackTest extends InMemoryTenantTest {

    /** A port on loopback: no server need listen there, as the address is refused before any connection. */
    private static final String ENDPOINT = "127.0.0.1:15432";

    /** Loopback's port allowed as a team database's network, and declared a platform endpoint. */
    public static class TeamsServerIsAPlatformEndpoint implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "snailbench.executor.targets.allowed-networks",
                    ENDPOINT,
                    "snailbench.executor.targets.platform-endpoints",
                    ENDPOINT);
        }
    }

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
                            "jdbc:postgresql://" + host + ENDPOINT.substring(ENDPOINT.indexOf(':')) + "/footballdb_v1",
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
