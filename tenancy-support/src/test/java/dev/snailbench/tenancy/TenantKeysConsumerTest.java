package dev.snailbench.tenancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.testkit.MemoryChannels;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;

/**
 * {@link TenantKeysConsumer} on the in-memory tenants channel, the store mocked ({@link TenantKeyRepository}): a
 * registration is stored and wakes the requests waiting for its key, a store that fails for a moment is tried again,
 * one lacking its tenant or key hash is refused without a store. The upsert itself is {@code TenantKeyRepositoryTest}'s
 * and the key arriving over the broker {@code ApiKeyFilterTest}'s (real stack).
 */
@QuarkusTest
@InMemoryTier
class TenantKeysConsumerTest {

    @Inject
    @Any
    MemoryChannels channels;

    @InjectMock
    TenantKeyRepository keys;

    @Inject
    TenantKeyArrivals arrivals;

    /** What happened to each record sent: "ack" or the nack's reason. */
    private final ConcurrentLinkedQueue<String> outcomes = new ConcurrentLinkedQueue<>();

    @Test
    void shouldStoreARegistrationAndWakeTheRequestsWaitingForItsKey() {
        TenantRegistered registration = registration(UUID.randomUUID().toString());
        when(keys.register(any())).thenReturn(Uni.createFrom().item(true));
        CompletableFuture<Void> waiting = arrivals.next(registration.apiKeySha256());

        channels.send(Channels.TENANTS, tracked(registration));

        await().until(() -> outcomes.size() == 1);
        assertThat(outcomes).containsExactly("ack");
        verify(keys).register(registration);
        assertThat(waiting).isCompleted();
    }

    @Test
    void shouldTryAgainAStoreThatFailsForAMoment() {
        TenantRegistered registration = registration(UUID.randomUUID().toString());
        when(keys.register(any()))
                .thenReturn(
                        Uni.createFrom().failure(new IllegalStateException("connection reset")),
                        Uni.createFrom().item(true));

        channels.send(Channels.TENANTS, tracked(registration));

        await().until(() -> outcomes.size() == 1);
        assertThat(outcomes).containsExactly("ack");
        verify(keys, times(2)).register(registration);
    }

    @Test
    void shouldRefuseARegistrationLackingItsTenantOrKeyWithoutStoringIt() {
        TenantRegistered noTenant = new TenantRegistered(
                UUID.randomUUID(),
                null,
                null,
                Instant.now(),
                Event.SCHEMA_VERSION,
                "nameless",
                ApiKeys.sha256(ApiKeys.newKey()));
        TenantRegistered noKey = new TenantRegistered(
                UUID.randomUUID(),
                null,
                "tenant-" + UUID.randomUUID(),
                Instant.now(),
                Event.SCHEMA_VERSION,
                "keyless",
                null);

        channels.send(Channels.TENANTS, tracked(noTenant));
        channels.send(Channels.TENANTS, tracked(noKey));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes)
                .containsExactlyInAnyOrder(
                        "TenantRegistered " + noTenant.eventId() + " lacks tenantId or apiKeySha256",
                        "TenantRegistered " + noKey.eventId() + " lacks tenantId or apiKeySha256");
        verifyNoInteractions(keys);
    }

    private static TenantRegistered registration(String tenantId) {
        return TenantRegistered.of(tenantId, "tenant " + tenantId, ApiKeys.sha256(ApiKeys.newKey()));
    }

    private <T> Message<T> tracked(T payload) {
        return MemoryChannels.tracked(payload, outcomes::add);
    }
}
