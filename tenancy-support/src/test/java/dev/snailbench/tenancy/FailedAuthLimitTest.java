package dev.snailbench.tenancy;

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
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * An address that presents unknown keys runs out of tokens: 429 at once, while a known key keeps working.
 * Beyond the in-memory tier: the real authenticator's lookups of unknown keys in PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
@TestProfile(FailedAuthLimitTest.SmallBurst.class)
class FailedAuthLimitTest {

    private static final int BURST = 2;

    /** Two unknown keys per address, refilled at one a minute; each unknown key waited for 5 s before its 401. */
    public static class SmallBurst implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return MadeUpKeys.limit(BURST, Duration.ofSeconds(5));
        }
    }

    @Inject
    TenantKeyArrivals arrivals;

    @Test
    void shouldAnswer429AtOnceOnceTheAddressHasNoTokenLeftButKeepAKnownKeyWorking() {
        String key = ApiKeys.newKey();
        // Registered now, looked for at the end: no try of it costs this address a token before the made-up keys.
        TenantKeys.publish("limited-" + UUID.randomUUID(), "tenancy tests", key);

        // The burst's made-up keys at once: each takes a token, then waits for its registration.
        List<CompletableFuture<Response>> waiting = IntStream.range(0, BURST)
                .mapToObj(i -> CompletableFuture.supplyAsync(
                        () -> given().header(ApiKeys.HEADER, ApiKeys.newKey()).get("/probe/me")))
                .toList();
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> arrivals.waiting() >= BURST);

        Response limited = given().header(ApiKeys.HEADER, ApiKeys.newKey()).get("/probe/me");

        // Answered while the keys sent before it still wait: no wait for this one's registration.
        assertThat(waiting).as("the burst's keys still waiting").noneMatch(CompletableFuture::isDone);
        String retryAfter = limited.then()
                .statusCode(429)
                .body("status", equalTo(429))
                .body("error", equalTo("too many unknown API keys; try again later"))
                .body("field", equalTo("X-API-Key"))
                .extract()
                .header("Retry-After");
        assertThat(Integer.parseInt(retryAfter)).isBetween(1, 60);
        for (CompletableFuture<Response> refused : waiting) {
            refused.join().then().statusCode(401).body("error", equalTo("invalid API key"));
        }

        // A known key costs no token: it works although the address has none left.
        TenantKeys.awaitAccepted(key, answers("/probe/me", 200));
    }
}
