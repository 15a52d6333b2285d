package dev.snailbench.tenancy.app;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.MadeUpKeys;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * An address that presents unknown keys runs out of tokens: 429 at once, while a known key keeps working.
 * Beyond the in-memory tier: the real authenticator's lookups of unknown keys in PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
@TestProfile(FailedAuthLimitTest.SmallBurst.class)
class FailedAuthLimitTest {

    /**
     * Two unknown keys per address, refilled at one a minute; a long wait for unknown keys, so that answering
     * without it is plain even on a loaded machine.
     */
    public static class SmallBurst implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return MadeUpKeys.limit(2, Duration.ofSeconds(8));
        }
    }

    @Test
    void shouldAnswer429AtOnceOnceTheAddressHasNoTokenLeftButKeepAKnownKeyWorking() {
        String key = ApiKeys.newKey();
        // Waiting for the key over HTTP costs this address a token when its first try beats the registration to
        // the service (how often depends on the tenants consumer's timing): count the 401s until the 429.
        TenantKeys.register("limited-" + UUID.randomUUID(), "tenancy tests", key, answers("/probe/me", 200));

        MadeUpKeys.Limited limited = MadeUpKeys.untilLimited(
                3, madeUp -> given().header(ApiKeys.HEADER, madeUp).get("/probe/me"));

        assertThat(limited.refused()).isLessThanOrEqualTo(2);
        String retryAfter = limited.response()
                .then()
                .statusCode(429)
                .body("status", equalTo(429))
                .body("error", equalTo("too many unknown API keys; try again later"))
                .body("field", equalTo("X-API-Key"))
                .extract()
                .header("Retry-After");
        // No wait for the key's registration (8 s here): the address is out of tokens.
        assertThat(limited.took()).isLessThan(Duration.ofSeconds(4));
        assertThat(Integer.parseInt(retryAfter)).isBetween(1, 60);

        given().header(ApiKeys.HEADER, key).get("/probe/me").then().statusCode(200);
    }
}
