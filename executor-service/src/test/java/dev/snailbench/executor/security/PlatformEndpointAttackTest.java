package dev.snailbench.executor.security;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Attack suite: a platform endpoint is refused even inside an allowed network. The operator of this test lists the
 * teams' PostgreSQL, which the tests' allowed network covers, as a platform endpoint
 * ({@code snailbench.executor.targets.platform-endpoints}), as Kubernetes or Compose list the other services.
 * Beyond the in-memory tier: a real PostgreSQL inside the allowed network refused as a platform endpoint.
 */
@QuarkusTest
@RealInfrastructure
@TestProfile(PlatformEndpointAttackTest.TeamsServerIsAPlatformEndpoint.class)
class PlatformEndpointAttackTest {

    /** The allowed teams' server declared a platform endpoint. */
    public static class TeamsServerIsAPlatformEndpoint implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(TeamsServerEndpoint.class));
        }
    }

    /**
     * A test resource, not a config override: resources see the module's local stack (the one the tests use), whereas a
     * profile's overrides are computed before it is shared.
     */
    public static class TeamsServerEndpoint implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            return Map.of("snailbench.executor.targets.platform-endpoints", LocalStack.targets().hostAndPort());
        }

        @Override
        public void stop() {
            // The local stack is shared by the module's tests.
        }
    }

    @Test
    void shouldRefuseAPlatformEndpointEvenInsideAnAllowedNetwork() {
        String key = TenantKeys.register("mallory-endpoints", answers("/databases", 200)).apiKey();
        for (String host : new String[] {"127.0.0.1", "localhost"}) {
            given().header(ApiKeys.HEADER, key).contentType(ContentType.JSON)
                    .body(Map.of("name", "endpoint", "kind", "postgresql", "jdbcUrl", "jdbc:postgresql://" + host + ":"
                            + LocalStack.targets().port() + "/footballdb_v1", "user", Postgres.USER, "password",
                            Postgres.PASSWORD))
                    .post("/databases").then().statusCode(400).body("field", equalTo("jdbcUrl"))
                    .body("error", containsString(TargetPolicy.REFUSED));
        }
    }
}
