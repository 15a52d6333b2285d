package dev.snailbench.tenancy.app;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.testkit.KeyPropagation;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * How long keys take to reach a service, as operators read it on /q/metrics
 * ({@code snailbench_tenant_key_propagation_seconds}): the promise of a key working everywhere within a second,
 * measured where each service keeps it.
 * Beyond the in-memory tier: a key's trip over the real broker into PostgreSQL, timed.
 */
@QuarkusTest
@RealInfrastructure
class TenantKeyPropagationMetricTest {

    @Test
    void shouldReportHowLongAKeyIssuedWhileTheServiceRunsTookToBeStored() {
        KeyPropagation before = read();
        long published = System.nanoTime();
        String key = ApiKeys.newKey();
        TenantKeys.register("propagated-" + UUID.randomUUID(), "tenancy tests", key, answers("/probe/me", 200));
        double seenAcceptedAfter = (System.nanoTime() - published) / 1e9;

        // Counted just after it is stored: the probe may have found the key a moment before.
        KeyPropagation added =
                await().atMost(Duration.ofSeconds(10)).until(() -> read().since(before), m -> m.keys() > 0);
        assertThat(added.keys()).isEqualTo(1);
        // This key's time from its issue to its storage: stored before this test saw it accepted.
        assertThat(added.seconds()).isPositive().isLessThanOrEqualTo(seenAcceptedAfter);
    }

    @Test
    void shouldLeaveOutOfTheFigureAKeyIssuedBeforeTheServiceStarted() {
        KeyPropagation before = read();
        String key = ApiKeys.newKey();
        String tenantId = "replayed-" + UUID.randomUUID();
        // What a service reads at start-up: registrations from before it ran (their lag is the service's downtime).
        Instant anHourAgo = Instant.now().minus(Duration.ofHours(1));
        TenantKeys.publish(new TenantRegistered(
                UUID.randomUUID(),
                null,
                tenantId,
                anHourAgo,
                Event.SCHEMA_VERSION,
                "tenant " + tenantId,
                ApiKeys.sha256(key)));
        TenantKeys.awaitAccepted(key, answers("/probe/me", 200));
        // Then a key issued now: once it is counted, the replay (stored before it was even published) would be too.
        TenantKeys.register("live-" + UUID.randomUUID(), "tenancy tests", ApiKeys.newKey(), answers("/probe/me", 200));
        KeyPropagation added =
                await().atMost(Duration.ofSeconds(10)).until(() -> read().since(before), m -> m.keys() > 0);

        assertThat(added.keys()).isEqualTo(1);
        assertThat(added.seconds()).as("seconds added").isLessThan(60);
    }

    private static KeyPropagation read() {
        return KeyPropagation.of(
                given().get("/q/metrics").then().statusCode(200).extract().asString());
    }
}
