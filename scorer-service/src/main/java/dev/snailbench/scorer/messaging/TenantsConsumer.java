package dev.snailbench.scorer.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.scorer.model.Tenant;
import dev.snailbench.scorer.repository.TenantRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Keeps this service's copy of the tenants (id, name, key hash) for the results API. Upsert: idempotent. */
@ApplicationScoped
public class TenantsConsumer {

    private final TenantRepository tenants;

    public TenantsConsumer(TenantRepository tenants) {
        this.tenants = tenants;
    }

    @Incoming(Channels.TENANTS)
    public Uni<Void> consume(TenantRegistered event) {
        if (event.tenantId() == null || event.apiKeySha256() == null) {
            return Uni.createFrom().failure(new IllegalArgumentException(
                    "TenantRegistered " + event.eventId() + " lacks tenantId or apiKeySha256"));
        }
        return Redelivery.withRetries("tenant " + event.tenantId(), () -> Panache.withTransaction(
                () -> tenants.findById(event.tenantId())
                .flatMap(existing -> {
                    Tenant t = existing != null ? existing : new Tenant();
                    t.tenantId = event.tenantId();
                    t.name = event.name();
                    t.apiKeySha256 = event.apiKeySha256();
                    return existing != null ? Uni.createFrom().item(t) : tenants.persist(t);
                })))
                .replaceWithVoid();
    }
}
