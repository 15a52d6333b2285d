package dev.snailbench.tenancy;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How every service answers API keys it does not know ({@code snailbench.tenancy.*}, the same in all five). */
@ConfigMapping(prefix = "snailbench.tenancy")
public interface TenancyConfig {

    /**
     * How long a request with a key this service does not know waits for the key's registration (a key just
     * returned by POST /tenants) before the 401; the wait holds no thread. Above the 1 s propagation promise.
     */
    @WithDefault("1500ms")
    Duration unknownKeyWait();

    /**
     * Requests waiting for an unknown key at once, all clients together; beyond it an unknown key is refused at
     * once (401 with Retry-After), so a flood of made-up keys cannot pile up waiting requests.
     */
    @WithDefault("1000")
    int maxWaiting();

    /**
     * Failed authentications (unknown API keys, wrong operator keys) allowed per client address and for all clients
     * together: bursts refilled at these rates per minute.
     */
    FailedAuth failedAuth();

    interface FailedAuth {
        /** Unknown keys one client address may present in a burst before its requests are answered 429. */
        @WithDefault("20")
        int burst();

        /** Unknown keys per minute one client address may present in the long run (the burst's refill rate). */
        @WithDefault("30")
        int perMinute();

        /**
         * Client addresses tracked one by one at most: beyond, addresses whose bucket refilled are forgotten and new
         * ones share one bucket (memory stays bounded, and no address gets a fresh burst by crowding others out).
         */
        @WithDefault("100000")
        int maxClients();

        /** Failed authentications all clients together may present in a burst before every client gets 429. */
        @WithDefault("200")
        int globalBurst();

        /** Failed authentications per minute all clients together may present in the long run. */
        @WithDefault("300")
        int globalPerMinute();
    }
}
