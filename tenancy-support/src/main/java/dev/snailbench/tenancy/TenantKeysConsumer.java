package dev.snailbench.tenancy;

import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.event.TenantRegistered;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Learns tenants and their key hashes from the tenants topic (the generator publishes them). A later registration
 * of a known tenant replaces its key (rotation); a redelivered or older one changes nothing. The {@code tenants} channel is
 * configured by this library (META-INF/microprofile-config.properties; a service names only its dead-letter topic),
 * its consumer group too: one per process, so that every replica reads every
 * registration and no rebalance of the service's work-item consumers ever holds a new key back.
 */
@ApplicationScoped
public class TenantKeysConsumer {

    private final TenantKeyRepository keys;
    private final TenantKeyArrivals arrivals;

    static boolean newer(TenantRegistered event, TenantKey existing) {
        return event.occurredAt() != null && (existing.registeredAt == null
                || event.occurredAt().isAfter(existing.registeredAt));
    }

    public TenantKeysConsumer(TenantKeyRepository keys, TenantKeyArrivals arrivals) {
        this.keys = keys;
        this.arrivals = arrivals;
    }

    @Incoming(Channels.TENANTS)
    public Uni<Void> consume(TenantRegistered event) {
        if (event.tenantId() == null || event.apiKeySha256() == null) {
            return Uni.createFrom().failure(new IllegalArgumentException(
                    "TenantRegistered " + event.eventId() + " lacks tenantId or apiKeySha256"));
        }
        return Redelivery.withRetries("tenant " + event.tenantId(), () -> Panache.withTransaction(
                () -> keys.findById(event.tenantId()).chain(existing -> {
                    if (existing == null) {
                        TenantKey key = new TenantKey();
                        key.tenantId = event.tenantId();
                        key.name = event.name();
                        key.apiKeySha256 = event.apiKeySha256();
                        key.registeredAt = event.occurredAt();
                        return keys.persist(key).replaceWithVoid();
                    }
                    // A later registration of the same tenant is a new key (rotation): the old one stops working.
                    // An older one (redelivered after it) changes nothing.
                    if (newer(event, existing)) {
                        existing.name = event.name();
                        existing.apiKeySha256 = event.apiKeySha256();
                        existing.registeredAt = event.occurredAt();
                    }
                    return Uni.createFrom().voidItem();
                })))
                // Committed: the requests waiting for this key (TenantAuthenticator) answer now.
                .invoke(() -> arrivals.arrived(event.apiKeySha256()));
    }
}
