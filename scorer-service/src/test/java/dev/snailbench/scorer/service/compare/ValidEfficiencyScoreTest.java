package dev.snailbench.scorer.service.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * BIRD's original VES as QATCH's ValidEfficiencyScore computes it, beside R-VES on the same timings. The expected
 * values were computed with QATCH's own code (numpy mean and population standard deviation, outliers outside
 * mean ± 3 sd dropped, the predicted time over the gold time under the square root).
 */
class ValidEfficiencyScoreTest {

    private static final List<Row> RESULT = Tables.rows(Tables.row(0, 1896, "athens"), Tables.row(1, 1900, "paris"));
    private static final List<Row> OTHER = Tables.rows(Tables.row(0));

    @Test
    void shouldScoreAsQatchsCodeDoesWithItsOutlierRule() {
        // Eleven runs: one outside mean ± 3 population sd (with the sample sd it would stay, and VES would be 1.65).
        assertVes(repeat(0.02, 11), with(repeat(0.01, 10), 0.5), 0.7071067811865476);
        // Too few runs for any outlier: plain means.
        assertVes(List.of(0.012, 0.011, 0.013, 0.012, 0.5), List.of(0.003, 0.004, 0.0035), 0.17870172514372398);
        // The gold's one slow run dropped; the prediction is slower than the gold's usual time: above 1.
        assertVes(with(repeat(0.004, 19), 0.9), repeat(List.of(0.006, 0.007, 0.0065), 4), 1.2747548783981961);
        assertVes(List.of(0.04), List.of(0.01), 0.5);
    }

    @Test
    void shouldFollowQatchsOwnTestsOnTheSameQueryAndAWrongOne() {
        // QATCH's test_correct_prediction: the same query twice gives a VES (not 0); test_wrong_prediction gives 0.
        assertThat(QatchMetrics.validEfficiencyScore(RESULT, RESULT, repeat(0.01, 100), repeat(0.01, 100)))
                .isCloseTo(1.0, within(1e-9));
        assertThat(QatchMetrics.validEfficiencyScore(RESULT, OTHER, repeat(0.01, 100), repeat(0.001, 100)))
                .isEqualTo(0.0);
    }

    @Test
    void shouldBeNullWithoutTimingsOrAGoldTime() {
        assertThat(QatchMetrics.validEfficiencyScore(RESULT, RESULT, List.of(), List.of(0.01)))
                .isNull();
        assertThat(QatchMetrics.validEfficiencyScore(RESULT, RESULT, List.of(0.0), List.of(0.01)))
                .isNull();
        assertThat(QatchMetrics.validEfficiencyScore(RESULT, OTHER, List.of(), List.of()))
                .isEqualTo(0.0);
    }

    @Test
    void shouldKeepRVesUnderItsOwnNameBoundedBy125() {
        // The same pairs: the prediction 4× faster (VES 0.5 as QATCH computes it, R-VES 1.25), 4× slower.
        assertThat(Efficiency.reward(true, List.of(0.04), List.of(0.01))).isEqualTo(1.25);
        assertThat(Efficiency.reward(true, List.of(0.01), List.of(0.04))).isEqualTo(0.5);
        assertThat(QatchMetrics.validEfficiencyScore(RESULT, RESULT, List.of(0.01), List.of(0.04)))
                .isCloseTo(2.0, within(1e-9));
    }

    private static void assertVes(List<Double> goldTimes, List<Double> predTimes, double expected) {
        assertThat(QatchMetrics.validEfficiencyScore(RESULT, RESULT, goldTimes, predTimes))
                .isCloseTo(expected, within(1e-9));
        assertThat(QatchMetrics.validEfficiencyScore(RESULT, OTHER, goldTimes, predTimes))
                .isEqualTo(0.0);
    }

    private static List<Double> repeat(double value, int times) {
        return new ArrayList<>(Collections.nCopies(times, value));
    }

    private static List<Double> repeat(List<Double> values, int times) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            out.addAll(values);
        }
        return out;
    }

    private static List<Double> with(List<Double> values, double last) {
        values.add(last);
        return values;
    }
}
