package dev.snailbench.scorer.attack;

import static dev.snailbench.testkit.TenantKeys.answers;
import static dev.snailbench.testkit.TenantKeys.sharedKey;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.MadeUpKeys;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * An attacker trying made-up keys from one address: after the burst each try is answered 429 at once, with
 * Retry-After, without a lookup wait; a team's valid key from the same address still works.
 * Beyond the in-memory tier: the real authenticator's lookups and wait for made-up keys.
 */
@QuarkusTest
@RealInfrastructure
@TestProfile(FailedAuthRateLimitAttackTest.SmallBurst.class)
class FailedAuthRateLimitAttackTest {

    /** A burst of 5 unknown keys per address, refilled at one a minute (none comes back during the test). */
    public static class SmallBurst implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return MadeUpKeys.limit(5, Duration.ofSeconds(2));
        }
    }

    @Test
    void shouldAnswerMadeUpKeysBeyondTheBurstWith429AndRetryAfterAtOnce() {
        String valid = sharedKey(answers("/jobs/" + UUID.randomUUID() + "/results", 404));
        // Registering the valid key may itself have waited for it (a token or two): count the 401s until the 429.
        MadeUpKeys.Limited limited = MadeUpKeys.untilLimited(
                8, key -> given().header(ApiKeys.HEADER, key).get("/jobs/{id}/results", UUID.randomUUID()));

        assertThat(limited.refused()).isLessThanOrEqualTo(5);
        limited.response()
                .then()
                .statusCode(429)
                .body("status", equalTo(429))
                .body("error", equalTo("too many unknown API keys; try again later"))
                .body("field", equalTo("X-API-Key"));
        assertThat(Integer.parseInt(limited.response().header("Retry-After"))).isBetween(1, 60);
        // No wait for the key's registration (2 s here): the limited client holds nothing.
        System.out.println("A made-up key beyond the burst was answered 429 in "
                + limited.took().toMillis() + " ms");
        assertThat(limited.took()).isLessThan(Duration.ofSeconds(1));
        // A known key never costs a token: the team behind the same address is not locked out.
        given().header(ApiKeys.HEADER, valid)
                .get("/jobs/{id}/results", UUID.randomUUID())
                .then()
                .statusCode(404);
    }
}
