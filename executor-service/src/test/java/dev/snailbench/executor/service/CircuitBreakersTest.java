package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The circuit of one registration: closed, open after N failures in a row, one probe after the cool-down. */
class CircuitBreakersTest {

    private final AtomicLong now = new AtomicLong();
    private final CircuitBreakers breakers =
            new CircuitBreakers(new CircuitBreakers.Settings(3, Duration.ofSeconds(30)), now::get);

    @Test
    void shouldOpenAfterThreeFailuresInARowAndSayWhy() {
        breakers.failed("a|db", "Connection refused");
        breakers.failed("a|db", "Connection refused");
        assertThatCode(() -> breakers.admit("a|db")).doesNotThrowAnyException();
        breakers.failed("a|db", "Connection refused");

        assertThatThrownBy(() -> breakers.admit("a|db"))
                .isInstanceOf(SQLTransientConnectionException.class)
                .hasMessage("connections paused: Connection refused (circuit open for 30 s after 3 failed "
                        + "connection attempts)");
        assertThatCode(() -> breakers.admit("b|db")).as("another registration").doesNotThrowAnyException();
    }

    @Test
    void shouldCountOnlyFailuresInARow() {
        breakers.failed("a|db", "refused");
        breakers.failed("a|db", "refused");
        breakers.succeeded("a|db");
        breakers.failed("a|db", "refused");
        breakers.failed("a|db", "refused");

        assertThat(breakers.isOpen("a|db")).isFalse();
    }

    @Test
    void shouldLetOneProbeThroughAfterTheCoolDownAndCloseOnItsSuccess() throws Exception {
        open();
        now.addAndGet(Duration.ofSeconds(30).toNanos());

        breakers.admit("a|db");
        assertThatThrownBy(() -> breakers.admit("a|db"))
                .as("while the probe runs")
                .hasMessageContaining("circuit open");
        breakers.succeeded("a|db");

        assertThat(breakers.isOpen("a|db")).isFalse();
        breakers.admit("a|db");
    }

    @Test
    void shouldOpenAgainForAWholeCoolDownWhenTheProbeFails() throws Exception {
        open();
        now.addAndGet(Duration.ofSeconds(31).toNanos());
        breakers.admit("a|db");
        breakers.failed("a|db", "timed out");

        now.addAndGet(Duration.ofSeconds(29).toNanos());
        assertThatThrownBy(() -> breakers.admit("a|db")).hasMessageStartingWith("connections paused: timed out");
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThatCode(() -> breakers.admit("a|db")).doesNotThrowAnyException();
    }

    @Test
    void shouldLetAnotherProbeThroughWhenTheFirstNeverTold() throws Exception {
        open();
        now.addAndGet(Duration.ofSeconds(30).toNanos());
        breakers.admit("a|db");

        now.addAndGet(Duration.ofSeconds(29).toNanos());
        assertThatThrownBy(() -> breakers.admit("a|db")).hasMessageContaining("circuit open");
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThatCode(() -> breakers.admit("a|db"))
                .as("the lost probe's lease ran out")
                .doesNotThrowAnyException();
    }

    private void open() {
        for (int i = 0; i < 3; i++) {
            breakers.failed("a|db", "refused");
        }
        assertThat(breakers.isOpen("a|db")).isTrue();
    }
}
