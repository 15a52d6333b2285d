package dev.snailbench.tenancy.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** An address that presents unknown keys runs out of tokens: 429 at once, while a known key keeps working. */
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
            return Map.of("snailbench.tenancy.failed-auth.burst", "2",
                    "snailbench.tenancy.failed-auth.per-minute", "1",
                    "snailbench.tenancy.unknown-key-wait", "8s");
        }
    }

    @Test
    void shouldAnswer429AtOnceOnceTheAddressHasNoTokenLeftButKeepAKnownKeyWorking() {
        String key = ApiKeys.newKey();
        // Waiting for the key over HTTP costs this address a token when its first try beats the registration to
        // the service (how often depends on the tenants consumer's timing): count the 401s until the 429.
        Tenants.registerAndAwait("limited-" + UUID.randomUUID(), key);

        int refused = 0;
        Response limited = null;
        Duration took = null;
        for (int i = 0; i < 3 && limited == null; i++) {
            long start = System.nanoTime();
            Response r = given().header(ApiKeys.HEADER, ApiKeys.newKey()).get("/probe/me");
            if (r.statusCode() == 429) {
                limited = r;
                took = Duration.ofNanos(System.nanoTime() - start);
            } else {
                r.then().statusCode(401).body("error", equalTo("invalid API key"));
                refused++;
            }
        }

        assertThat(limited).as("a 429 within 3 unknown keys").isNotNull();
        assertThat(refused).isLessThanOrEqualTo(2);
        String retryAfter = limited.then().statusCode(429)
                .body("status", equalTo(429))
                .body("error", equalTo("too many unknown API keys; try again later"))
                .body("field", equalTo("X-API-Key"))
                .extract().header("Retry-After");
        // No wait for the key's registration (8 s here): the address is out of tokens.
        assertThat(took).isLessThan(Duration.ofSeconds(4));
        assertThat(Integer.parseInt(retryAfter)).isBetween(1, 60);

        given().header(ApiKeys.HEADER, key).get("/probe/me").then().statusCode(200);
    }
}
