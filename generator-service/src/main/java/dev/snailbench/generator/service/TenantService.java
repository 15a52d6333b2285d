package dev.snailbench.generator.service;

import dev.snailbench.generator.config.TenantsConfig;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.tenancy.ApiError;
import dev.snailbench.tenancy.TenantAuthenticator;
import dev.snailbench.tenancy.TenantKey;
import dev.snailbench.tenancy.TenantKeyRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
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

    private final TenantKeyRepository keys;
    private final TenantAuthenticator authenticator;
    private final MutinyEmitter<Record<String, TenantRegistered>> emitter;
    private final TenantsConfig config;

    public TenantService(TenantKeyRepository keys, TenantAuthenticator authenticator, TenantsConfig config,
            @Channel(Channels.TENANTS_OUT) MutinyEmitter<Record<String, TenantRegistered>> emitter) {
        this.keys = keys;
        this.authenticator = authenticator;
        this.config = config;
        this.emitter = emitter;
    }

    /** A new tenant, with the only copy of its API key the platform ever shows. */
    public record CreatedTenant(String tenantId, String name, String apiKey) {
    }

    public void checkAdmin(String adminKey) {
        boolean ok = adminKey != null && MessageDigest.isEqual(adminKey.getBytes(StandardCharsets.UTF_8),
                config.adminKey().getBytes(StandardCharsets.UTF_8));
        if (!ok) {
            throw new ApiError.Unauthorized("missing or invalid " + ApiKeys.ADMIN_HEADER);
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

    /**
     * Gives the tenant a new API key and revokes the old one: every service replaces the key's hash when the new
     * registration reaches it (within {@link ApiKeys#PROPAGATION}). Answers once this service accepts the new key.
     */
    public Uni<CreatedTenant> rotateKey(String tenantId) {
        return Panache.withSession(() -> keys.findById(tenantId))
                .onItem().ifNull().failWith(() -> new ApiError.NotFound("no tenant " + tenantId))
                .chain(existing -> {
                    String apiKey = ApiKeys.newKey();
                    String hash = ApiKeys.sha256(apiKey);
                    TenantRegistered event = TenantRegistered.of(tenantId, existing.name, hash);
                    return emitter.send(Record.of(event.key(), event))
                            .chain(() -> awaitKey(tenantId, hash))
                            .replaceWith(new CreatedTenant(tenantId, existing.name, apiKey));
                });
    }

    private Uni<TenantKey> awaitKey(String tenantId, String hash) {
        return Panache.withSession(() -> keys.findById(tenantId))
                .onItem().transform(key -> key != null && hash.equals(key.apiKeySha256) ? key : null)
                .onItem().ifNull().failWith(() -> new NotVisibleYet("the new key of tenant " + tenantId))
                .onFailure(NotVisibleYet.class).retry().withBackOff(Duration.ofMillis(20), Duration.ofMillis(200))
                .expireIn(Duration.ofSeconds(10).toMillis());
    }

    private Uni<TenantKey> awaitVisible(String tenantId) {
        return Panache.withSession(() -> keys.findById(tenantId))
                .onItem().ifNull().failWith(() -> new NotVisibleYet("tenant " + tenantId))
                .onFailure(NotVisibleYet.class).retry().withBackOff(Duration.ofMillis(20), Duration.ofMillis(200))
                .expireIn(Duration.ofSeconds(10).toMillis());
    }

    /** The id of the tenant owning {@code apiKey}; 401 when the key is missing or unknown. */
    public Uni<String> authenticate(String apiKey) {
        return authenticator.tenantOf(apiKey);
    }
}
