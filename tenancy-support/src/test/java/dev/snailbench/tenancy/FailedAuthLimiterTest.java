package dev.snailbench.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FailedAuthLimiterTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();

    @Test
    void shouldAllowTheBurstThenAskTheClientToWaitForItsNextToken() {
        FailedAuthLimiter limiter = new FailedAuthLimiter(3, 6, 100);
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
        FailedAuthLimiter limiter = new FailedAuthLimiter(1, 6, 100);
        assertThat(limiter.take("10.0.0.1", 0)).isZero();
        assertThat(limiter.take("10.0.0.1", 0)).isPositive();
        assertThat(limiter.take("10.0.0.2", 0)).isZero();
    }

    @Test
    void shouldNeverHoldMoreThanTheBurstHowEverLongAClientWasQuiet() {
        FailedAuthLimiter limiter = new FailedAuthLimiter(2, 60, 100);
        assertThat(limiter.take("c", 0)).isZero();
        long hourLater = Duration.ofHours(1).toNanos();
        assertThat(limiter.take("c", hourLater)).isZero();
        assertThat(limiter.take("c", hourLater)).isZero();
        assertThat(limiter.take("c", hourLater)).isPositive();
    }

    @Test
    void shouldForgetClientsRatherThanGrowBeyondTheConfiguredNumber() {
        FailedAuthLimiter limiter = new FailedAuthLimiter(1, 6, 2);
        assertThat(limiter.take("a", 0)).isZero();
        assertThat(limiter.take("b", 0)).isZero();
        // A third address: the state is dropped, memory stays bounded (the global wait limit still holds).
        assertThat(limiter.take("c", 0)).isZero();
        assertThat(limiter.take("a", 0)).isZero();
    }
}
