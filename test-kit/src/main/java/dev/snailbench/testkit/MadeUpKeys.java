package dev.snailbench.testkit;

import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.model.domain.ApiKeys;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

/**
 * Made-up API keys from one address against a service's limit on failed authentication: the limit a test profile
 * sets, and the tries until the first 429.
 */
public final class MadeUpKeys {

    private MadeUpKeys() {}

    /** The first try answered 429, how long it took, and how many tries were answered 401 before it. */
    public record Limited(Response response, Duration took, int refused) {}

    /**
     * Test profile overrides: {@code burst} unknown keys per address, refilled at one a minute (none comes back
     * during a test), each unknown key waited for {@code unknownKeyWait} before its 401.
     */
    public static Map<String, String> limit(int burst, Duration unknownKeyWait) {
        return Map.of(
                "snailbench.tenancy.failed-auth.burst",
                Integer.toString(burst),
                "snailbench.tenancy.failed-auth.per-minute",
                "1",
                "snailbench.tenancy.unknown-key-wait",
                unknownKeyWait.toSeconds() + "s");
    }

    /**
     * Sends {@code request} with a fresh made-up key until one is answered 429, at most {@code tries} times; every
     * other answer must be 401 {@code invalid API key}.
     */
    public static Limited untilLimited(int tries, Function<String, Response> request) {
        int refused = 0;
        for (int i = 0; i < tries; i++) {
            long start = System.nanoTime();
            Response r = request.apply(ApiKeys.newKey());
            if (r.statusCode() == 429) {
                return new Limited(r, Duration.ofNanos(System.nanoTime() - start), refused);
            }
            r.then().statusCode(401).body("error", equalTo("invalid API key"));
            refused++;
        }
        throw new AssertionError("no 429 within " + tries + " made-up keys");
    }
}
