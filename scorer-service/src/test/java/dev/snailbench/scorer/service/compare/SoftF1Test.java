package dev.snailbench.scorer.service.compare;

import static dev.snailbench.scorer.service.compare.Tables.row;
import static dev.snailbench.scorer.service.compare.Tables.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** BIRD's Soft-F1 gives partial credit per cell. */
class SoftF1Test {

    @Test
    void shouldScoreIdenticalResultsOne() {
        assertThat(SoftF1.score(rows(row("a", 1)), rows(row("a", 1)))).isEqualTo(1.0);
        assertThat(SoftF1.score(rows(), rows())).isEqualTo(1.0);
    }

    @Test
    void shouldGivePartialCreditForOneWrongCell() {
        // tp = 1/2, fp = 1/2, fn = 1/2 -> precision = recall = 0.5
        assertThat(SoftF1.score(rows(row("a", 1)), rows(row("a", 2)))).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void shouldCountUnpairedRows() {
        // row 1 matches (tp 1), the gold's second row is unpaired (fn 1): P = 1, R = 0.5, F1 = 2/3
        assertThat(SoftF1.score(rows(row("a"), row("b")), rows(row("a")))).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(SoftF1.score(rows(row("a")), rows())).isEqualTo(0.0);
    }

    @Test
    void shouldIgnoreDuplicateRows() {
        assertThat(SoftF1.score(rows(row("a"), row("a")), rows(row("a")))).isEqualTo(1.0);
    }
}
