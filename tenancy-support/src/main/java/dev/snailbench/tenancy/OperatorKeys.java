package dev.snailbench.tenancy;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.problem.TooManyRequests;
import dev.snailbench.model.problem.Unauthorized;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;

/**
 * Checks the operators' {@code X-Admin-Key} behind the same failed-authentication limits as API keys
 * ({@link FailedAuthLimiter}): a wrong key costs its address (and all clients together) a token, and an address out
 * of tokens is answered 429 before its key is even compared, so that guessing gets no answer beyond the limiter's
 * rate, however many addresses it comes from. A right key costs nothing.
 */
@ApplicationScoped
public class OperatorKeys {

    private final FailedAuthLimiter limiter;

    public OperatorKeys(FailedAuthLimiter limiter) {
        this.limiter = limiter;
    }

    /**
     * @param presented what the request's {@code X-Admin-Key} header holds (may be null)
     * @param expected  the operators' key
     * @param request   the request, for its client address
     * @throws TooManyRequests when the address or all clients are out of tokens
     * @throws Unauthorized    when the key is missing or wrong
     */
    public void check(String presented, String expected, HttpServerRequest request) {
        String client = ClientAddress.of(request);
        Duration wait = limiter.waitBefore(client);
        if (!wait.isZero()) {
            throw tooMany(wait);
        }
        boolean ok = presented != null
                && MessageDigest.isEqual(
                        presented.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
        if (ok) {
            return;
        }
        Duration retry = limiter.take(client);
        if (!retry.isZero()) {
            throw tooMany(retry);
        }
        throw new Unauthorized("missing or invalid " + ApiKeys.ADMIN_HEADER, ApiKeys.ADMIN_HEADER);
    }

    private static TooManyRequests tooMany(Duration retryAfter) {
        return new TooManyRequests(
                "too many failed authentications; try again later", ApiKeys.ADMIN_HEADER, retryAfter);
    }
}
