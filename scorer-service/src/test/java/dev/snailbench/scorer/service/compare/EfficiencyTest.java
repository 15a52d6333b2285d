package dev.snailbench.scorer.service.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** VES per item is BIRD's reward (R-VES): bounded by 1.25 however much faster the prediction runs. */
class EfficiencyTest {

    @Test
    void shouldRewardByBirdsTimeRatioBucketsAndNeverExceed125() {
        // Item 554's case: the prediction 29× faster than gold — sqrt gave 5.4, the reward caps at 1.25.
        assertThat(Efficiency.reward(true, List.of(0.029), List.of(0.001))).isEqualTo(1.25);
        assertThat(Efficiency.reward(true, List.of(0.015), List.of(0.010))).isEqualTo(1.0);
        assertThat(Efficiency.reward(true, List.of(0.010), List.of(0.010))).isEqualTo(1.0);
        assertThat(Efficiency.reward(true, List.of(0.006), List.of(0.010))).isEqualTo(0.75);
        assertThat(Efficiency.reward(true, List.of(0.003), List.of(0.010))).isEqualTo(0.5);
        assertThat(Efficiency.reward(true, List.of(0.001), List.of(0.010))).isEqualTo(0.25);
        assertThat(Efficiency.reward(false, List.of(0.029), List.of(0.001))).isEqualTo(0.0);
        assertThat(Efficiency.reward(true, List.of(), List.of(0.001))).isNull();
    }
}
