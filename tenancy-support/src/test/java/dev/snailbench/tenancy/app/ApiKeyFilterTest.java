package dev.snailbench.tenancy.app;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The one API-key mechanism of every service (tenancy-support's ApiKeyFilter), on a test application: a key is
 * required by default, resolved to the tenant over the real tenants topic and injected as {@code Caller}.
 * Beyond the in-memory tier: keys registered over the real tenants topic and looked up in PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
class ApiKeyFilterTest {

    @Test
    void shouldRefuseARequestWithoutAKeyWith401NamingTheHeader() {
        given().get("/probe/me")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("error", equalTo("missing X-API-Key header"))
                .body("field", equalTo("X-API-Key"));
    }

    @Test
    void shouldRefuseAnUnknownKeyOnlyAfterWaitingForItsRegistration() {
        long start = System.nanoTime();
        given().header(ApiKeys.HEADER, ApiKeys.newKey())
                .get("/probe/me")
                .then()
                .statusCode(401)
                .header("Retry-After", "1")
                .body("status", equalTo(401))
                .body("error", equalTo("invalid API key"))
                .body("field", equalTo("X-API-Key"));
        // snailbench.tenancy.unknown-key-wait (1.5 s): a key created a moment ago may still be on its way.
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void shouldLetAKeylessEndpointThroughWithoutAKey() {
        given().get("/probe/open").then().statusCode(200).body("open", equalTo("yes"));
    }

    @Test
    void shouldInjectTheTenantOfAKeyLearntFromTheTenantsTopic() {
        String tenant = "probe-" + UUID.randomUUID();
        String key = ApiKeys.newKey();
        // Over the real broker, on the channel configured by the library alone (no tenants.* line in this app).
        TenantKeys.register(tenant, "tenancy tests", key, answers("/probe/me", 200));

        given().header(ApiKeys.HEADER, key)
                .get("/probe/me")
                .then()
                .statusCode(200)
                .body("tenantId", equalTo(tenant));
        given().header(ApiKeys.HEADER, key)
                .get("/probe/me-reactive")
                .then()
                .statusCode(200)
                .body("tenantId", equalTo(tenant));
    }

    @Test
    void shouldTreatABlankKeyAsAMissingOne() {
        given().header(ApiKeys.HEADER, " ")
                .get("/probe/me")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("error", equalTo("missing X-API-Key header"))
                .body("field", equalTo("X-API-Key"));
    }
}
