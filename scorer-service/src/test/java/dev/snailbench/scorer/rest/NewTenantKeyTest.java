package dev.snailbench.scorer.rest;

import static dev.snailbench.testkit.TenantKeys.answers;
import static dev.snailbench.testkit.TenantKeys.sharedKey;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A key this service does not know yet (its registration still on the tenants topic) is not refused at once: the
 * request waits for the registration and answers as soon as it is stored here (tenancy-support's
 * TenantAuthenticator), which is what lets a key returned by POST /tenants work everywhere within a second.
 * Beyond the in-memory tier: a key arriving over the tenants topic while a request waits for it.
 */
@QuarkusTest
@RealInfrastructure
class NewTenantKeyTest {

    @BeforeEach
    void tenantsConsumerReady() {
        // Measure from a consumer that has joined its group and read the topic, as a ready service has.
        sharedKey(answers("/jobs/" + UUID.randomUUID() + "/results", 404));
    }

    @Test
    void shouldAnswerARequestWhoseKeyIsRegisteredWhileItWaitsAsSoonAsTheRegistrationArrives() throws Exception {
        String tenant = "late-" + UUID.randomUUID();
        String key = ApiKeys.newKey();
        CompletableFuture<long[]> answer = CompletableFuture.supplyAsync(() -> {
            int status = given().header(ApiKeys.HEADER, key)
                    .get("/jobs/{id}/results", UUID.randomUUID())
                    .statusCode();
            return new long[] {status, System.nanoTime()};
        });

        // The registration is published (and acknowledged by the broker) while the request waits for it.
        TenantKeys.publish(tenant, "tenant " + tenant, key);
        long published = System.nanoTime();

        long[] answered = answer.get(30, TimeUnit.SECONDS);
        // 404: authenticated (the job is simply not there); an unknown key would be 401.
        assertThat(answered[0]).isEqualTo(404);
        long ms = Math.max(0, (answered[1] - published) / 1_000_000);
        System.out.println("A key registered while its first request waited: answered " + ms + " ms after the "
                + "registration was published");
        assertThat(Duration.ofMillis(ms)).isLessThanOrEqualTo(ApiKeys.PROPAGATION);
    }

    @Test
    void shouldRefuseAKeyThatIsNeverRegisteredAfterAShortWaitForIt() {
        long start = System.nanoTime();
        given().header(ApiKeys.HEADER, ApiKeys.newKey())
                .get("/jobs/{id}/results", UUID.randomUUID())
                .then()
                .statusCode(401)
                .header("Retry-After", "1");
        // The configured wait (snailbench.tenancy.unknown-key-wait, 1.5 s): beyond the promise, far below 5 s.
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isGreaterThanOrEqualTo(Duration.ofMillis(1500))
                .isLessThan(Duration.ofSeconds(4));
    }
}
