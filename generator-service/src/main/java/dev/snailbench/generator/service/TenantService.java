package dev.snailbench.generator.service;

import dev.snailbench.generator.config.TenantsConfig;
import dev.snailbench.generator.repository.TenantKeyLookup;
import dev.snailbench.generator.repository.TenantNameSql;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.model.problem.Conflict;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.model.problem.Unavailable;
import dev.snailbench.tenancy.OperatorKeys;
import dev.snailbench.tenancy.TenantKey;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.UUID;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Tenants are created by publishing {@link TenantRegistered}; every service, this one included, keeps its
 * copy by consuming that topic. Publishing is the only write, so the topic and the tables cannot disagree.
 */
@ApplicationScoped
public class TenantService {

    private final TenantKeyLookup keys;
    private final TenantNameSql names;
    private final MutinyEmitter<Record<String, TenantRegistered>> emitter;
    private final TenantsConfig config;
    private final OperatorKeys operatorKeys;

    public TenantService(
            TenantKeyLookup keys,
            TenantNameSql names,
            TenantsConfig config,
            OperatorKeys operatorKeys,
            @Channel(Channels.TENANTS_OUT) MutinyEmitter<Record<String, TenantRegistered>> emitter) {
        this.operatorKeys = operatorKeys;
        this.keys = keys;
        this.names = names;
        this.config = config;
        this.emitter = emitter;
    }

    /** A new tenant, with the only copy of its API key the platform ever shows. */
    public record CreatedTenant(String tenantId, String name, String apiKey) {}

    /** 401 for a missing or wrong operators' key, 429 for an address out of failed-authentication tokens. */
    public void checkAdmin(String adminKey, HttpServerRequest request) {
        operatorKeys.check(adminKey, config.adminKey(), request);
    }

    /**
     * Publishes the tenant and answers once this service can authenticate its key. A name already taken (any case)
     * is a 409 naming the tenant that has it: two tenants of one name cannot be told apart by the operators who made
     * them. The name is taken in the platform database before the event is sent ({@link TenantNameSql}), so two
     * concurrent creations of one name on any generator replicas cannot both pass.
     */
    public Uni<CreatedTenant> register(String name) {
        String tenantId = UUID.randomUUID().toString();
        return names.reserve(name, tenantId)
                .chain(reserved -> reserved
                        ? publish(tenantId, name)
                        : names.holder(name).chain(holder -> Uni.createFrom().failure(taken(name, holder))));
    }

    private static Conflict taken(String name, TenantNameSql.Holder holder) {
        if (holder == null) {
            // Freed between the two statements (a creation that failed): the caller may simply try again.
            return new Conflict("the name '" + name + "' was being taken by another creation: try again", "name");
        }
        return holder.registered()
                ? new Conflict(
                        "a tenant named '" + holder.name() + "' already exists (" + holder.tenantId()
                                + "): choose another name, or give it a new key with POST /tenants/" + holder.tenantId()
                                + "/key",
                        "name")
                : new Conflict(
                        "a tenant named '" + holder.name() + "' is being created (" + holder.tenantId()
                                + "): choose another name",
                        "name");
    }

    private Uni<CreatedTenant> publish(String tenantId, String name) {
        String apiKey = ApiKeys.newKey();
        TenantRegistered event = TenantRegistered.of(tenantId, name, ApiKeys.sha256(apiKey));
        return emitter.send(Record.of(event.key(), event))
                // Not sent: no tenant will hold the name, so it is free again at once.
                .onFailure()
                .call(() -> names.release(name, tenantId))
                .chain(() -> awaitVisible(tenantId))
                .replaceWith(new CreatedTenant(tenantId, name, apiKey));
    }

    /** The tenant's name; null if this service has not stored the tenant. */
    public Uni<String> nameOf(String tenantId) {
        return keys.find(tenantId).map(key -> key == null ? null : key.name);
    }

    /**
     * Gives the tenant a new API key and revokes the old one: every service replaces the key's hash when the new
     * registration reaches it (within {@link ApiKeys#PROPAGATION}). Answers once this service accepts the new key.
     */
    public Uni<CreatedTenant> rotateKey(String tenantId) {
        return keys.find(tenantId)
                .onItem()
                .ifNull()
                .failWith(() -> new NotFound("no tenant " + tenantId))
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
        return keys.find(tenantId)
                .onItem()
                .transform(key -> key != null && hash.equals(key.apiKeySha256) ? key : null)
                .onItem()
                .ifNull()
                .failWith(() -> Unavailable.notReadableYet("the new key of tenant " + tenantId))
                .onFailure(Unavailable.class)
                .retry()
                .withBackOff(Duration.ofMillis(20), Duration.ofMillis(200))
                .expireIn(Duration.ofSeconds(10).toMillis());
    }

    private Uni<TenantKey> awaitVisible(String tenantId) {
        return keys.find(tenantId)
                .onItem()
                .ifNull()
                .failWith(() -> Unavailable.notReadableYet("tenant " + tenantId))
                .onFailure(Unavailable.class)
                .retry()
                .withBackOff(Duration.ofMillis(20), Duration.ofMillis(200))
                .expireIn(Duration.ofSeconds(10).toMillis());
    }
}
