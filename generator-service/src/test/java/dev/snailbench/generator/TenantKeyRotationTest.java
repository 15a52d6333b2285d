package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A leaked key can be replaced: the operator rotates it, the new key works and the old one is refused. Beyond the
 * in-memory tier: the new registration read back from the broker and stored, then the real key lookup refusing the old
 * key ({@code TenantResourceInMemoryTest} covers the endpoint itself).
 */
@QuarkusTest
@RealInfrastructure
class TenantKeyRotationTest {

    @Test
    void shouldReplaceATenantsKeySoThatOnlyTheNewOneWorks() {
        Map<String, Object> tenant = given().header("X-Admin-Key", TestTenants.ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", "team-rotate"))
                .post("/tenants")
                .then()
                .statusCode(201)
                .extract()
                .as(Map.class);
        String oldKey = (String) tenant.get("apiKey");
        given().header("X-API-Key", oldKey).get("/jobs").then().statusCode(200);

        String newKey = given().header("X-Admin-Key", TestTenants.ADMIN_KEY)
                .post("/tenants/" + tenant.get("tenantId") + "/key")
                .then()
                .statusCode(200)
                .body("tenantId", equalTo(tenant.get("tenantId")))
                .body("name", equalTo("team-rotate"))
                .body("apiKey", not(equalTo(oldKey)))
                .extract()
                .path("apiKey");

        given().header("X-API-Key", newKey).get("/jobs").then().statusCode(200);
        given().header("X-API-Key", oldKey)
                .get("/jobs")
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid API key"));
    }
}
