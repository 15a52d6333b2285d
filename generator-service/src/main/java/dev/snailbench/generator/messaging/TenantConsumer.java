package dev.snailbench.generator.messaging;

import dev.snailbench.generator.repository.Tenant;
import dev.snailbench.generator.repository.TenantRepository;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.event.TenantRegistered;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Keeps this service's copy of the tenants; a redelivered registration changes nothing. */
@ApplicationScoped
public class TenantConsumer {

    private final TenantRepository repository;

    public TenantConsumer(TenantRepository repository) {
        this.repository = repository;
    }

    @Incoming(Channels.TENANTS)
    public Uni<Void> consume(TenantRegistered event) {
        return Redelivery.withRetries("tenant " + event.tenantId(), () -> Panache.withTransaction(
                () -> repository.findById(event.tenantId())
                        .chain(existing -> existing != null ? Uni.createFrom().voidItem() : persist(event))));
    }

    private Uni<Void> persist(TenantRegistered event) {
        Tenant tenant = new Tenant();
        tenant.id = event.tenantId();
        tenant.name = event.name();
        tenant.apiKeySha256 = event.apiKeySha256();
        tenant.createdAt = event.occurredAt();
        return repository.persist(tenant).replaceWithVoid();
    }
}
