package dev.snailbench.model.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Tenant API keys: random, shown once, stored and published only as their SHA-256. A key is long and random,
 * so a plain (unsalted) hash is enough to make a leaked table useless, and it lets every service look a key up
 * by its hash.
 */
public final class ApiKeys {

    /** The request header that carries a tenant's key. */
    public static final String HEADER = "X-API-Key";

    /** The header operators send the admin key in (creating tenants). */
    public static final String ADMIN_HEADER = "X-Admin-Key";

    /**
     * The platform's promise: a key returned by {@code POST /tenants} is accepted by every service within this
     * long. Each service learns keys from the tenants topic (its own consumer group, ready only once caught up) and
     * a request with a key it does not know yet waits for the registration and answers as it arrives
     * (tenancy-support's {@code TenantAuthenticator}, which refuses a key only after a longer wait).
     */
    public static final Duration PROPAGATION = Duration.ofSeconds(1);

    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeys() {}

    public static String newKey() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return "sb_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public static String sha256(String key) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
