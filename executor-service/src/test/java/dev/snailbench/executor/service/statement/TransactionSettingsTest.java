package dev.snailbench.executor.service.statement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.sql.PgText;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransactionSettingsTest {

    @Test
    void shouldExpectDurationsAsPostgresqlShowsThem() {
        assertThat(TransactionSettings.millis("x", Duration.ZERO).shown()).isEqualTo("0");
        assertThat(TransactionSettings.millis("x", Duration.ofMillis(1500)).shown())
                .isEqualTo("1500ms");
        assertThat(TransactionSettings.millis("x", Duration.ofSeconds(90)).shown())
                .isEqualTo("90s");
        assertThat(TransactionSettings.millis("x", Duration.ofMinutes(1)).shown())
                .isEqualTo("1min");
        assertThat(TransactionSettings.millis("x", Duration.ofHours(3)).shown()).isEqualTo("3h");
        assertThat(TransactionSettings.millis("x", Duration.ofDays(2)).shown()).isEqualTo("2d");
        assertThat(TransactionSettings.millis("x", Duration.ofSeconds(30)).value())
                .isEqualTo("30000");
    }

    @Test
    void shouldBindOneParameterPerPlaceholderOfItsStatement() throws SQLException {
        TransactionSettings settings = TransactionSettings.of(
                        Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(30))
                .withSchema("My \"schema\"")
                .withPlanner(List.of(new TransactionSettings.Setting("work_mem", "64MB")));

        assertThat(PgText.read(settings.sql(), true).parameters())
                .isEqualTo(settings.parameters().size());
        assertThat(settings.settings())
                .extracting(TransactionSettings.Setting::name)
                .containsExactly(
                        "transaction_read_only",
                        "statement_timeout",
                        "lock_timeout",
                        "idle_in_transaction_session_timeout",
                        "search_path",
                        "work_mem");
        assertThat(settings.settings().get(4).value()).isEqualTo("pg_catalog, \"My \"\"schema\"\"\"");
    }

    @Test
    void shouldRecogniseItsOwnCheckFailureOnly() {
        SQLException other = new SQLException("invalid input syntax for type integer: \"x\"", "22P02");

        assertThat(TransactionSettings.isCheckFailure(other)).isFalse();
    }
}
