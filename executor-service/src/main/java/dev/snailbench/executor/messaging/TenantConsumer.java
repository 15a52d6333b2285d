package dev.snailbench.executor.messaging;

import dev.snailbench.executor.model.Tenant;
import dev.snailbench.executor.repository.TenantRepository;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.event.TenantRegistered;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** tenants → executor.tenant: keeps this service's copy of tenants and their API-key hashes (idempotent upsert). */
@ApplicationScoped
public class TenantConsumer {

    private final TenantRepository tenants;

    public TenantConsumer(TenantRepository tenants) {
        this.tenants = tenants;
    }

    @Incoming(Channels.TENANTS)
    public Uni<Void> onTenantRegistered(TenantRegistered event) {
        return Redelivery.withRetries("tenant " + event.tenantId(), () -> Panache.withTransaction(
                () -> tenants.findById(event.tenantId()).flatMap(existing -> {
            Tenant tenant = existing != null ? existing : new Tenant();
            tenant.tenantId = event.tenantId();
            tenant.name = event.name();
            tenant.apiKeySha256 = event.apiKeySha256();
            tenant.registeredAt = event.occurredAt();
            return existing != null ? Uni.createFrom().voidItem() : tenants.persist(tenant).replaceWithVoid();
        })));
    }
}
