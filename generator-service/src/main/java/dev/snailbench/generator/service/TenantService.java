package dev.snailbench.generator.service;

import dev.snailbench.generator.config.TenantsConfig;
import dev.snailbench.generator.repository.Tenant;
import dev.snailbench.generator.repository.TenantRepository;
import dev.snailbench.generator.rest.TenantResource;
import dev.snailbench.generator.rest.TenantResource.CreatedTenant;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.TenantRegistered;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.NotAuthorizedException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.UUID;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Tenants are created by publishing {@link TenantRegistered}; every service, this one included, keeps its
 * copy by consuming that topic. Publishing is the only write, so the topic and the tables cannot disagree.
 */
@ApplicationScoped
public class TenantService {

    private final TenantRepository repository;
    private final MutinyEmitter<Record<String, TenantRegistered>> emitter;
    private final TenantsConfig config;

    public TenantService(TenantRepository repository, TenantsConfig config,
            @Channel(Channels.TENANTS_OUT) MutinyEmitter<Record<String, TenantRegistered>> emitter) {
        this.repository = repository;
        this.config = config;
        this.emitter = emitter;
    }

    public void checkAdmin(String adminKey) {
        boolean ok = adminKey != null && MessageDigest.isEqual(adminKey.getBytes(StandardCharsets.UTF_8),
                config.adminKey().getBytes(StandardCharsets.UTF_8));
        if (!ok) {
            throw new NotAuthorizedException("missing or invalid " + TenantResource.ADMIN_HEADER, "ApiKey");
        }
    }

    /** Publishes the tenant and answers once this service can authenticate its key. */
    public Uni<CreatedTenant> register(String name) {
        String tenantId = UUID.randomUUID().toString();
        String apiKey = ApiKeys.newKey();
        TenantRegistered event = TenantRegistered.of(tenantId, name, ApiKeys.sha256(apiKey));
        return emitter.send(Record.of(event.key(), event))
                .chain(() -> awaitVisible(tenantId))
                .replaceWith(new CreatedTenant(tenantId, name, apiKey));
    }

    private Uni<Tenant> awaitVisible(String tenantId) {
        return Panache.withSession(() -> repository.findById(tenantId))
                .onItem().ifNull().failWith(() -> new NotVisibleYet("tenant " + tenantId))
                .onFailure(NotVisibleYet.class).retry().withBackOff(Duration.ofMillis(20), Duration.ofMillis(200))
                .expireIn(Duration.ofSeconds(10).toMillis());
    }

    /** The tenant owning {@code apiKey}; 401 when the key is missing or unknown. */
    public Uni<Tenant> authenticate(String apiKey) {
        if (apiKey == null || apiKey.isBlank()) {
            return Uni.createFrom().failure(new NotAuthorizedException("missing " + ApiKeys.HEADER + " header",
                    "ApiKey"));
        }
        return Panache.withSession(() -> repository.findByKeyHash(ApiKeys.sha256(apiKey.trim())))
                .onItem().ifNull().failWith(() -> new NotAuthorizedException("invalid API key", "ApiKey"));
    }
}
