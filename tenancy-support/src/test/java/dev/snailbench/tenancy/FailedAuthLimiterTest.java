package dev.snailbench.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FailedAuthLimiterTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();
    private static final int NO_GLOBAL_LIMIT = 1_000_000;

    @Test
    void shouldAllowTheBurstThenAskTheClientToWaitForItsNextToken() {
        FailedAuthLimiter limiter = new FailedAuthLimiter(3, 6, 100, NO_GLOBAL_LIMIT, NO_GLOBAL_LIMIT);
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.take("10.0.0.1", 0)).isZero();
        }
        // 6 a minute: one token every 10 s.
        assertThat(limiter.take("10.0.0.1", 0)).isEqualTo(Duration.ofSeconds(10));
        assertThat(limiter.take("10.0.0.1", 4 * SECOND)).isEqualTo(Duration.ofSeconds(6));
        assertThat(limiter.take("10.0.0.1", 10 * SECOND)).isZero();
        assertThat(limiter.take("10.0.0.1", 10 * SECOND)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void shouldKeepEachClientsTokensApart() {
        FailedAuthLimiter limiter = new FailedAuthLimiter(1, 6, 100, NO_GLOBAL_LIMIT, NO_GLOBAL_LIMIT);
        assertThat(limiter.take("10.0.0.1", 0)).isZero();
        assertThat(limiter.take("10.0.0.1", 0)).isPositive();
        assertThat(limiter.take("10.0.0.2", 0)).isZero();
    }

    @Test
    void shouldNeverHoldMoreThanTheBurstHowEverLongAClientWasQuiet() {
        FailedAuthLimiter limiter = new FailedAuthLimiter(2, 60, 100, NO_GLOBAL_LIMIT, NO_GLOBAL_LIMIT);
        assertThat(limiter.take("c", 0)).isZero();
        long hourLater = Duration.ofHours(1).toNanos();
        assertThat(limiter.take("c", hourLater)).isZero();
        assertThat(limiter.take("c", hourLater)).isZero();
        assertThat(limiter.take("c", hourLater)).isPositive();
    }

    @Test
    void shouldLimitGuessesSpreadOverManyAddressesByTheGlobalBudget() {
        // 5 per address, 10 for everyone together, refilled at 60 a minute (one a second).
        FailedAuthLimiter limiter = new FailedAuthLimiter(5, 30, 100_000, 10, 60);
        int answered = 0;
        Duration refused = Duration.ZERO;
        for (int i = 0; i < 1000; i++) {
            Duration wait = limiter.take("203.0." + (i / 250) + "." + (i % 250), 0);
            if (wait.isZero()) {
                answered++;
            } else {
                refused = wait;
            }
        }
        assertThat(answered).isEqualTo(10);
        assertThat(refused).isEqualTo(Duration.ofSeconds(1));
        // The budget refills at its own rate, for any address.
        assertThat(limiter.take("198.51.100.1", SECOND)).isZero();
        assertThat(limiter.take("198.51.100.2", SECOND)).isPositive();
    }

    @Test
    void shouldGiveNoAddressAFreshBurstWhenManyAddressesCrowdTheTable() {
        FailedAuthLimiter limiter = new FailedAuthLimiter(1, 6, 2, NO_GLOBAL_LIMIT, NO_GLOBAL_LIMIT);
        assertThat(limiter.take("a", 0)).isZero();
        assertThat(limiter.take("b", 0)).isZero();
        // Beyond the table, new addresses share one bucket: the first gets its token, the next ones wait.
        assertThat(limiter.take("c", 0)).isZero();
        for (int i = 0; i < 100; i++) {
            assertThat(limiter.take("crowd-" + i, 0)).isPositive();
        }
        // And the addresses already out of tokens stay out of tokens.
        assertThat(limiter.take("a", 0)).isPositive();
        assertThat(limiter.take("b", 0)).isPositive();
    }

    @Test
    void shouldForgetOnlyAddressesWhoseBucketRefilled() {
        FailedAuthLimiter limiter = new FailedAuthLimiter(1, 6, 2, NO_GLOBAL_LIMIT, NO_GLOBAL_LIMIT);
        assertThat(limiter.take("a", 0)).isZero();
        assertThat(limiter.take("b", 5 * SECOND)).isZero();
        // At 10 s a's bucket is full again (one token every 10 s), b's is not: a is forgotten, c takes its place.
        assertThat(limiter.take("c", 10 * SECOND)).isZero();
        assertThat(limiter.take("c", 10 * SECOND)).isPositive();
        assertThat(limiter.take("b", 10 * SECOND)).isPositive();
    }

    @Test
    void shouldTellHowLongBeforeAKeyMayBeComparedWithoutTakingAToken() {
        FailedAuthLimiter limiter = new FailedAuthLimiter(2, 6, 100, 3, 6);
        assertThat(limiter.waitBefore("a", 0)).isZero();
        assertThat(limiter.waitBefore("a", 0)).isZero();
        assertThat(limiter.take("a", 0)).isZero();
        assertThat(limiter.take("a", 0)).isZero();
        assertThat(limiter.waitBefore("a", 0)).isEqualTo(Duration.ofSeconds(10));
        assertThat(limiter.waitBefore("b", 0)).isZero();
        assertThat(limiter.take("b", 0)).isZero();
        // All clients together are out of tokens: even a new address waits.
        assertThat(limiter.waitBefore("c", 0)).isEqualTo(Duration.ofSeconds(10));
    }
}
