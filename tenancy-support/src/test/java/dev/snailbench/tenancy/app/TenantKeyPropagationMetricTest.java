package dev.snailbench.tenancy.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.snailbench.localstack.testing.RealInfrastructure;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.TenantRegistered;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * How long keys take to reach a service, as operators read it on /q/metrics
 * ({@code snailbench_tenant_key_propagation_seconds}): the promise of a key working everywhere within a second,
 * measured where each service keeps it.
 */
@QuarkusTest
@RealInfrastructure
class TenantKeyPropagationMetricTest {

    @Test
    void shouldReportHowLongAKeyIssuedWhileTheServiceRunsTookToBeStored() {
        Metric before = Metric.read();
        long published = System.nanoTime();
        String key = ApiKeys.newKey();
        Tenants.registerAndAwait("propagated-" + UUID.randomUUID(), key);
        double seenAcceptedAfter = (System.nanoTime() - published) / 1e9;

        // Counted just after it is stored: the probe may have found the key a moment before.
        Metric after = await().atMost(Duration.ofSeconds(10)).until(Metric::read,
                m -> m.count() > before.count());
        assertThat(after.count()).isEqualTo(before.count() + 1);
        // This key's time from its issue to its storage: stored before this test saw it accepted.
        double lag = after.sum() - before.sum();
        assertThat(lag).isPositive().isLessThanOrEqualTo(seenAcceptedAfter);
    }

    @Test
    void shouldLeaveOutOfTheFigureAKeyIssuedBeforeTheServiceStarted() {
        Metric before = Metric.read();
        String key = ApiKeys.newKey();
        String tenantId = "replayed-" + UUID.randomUUID();
        // What a service reads at start-up: registrations from before it ran (their lag is the service's downtime).
        Instant anHourAgo = Instant.now().minus(Duration.ofHours(1));
        Tenants.register(new TenantRegistered(UUID.randomUUID(), null, tenantId, anHourAgo, Event.SCHEMA_VERSION,
                "tenant " + tenantId, ApiKeys.sha256(key)));
        Tenants.awaitAccepted(key);
        // Then a key issued now: once it is counted, the replay (stored before it was even published) would be too.
        Tenants.registerAndAwait("live-" + UUID.randomUUID(), ApiKeys.newKey());
        Metric after = await().atMost(Duration.ofSeconds(10)).until(Metric::read,
                m -> m.count() > before.count());

        assertThat(after.count()).isEqualTo(before.count() + 1);
        assertThat(after.sum() - before.sum()).as("seconds added").isLessThan(60);
    }

    /** The timer's count and total seconds on /q/metrics. */
    record Metric(long count, double sum) {

        private static final Pattern LINE = Pattern.compile(
                "(?m)^snailbench_tenant_key_propagation_seconds_(count|sum)(?:\\{[^}]*})? (\\S+)$");

        static Metric read() {
            String text = given().get("/q/metrics").then().statusCode(200).extract().asString();
            long count = -1;
            double sum = -1;
            Matcher m = LINE.matcher(text);
            while (m.find()) {
                if (m.group(1).equals("count")) {
                    count = (long) Double.parseDouble(m.group(2));
                } else {
                    sum = Double.parseDouble(m.group(2));
                }
            }
            assertThat(count).as("snailbench_tenant_key_propagation_seconds on /q/metrics").isNotNegative();
            return new Metric(count, sum);
        }
    }
}
