package dev.snailbench.tenancy;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wakes the requests waiting for a key this service does not know yet the moment its registration is stored here
 * ({@link TenantKeysConsumer}), so that a new key works as soon as it arrives: no polling interval adds to the
 * propagation. One pending future per key hash, shared by the requests that wait for it.
 */
@ApplicationScoped
public class TenantKeyArrivals {

    private final ConcurrentHashMap<String, CompletableFuture<Void>> waiting = new ConcurrentHashMap<>();

    /** Completes when a registration of this key hash is stored after this call. */
    CompletableFuture<Void> next(String apiKeySha256) {
        return waiting.computeIfAbsent(apiKeySha256, h -> new CompletableFuture<>());
    }

    /** A registration of this key hash is stored: wake whoever waits for it. */
    void arrived(String apiKeySha256) {
        CompletableFuture<Void> pending = waiting.remove(apiKeySha256);
        if (pending != null) {
            pending.complete(null);
        }
    }

    /** Nobody waits for this future any more (the key was refused): drop it, so unknown keys do not pile up. */
    void forget(String apiKeySha256, CompletableFuture<Void> pending) {
        waiting.remove(apiKeySha256, pending);
    }

    /** Keys waited for right now (for tests and diagnostics). */
    int waiting() {
        return waiting.size();
    }
}
