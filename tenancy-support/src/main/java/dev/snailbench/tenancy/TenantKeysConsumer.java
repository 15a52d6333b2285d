package dev.snailbench.tenancy;

import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.TenantRegistered;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Learns tenants and their key hashes from the tenants topic (the generator publishes them). A later registration
 * of a known tenant replaces its key (rotation); a redelivered or older one changes nothing. The {@code tenants} channel is
 * configured by this library (META-INF/microprofile-config.properties; a service names only its dead-letter topic),
 * its consumer group too: one per process, so that every replica reads every
 * registration and no rebalance of the service's work-item consumers ever holds a new key back.
 */
@Startup // its metric on /q/metrics from the start, not from the first registration
@ApplicationScoped
public class TenantKeysConsumer {

    /**
     * The metric of the key-propagation promise ({@link ApiKeys#PROPAGATION}) as this
     * service keeps it: {@code snailbench_tenant_key_propagation_seconds} on /q/metrics.
     */
    public static final String PROPAGATION_METRIC = "snailbench.tenant.key.propagation";

    private final TenantKeyRepository keys;
    private final TenantKeyArrivals arrivals;
    private final Timer propagation;
    /** Registrations issued before this process started are replays of the topic, not keys on their way. */
    private final Instant started =
            Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime());

    public TenantKeysConsumer(TenantKeyRepository keys, TenantKeyArrivals arrivals, MeterRegistry registry) {
        this.keys = keys;
        this.arrivals = arrivals;
        // Measured where the promise is kept: a client's own delays (its scheduling, its pauses) are not in it.
        this.propagation = Timer.builder(PROPAGATION_METRIC)
                .description("From a key's issue by the generator to its storage in this service, for keys issued "
                        + "while this service runs (the two clocks of two hosts: skew shows in it)")
                // A bucket at the promise: count minus bucket{le="1.0"} is the number of keys that broke it.
                .serviceLevelObjectives(ApiKeys.PROPAGATION)
                .register(registry);
    }

    @Incoming(Channels.TENANTS)
    public Uni<Void> consume(TenantRegistered event) {
        if (event.tenantId() == null || event.apiKeySha256() == null) {
            return Uni.createFrom()
                    .failure(new IllegalArgumentException(
                            "TenantRegistered " + event.eventId() + " lacks tenantId or apiKeySha256"));
        }
        return Redelivery.withRetries("tenant " + event.tenantId(), () -> keys.register(event))
                .invoke(stored -> {
                    if (stored
                            && event.occurredAt() != null
                            && !event.occurredAt().isBefore(started)) {
                        Duration lag = Duration.between(event.occurredAt(), Instant.now());
                        propagation.record(lag.isNegative() ? Duration.ZERO : lag);
                    }
                    // Committed: the requests waiting for this key (TenantAuthenticator) answer now.
                    arrivals.arrived(event.apiKeySha256());
                })
                .replaceWithVoid();
    }
}
