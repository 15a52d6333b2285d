package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.serde.EventJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A result event always fits the size the broker accepts, even when JSON escaping inflates the cells. */
class EventSizeTest {

    @Test
    void shouldCutRowsAndMarkTheResultTruncatedWhenEscapingMakesTheEventTooLarge() {
        // Control characters take 6 bytes each in JSON (\u0001) but 1 byte in the cap's count.
        String cell = "\u0001".repeat(100);
        ExecutionCompleted event = event(outcome(2_000, cell), outcome(10, "ok"));
        int max = 300_000;
        assertThat(EventJson.write(event).length).isGreaterThan(max);

        EventSize.Fitted fitted = EventSize.fit(event, max);

        assertThat(fitted.json().length).isLessThanOrEqualTo(max);
        assertThat(fitted.event().gold().truncated()).isTrue();
        assertThat(fitted.event().gold().rows()).isNotEmpty().hasSizeLessThan(2_000);
        assertThat(fitted.event().predicted().rows()).hasSize(10);
        assertThat(fitted.event().predicted().truncated()).isFalse();
        assertThat(EventJson.read(fitted.json(), ExecutionCompleted.class)).isEqualTo(fitted.event());
    }

    @Test
    void shouldLeaveAnEventThatFitsUntouched() {
        ExecutionCompleted event = event(outcome(100, "a"), outcome(100, "b"));

        EventSize.Fitted fitted = EventSize.fit(event, 1 << 20);

        assertThat(fitted.event()).isSameAs(event);
        assertThat(fitted.json()).isEqualTo(EventJson.writeInRecord(event));
    }

    private static ExecutionOutcome outcome(int rows, String cell) {
        List<List<String>> data = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            data.add(List.of(Integer.toString(i), cell));
        }
        return new ExecutionOutcome(
                ExecutionStatus.OK,
                List.of(
                        new ResultColumn("n", ResultColumn.ValueType.NUMBER, "int4"),
                        new ResultColumn("s", ResultColumn.ValueType.TEXT, "text")),
                data,
                false,
                null,
                null,
                0.01);
    }

    private static ExecutionCompleted event(ExecutionOutcome gold, ExecutionOutcome predicted) {
        return new ExecutionCompleted(
                UUID.randomUUID(),
                UUID.randomUUID(),
                "t",
                UUID.randomUUID(),
                Instant.now(),
                1,
                null,
                null,
                gold,
                predicted);
    }
}
