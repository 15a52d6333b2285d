package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A tenant asks who it is: the web UI shows the name it signed in as. */
@QuarkusTest
class TenantMeTest {

    @Test
    void shouldTellATenantItsOwnNameAndNothingWithoutAValidKey() {
        Map<String, Object> tenant = given().header("X-Admin-Key", TestTenants.ADMIN_KEY)
                .contentType(ContentType.JSON).body(Map.of("name", "team-me")).post("/tenants")
                .then().statusCode(201).extract().as(Map.class);

        given().header("X-API-Key", tenant.get("apiKey")).get("/tenants/me").then().statusCode(200)
                .body("tenantId", equalTo(tenant.get("tenantId"))).body("name", equalTo("team-me"))
                .body("$", not(hasKey("apiKey")));
        given().get("/tenants/me").then().statusCode(401).body("status", equalTo(401))
                .body("error", equalTo("missing X-API-Key header"));
        given().header("X-API-Key", "sb_not-a-key").get("/tenants/me").then().statusCode(401)
                .body("error", equalTo("invalid API key"));
    }
}
