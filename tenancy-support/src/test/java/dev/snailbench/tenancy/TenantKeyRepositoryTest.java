package dev.snailbench.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The replicas of a service store the same registrations into one table at the same moment (each reads the whole
 * tenants topic in a group of its own): the table's key decides between them, without an error to retry, and a
 * registration older than the stored one never brings an old key back.
 * Beyond the in-memory tier: the upsert run on PostgreSQL, concurrent transactions decided by its primary key.
 */
@QuarkusTest
@RealInfrastructure
class TenantKeyRepositoryTest {

    private static final int REPLICAS = 6;

    @Inject
    TenantKeyRepository keys;

    @Test
    void shouldStoreARegistrationThatSeveralReplicasStoreAtOnceExactlyOnceWithoutAFailure() throws Throwable {
        TenantRegistered registration = registration(UUID.randomUUID().toString(), Instant.now());
        ExecutorService threads = Executors.newFixedThreadPool(REPLICAS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<CompletableFuture<Boolean>> stores = new ArrayList<>();
            for (int i = 0; i < REPLICAS; i++) {
                stores.add(CompletableFuture.supplyAsync(
                        () -> {
                            await(start);
                            return storeInItsOwnTransaction(registration);
                        },
                        threads));
            }
            start.countDown();
            List<Boolean> stored = new ArrayList<>();
            for (CompletableFuture<Boolean> store : stores) {
                stored.add(store.get(30, TimeUnit.SECONDS));
            }

            assertThat(stored)
                    .as("each store answered without a failure; the first one stored the key")
                    .hasSize(REPLICAS)
                    .containsOnlyOnce(true);
            assertThat(find(registration.tenantId()).apiKeySha256).isEqualTo(registration.apiKeySha256());
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void shouldReplaceAKeyWithANewerRegistrationOnlyAndKeepItAgainstAnOlderOrUndatedOne() throws Throwable {
        String tenantId = UUID.randomUUID().toString();
        Instant issued = Instant.now().minus(Duration.ofMinutes(10));
        TenantRegistered first = registration(tenantId, issued);
        TenantRegistered rotated = registration(tenantId, issued.plusSeconds(60));
        TenantRegistered older = registration(tenantId, issued.minusSeconds(60));
        TenantRegistered undated = registration(tenantId, null);

        assertThat(storeInItsOwnTransaction(first)).isTrue();
        assertThat(storeInItsOwnTransaction(rotated)).as("a rotation").isTrue();
        assertThat(storeInItsOwnTransaction(older))
                .as("redelivered after the rotation")
                .isFalse();
        assertThat(storeInItsOwnTransaction(undated))
                .as("without a time of issue")
                .isFalse();
        assertThat(storeInItsOwnTransaction(rotated)).as("the rotation again").isFalse();

        TenantKey stored = find(tenantId);
        assertThat(stored.apiKeySha256).isEqualTo(rotated.apiKeySha256());
        assertThat(stored.registeredAt).isEqualTo(rotated.occurredAt());
        assertThat(stored.name).isEqualTo(rotated.name());
    }

    private boolean storeInItsOwnTransaction(TenantRegistered registration) {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> keys.register(registration));
        } catch (Throwable e) {
            throw new AssertionError("storing " + registration.eventId() + " failed", e);
        }
    }

    private TenantKey find(String tenantId) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> keys.findById(tenantId)));
    }

    private static TenantRegistered registration(String tenantId, Instant at) {
        // Microseconds, as the database keeps them: a time read back compares equal to the one sent.
        Instant issued = at == null ? null : at.truncatedTo(java.time.temporal.ChronoUnit.MICROS);
        return new TenantRegistered(
                UUID.randomUUID(),
                null,
                tenantId,
                issued,
                Event.SCHEMA_VERSION,
                "tenant " + tenantId,
                ApiKeys.sha256(ApiKeys.newKey()));
    }

    private static void await(CountDownLatch start) {
        try {
            start.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
