package dev.snailbench.executor.service.screening;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.service.statement.TransactionSettings;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DynamicGoldCheckTest {

    private static final PlanSettings.Variant SORTED =
            new PlanSettings.Variant(List.of(new TransactionSettings.Setting("enable_hashagg", "off")));

    private static ExecutionOutcome rows(List<String>... rows) {
        return new ExecutionOutcome(ExecutionStatus.OK, List.of(), List.of(rows), false, null, null, 0);
    }

    private static String otherPlan(ExecutionOutcome first, ExecutionOutcome second, boolean ordered) {
        return DynamicGoldCheck.otherPlan(first, SORTED, () -> second, ordered);
    }

    @Test
    void shouldAcceptTheSameRowsInAnotherOrderWhenTheQueryDoesNotOrderThem() {
        assertThat(otherPlan(
                        rows(List.of("a", "1"), List.of("b", "2")), rows(List.of("b", "2"), List.of("a", "1")), false))
                .isNull();
    }

    @Test
    void shouldFlagRowsThatOccurAnotherNumberOfTimes() {
        // Same distinct rows, same count of rows: only the multiplicities differ.
        assertThat(otherPlan(
                        rows(List.of("a"), List.of("a"), List.of("b")),
                        rows(List.of("a"), List.of("b"), List.of("b")),
                        false))
                .isEqualTo("another plan (enable_hashagg=off) returns other rows");
    }

    @Test
    void shouldTellAnotherOrderFromOtherRowsWhenTheQueryOrdersThem() {
        assertThat(otherPlan(rows(List.of("a"), List.of("b")), rows(List.of("b"), List.of("a")), true))
                .isEqualTo("another plan (enable_hashagg=off) returns the same rows in another order");
        assertThat(otherPlan(rows(List.of("a"), List.of("b")), rows(List.of("b"), List.of("c")), true))
                .isEqualTo("another plan (enable_hashagg=off) returns other rows");
    }

    @Test
    void shouldTellASqlNullFromTheTextNull() {
        assertThat(otherPlan(rows(Arrays.asList("x", null)), rows(List.of("x", "null")), false))
                .isEqualTo("another plan (enable_hashagg=off) returns other rows");
        // Rows that only a NULL tells apart, in another order: the same rows.
        assertThat(otherPlan(
                        rows(Arrays.asList("x", null), List.of("x", "null")),
                        rows(List.of("x", "null"), Arrays.asList("x", null)),
                        false))
                .isNull();
    }
}
