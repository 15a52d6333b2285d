package dev.snailbench.testkit;

import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.model.serde.EventJson;
import io.restassured.RestAssured;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Registers tenants the way the generator does (a {@link TenantRegistered} event on the tenants topic of the real
 * broker) and waits until every service under test knows the key.
 *
 * <p>A service learns keys from that topic asynchronously; a test that uses a key right after publishing it would
 * race the service's consumer. The wait is a condition on what the caller sees (the key is accepted), not a retry:
 * each {@code accepted} probe is one authenticated request, answered once the service has the key.
 */
public final class TenantKeys {

    /** How long every service gets to learn a key: ample for a loaded machine, far beyond the 1 s promise. */
    public static final Duration WAIT = Duration.ofSeconds(60);

    private static final Duration POLL = Duration.ofMillis(200);

    private static Tenant shared;

    private TenantKeys() {}

    /** A registered tenant: its id and its API key. */
    public record Tenant(String tenantId, String apiKey) {}

    /**
     * Registers a new tenant with a fresh key and returns once every probe accepts the key.
     *
     * @param accepted one per service: whether a request with the key is authenticated (e.g. not answered 401)
     */
    @SafeVarargs
    public static Tenant register(String name, Predicate<String>... accepted) {
        return register("tenant-" + UUID.randomUUID(), name, ApiKeys.newKey(), accepted);
    }

    /** Registers {@code tenantId} with {@code apiKey} and returns once every probe accepts the key. */
    @SafeVarargs
    public static Tenant register(String tenantId, String name, String apiKey, Predicate<String>... accepted) {
        Tenant tenant = publish(tenantId, name, apiKey);
        awaitAccepted(apiKey, List.of(accepted));
        return tenant;
    }

    /**
     * The key of one tenant registered on this JVM's first call, for the tests that need some tenant's key; returns
     * once every probe accepts it.
     */
    @SafeVarargs
    public static String sharedKey(Predicate<String>... accepted) {
        Tenant tenant;
        synchronized (TenantKeys.class) {
            if (shared == null) {
                shared = publish("tenant-" + UUID.randomUUID(), "shared test tenant", ApiKeys.newKey());
            }
            tenant = shared;
        }
        awaitAccepted(tenant.apiKey(), List.of(accepted));
        return tenant.apiKey();
    }

    /**
     * A probe for the service under test (RestAssured's target): whether {@code GET path} with the key is answered
     * {@code status}.
     */
    public static Predicate<String> answers(String path, int status) {
        return apiKey ->
                RestAssured.given().header(ApiKeys.HEADER, apiKey).get(path).statusCode() == status;
    }

    /**
     * Publishes the registration and returns at once: for tests of what a service does with a key it has not
     * learnt yet.
     */
    public static Tenant publish(String tenantId, String name, String apiKey) {
        publish(TenantRegistered.of(tenantId, name, ApiKeys.sha256(apiKey)));
        return new Tenant(tenantId, apiKey);
    }

    /** Publishes a registration as given (its own time of issue, say) and returns at once. */
    public static void publish(TenantRegistered event) {
        TopicClient.withOwnClassLoader(() -> {
            try (TopicClient topics = new TopicClient()) {
                topics.send(Topics.TENANTS, event.key(), EventJson.write(event));
            }
            return null;
        });
    }

    /** Returns once every probe accepts the key. */
    @SafeVarargs
    public static void awaitAccepted(String apiKey, Predicate<String>... accepted) {
        awaitAccepted(apiKey, List.of(accepted));
    }

    private static void awaitAccepted(String apiKey, List<Predicate<String>> services) {
        Instant deadline = Instant.now().plus(WAIT);
        for (int i = 0; i < services.size(); i++) {
            while (!services.get(i).test(apiKey)) {
                if (Instant.now().isAfter(deadline)) {
                    throw new AssertionError("service " + (i + 1) + " of " + services.size()
                            + " still refuses a key registered " + WAIT.toSeconds() + " s ago");
                }
                try {
                    Thread.sleep(POLL.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted while waiting for a tenant key", e);
                }
            }
        }
    }
}
