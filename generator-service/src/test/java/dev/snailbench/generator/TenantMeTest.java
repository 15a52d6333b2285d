package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** A tenant asks who it is: the web UI shows the name it signed in as. */
@QuarkusTest
@RealInfrastructure
class TenantMeTest {

    @Test
    void shouldTellATenantItsOwnNameAndNothingWithoutAValidKey() {
        String apiKey = TestTenants.create("team-me");

        given().header("X-API-Key", apiKey).get("/tenants/me").then().statusCode(200)
                .body("tenantId", notNullValue()).body("name", equalTo("team-me"))
                .body("$", not(hasKey("apiKey")));
        given().get("/tenants/me").then().statusCode(401).body("status", equalTo(401))
                .body("error", equalTo("missing X-API-Key header"));
        given().header("X-API-Key", "sb_not-a-key").get("/tenants/me").then().statusCode(401)
                .body("error", equalTo("invalid API key"));
    }
}
