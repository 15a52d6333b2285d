package dev.snailbench.tenancy;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per client address, how many unknown API keys it may still present: a token bucket of
 * {@code snailbench.tenancy.failed-auth.burst} tokens refilled at {@code per-minute}. A known key never costs a
 * token, so a team behind the same address as a misbehaving client keeps working; an address out of tokens is
 * answered 429 with the time until its next token, without a lookup wait.
 */
@ApplicationScoped
public class FailedAuthLimiter {

    private final int burst;
    private final double tokensPerNano;
    private final int maxClients;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    @Inject
    public FailedAuthLimiter(TenancyConfig config) {
        this(config.failedAuth().burst(), config.failedAuth().perMinute(), config.failedAuth().maxClients());
    }

    FailedAuthLimiter(int burst, int perMinute, int maxClients) {
        if (burst < 1 || perMinute < 1 || maxClients < 1) {
            throw new IllegalArgumentException("snailbench.tenancy.failed-auth: burst, per-minute and max-clients "
                    + "must be at least 1");
        }
        this.burst = burst;
        this.tokensPerNano = perMinute / (double) Duration.ofMinutes(1).toNanos();
        this.maxClients = maxClients;
    }

    /**
     * Takes a token for one unknown key presented by this client: {@link Duration#ZERO} if it had one, else how
     * long until it will have one (the Retry-After of the 429).
     */
    public Duration take(String client) {
        return take(client, System.nanoTime());
    }

    Duration take(String client, long now) {
        if (buckets.size() >= maxClients && !buckets.containsKey(client)) {
            // Many addresses at once (a spread-out flood): forget them all rather than grow without bound; each
            // starts again with a full burst, which the global limit on waiting requests still bounds.
            buckets.clear();
        }
        Bucket bucket = buckets.computeIfAbsent(client, c -> new Bucket(burst, now));
        synchronized (bucket) {
            bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * tokensPerNano);
            bucket.at = now;
            if (bucket.tokens >= 1) {
                bucket.tokens -= 1;
                return Duration.ZERO;
            }
            return Duration.ofNanos((long) Math.ceil((1 - bucket.tokens) / tokensPerNano));
        }
    }

    private static final class Bucket {
        double tokens;
        long at;

        Bucket(double tokens, long at) {
            this.tokens = tokens;
            this.at = at;
        }
    }
}
