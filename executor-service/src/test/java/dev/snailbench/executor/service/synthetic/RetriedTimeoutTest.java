package dev.snailbench.executor.service.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A generator's read that times out is given once more a longer limit; any other failure is not retried. */
class RetriedTimeoutTest {

    private static final Duration LIMIT = Duration.ofSeconds(2);

    @Test
    void shouldRunATimedOutQueryOnceMoreWithThriceItsLimit() throws Exception {
        List<Duration> limits = new ArrayList<>();
        String result = SchemaData.retryingTimeout(LIMIT, limit -> {
            limits.add(limit);
            if (limit.compareTo(Duration.ofSeconds(5)) < 0) {
                throw new SQLException("canceling statement due to statement timeout", "57014");
            }
            return "rows";
        });
        assertThat(result).isEqualTo("rows");
        assertThat(limits).containsExactly(LIMIT, LIMIT.multipliedBy(SchemaData.RETRY_FACTOR));
    }

    @Test
    void shouldReportAQueryThatTimesOutTwiceAsTimedOut() {
        List<Duration> limits = new ArrayList<>();
        assertThatThrownBy(() -> SchemaData.retryingTimeout(LIMIT, limit -> {
                    limits.add(limit);
                    throw new SQLTimeoutException("the driver's timeout");
                }))
                .isInstanceOfSatisfying(
                        SQLException.class,
                        e -> assertThat(SchemaData.timedOut(e)).isTrue());
        assertThat(limits).hasSize(2);
    }

    @Test
    void shouldNeverRetryAQueryThatFailedOtherwise() {
        List<Duration> limits = new ArrayList<>();
        assertThatThrownBy(() -> SchemaData.retryingTimeout(LIMIT, limit -> {
                    limits.add(limit);
                    throw new SQLException("division by zero", "22012");
                }))
                .hasMessage("division by zero");
        assertThat(limits).containsExactly(LIMIT);
    }

    @Test
    void shouldRunAQueryThatAnswersInTimeOnce() throws Exception {
        List<Duration> limits = new ArrayList<>();
        int result = SchemaData.retryingTimeout(LIMIT, limit -> {
            limits.add(limit);
            return 7;
        });
        assertThat(result).isEqualTo(7);
        assertThat(limits).containsExactly(LIMIT);
    }
}
