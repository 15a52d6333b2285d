package dev.snailbench.generator.attack;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.TestTenants;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Guessing the operators' {@code X-Admin-Key}: each wrong key costs the address a failed-authentication token (the
 * limiter of API keys); beyond the burst every try is 429 with Retry-After before the key is compared, the right key
 * included, so guesses get no answer; a tenant's known API key from the same address keeps working.
 * Beyond the in-memory tier: one limiter shared with the real API-key lookup (mocked on the in-memory tier).
 */
@QuarkusTest
@RealInfrastructure
@TestProfile(AdminKeyAttackTest.SmallBurst.class)
class AdminKeyAttackTest {

    /** Four failed authentications per address, refilled at one a minute (none comes back during the test). */
    public static class SmallBurst implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "snailbench.tenancy.failed-auth.burst", "4", "snailbench.tenancy.failed-auth.per-minute", "1");
        }
    }

    @Test
    void shouldAnswerAdminKeyGuessesBeyondTheBurstWith429EvenForTheRightKey() {
        // A tenant made with the right key before the guessing starts (costs no token).
        String apiKey = TestTenants.create("admin-guessing-" + UUID.randomUUID());

        int refused = 0;
        Response limited = null;
        for (int i = 0; i < 8 && limited == null; i++) {
            Response r = given().header(ApiKeys.ADMIN_HEADER, "guess-" + i)
                    .contentType(ContentType.JSON)
                    .body(Map.of("name", "never-" + i))
                    .post("/tenants");
            if (r.statusCode() == 429) {
                limited = r;
            } else {
                r.then().statusCode(401).body("field", equalTo(ApiKeys.ADMIN_HEADER));
                refused++;
            }
        }

        assertThat(limited).as("a 429 within 8 wrong admin keys").isNotNull();
        assertThat(refused).isLessThanOrEqualTo(4);
        limited.then()
                .body("status", equalTo(429))
                .body("field", equalTo(ApiKeys.ADMIN_HEADER))
                .body("error", equalTo("too many failed authentications; try again later"));
        assertThat(Integer.parseInt(limited.header("Retry-After"))).isBetween(1, 60);
        // The right key gets the same answer while the address is out of tokens: a guess that hits learns nothing.
        given().header(ApiKeys.ADMIN_HEADER, TestTenants.ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", "right-key-" + UUID.randomUUID()))
                .post("/tenants")
                .then()
                .statusCode(429);
        given().header(ApiKeys.ADMIN_HEADER, TestTenants.ADMIN_KEY)
                .post("/tenants/{id}/key", "whoever")
                .then()
                .statusCode(429);
        // Made-up API keys are out of tokens too (one limiter); a known API key still works.
        given().header(ApiKeys.HEADER, ApiKeys.newKey())
                .get("/tenants/me")
                .then()
                .statusCode(429);
        given().header(ApiKeys.HEADER, apiKey).get("/tenants/me").then().statusCode(200);
    }
}
