package dev.snailbench.tenancy;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many failed authentications (unknown API keys, wrong operator keys) clients may still present: a token bucket
 * per client address ({@code snailbench.tenancy.failed-auth.burst} tokens refilled at {@code per-minute}) and one
 * for all clients together ({@code global-burst}, {@code global-per-minute}), so that spreading guesses over many
 * addresses gains nothing beyond the global rate. A failure takes a token from both; without one in either, the
 * answer is 429 with the time until the next token, without a lookup wait. At most {@code max-clients} addresses
 * are tracked one by one: beyond, addresses whose bucket is full again are forgotten, and any other new address
 * shares one bucket with the rest of the overflow (never a fresh burst).
 */
@ApplicationScoped
public class FailedAuthLimiter {

    /** How often a full table may be swept for buckets that refilled. */
    private static final long SWEEP_EVERY_NANOS = Duration.ofSeconds(1).toNanos();

    private final int burst;
    private final double tokensPerNano;
    private final int maxClients;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final Bucket overflow;
    private final Bucket global;
    private volatile long lastSweep = Long.MIN_VALUE;

    @Inject
    public FailedAuthLimiter(TenancyConfig config) {
        this(
                config.failedAuth().burst(),
                config.failedAuth().perMinute(),
                config.failedAuth().maxClients(),
                config.failedAuth().globalBurst(),
                config.failedAuth().globalPerMinute());
    }

    FailedAuthLimiter(int burst, int perMinute, int maxClients, int globalBurst, int globalPerMinute) {
        if (burst < 1 || perMinute < 1 || maxClients < 1 || globalBurst < 1 || globalPerMinute < 1) {
            throw new IllegalArgumentException("snailbench.tenancy.failed-auth: burst, per-minute, max-clients, "
                    + "global-burst and global-per-minute must be at least 1");
        }
        this.burst = burst;
        this.tokensPerNano = perMinute / (double) Duration.ofMinutes(1).toNanos();
        this.maxClients = maxClients;
        this.overflow = new Bucket(burst, tokensPerNano, Bucket.UNTOUCHED);
        this.global = new Bucket(
                globalBurst, globalPerMinute / (double) Duration.ofMinutes(1).toNanos(), Bucket.UNTOUCHED);
    }

    /**
     * Takes a token for one failed authentication by this client: {@link Duration#ZERO} if this client and all
     * clients together had one, else how long until both will (the Retry-After of the 429); nothing is taken then.
     */
    public Duration take(String client) {
        return take(client, System.nanoTime());
    }

    /**
     * How long this client must wait before a credential it presents may even be compared ({@link Duration#ZERO}:
     * now), taking nothing: what guards a secret an operator chose, so that an address out of tokens learns nothing
     * from its next guess.
     */
    public Duration waitBefore(String client) {
        return waitBefore(client, System.nanoTime());
    }

    Duration take(String client, long now) {
        Bucket bucket = bucket(client, now);
        synchronized (bucket) {
            synchronized (global) {
                bucket.refill(now);
                global.refill(now);
                if (bucket.tokens >= 1 && global.tokens >= 1) {
                    bucket.tokens -= 1;
                    global.tokens -= 1;
                    return Duration.ZERO;
                }
                return max(bucket.untilNext(), global.untilNext());
            }
        }
    }

    Duration waitBefore(String client, long now) {
        Bucket bucket = buckets.getOrDefault(client, buckets.size() >= maxClients ? overflow : null);
        Duration own = Duration.ZERO;
        if (bucket != null) {
            synchronized (bucket) {
                bucket.refill(now);
                own = bucket.untilNext();
            }
        }
        synchronized (global) {
            global.refill(now);
            return max(own, global.untilNext());
        }
    }

    private Bucket bucket(String client, long now) {
        Bucket known = buckets.get(client);
        if (known != null) {
            return known;
        }
        if (buckets.size() >= maxClients) {
            sweep(now);
            if (buckets.size() >= maxClients) {
                return overflow;
            }
        }
        return buckets.computeIfAbsent(client, c -> new Bucket(burst, tokensPerNano, now));
    }

    /** Forgets the addresses whose bucket is full again: forgetting them gives them nothing they do not have. */
    private void sweep(long now) {
        if (now - lastSweep < SWEEP_EVERY_NANOS && lastSweep != Long.MIN_VALUE) {
            return;
        }
        lastSweep = now;
        buckets.entrySet().removeIf(e -> {
            synchronized (e.getValue()) {
                e.getValue().refill(now);
                return e.getValue().tokens >= e.getValue().capacity;
            }
        });
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static final class Bucket {
        /** A full bucket whose clock starts at its first use. */
        static final long UNTOUCHED = Long.MIN_VALUE;

        final double capacity;
        final double perNano;
        double tokens;
        long at;

        Bucket(double capacity, double perNano, long at) {
            this.capacity = capacity;
            this.perNano = perNano;
            this.tokens = capacity;
            this.at = at;
        }

        void refill(long now) {
            if (at == UNTOUCHED) {
                at = now;
            } else if (now > at) {
                tokens = Math.min(capacity, tokens + (now - at) * perNano);
                at = now;
            }
        }

        /** Zero with a token, else the time until the next one. */
        Duration untilNext() {
            return tokens >= 1 ? Duration.ZERO : Duration.ofNanos((long) Math.ceil((1 - tokens) / perNano));
        }
    }
}
