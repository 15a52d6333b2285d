package dev.snailbench.scorer.service.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Kendall tau-b against SciPy's values and the bootstrap interval's behaviour. */
class StatisticsTest {

    @Test
    void shouldMatchScipyKendallTauWithTies() {
        // scipy.stats.kendalltau: statistic 0.4089589059545982, pvalue 0.16491482255330148 (asymptotic, ties)
        KendallTau.Result r =
                KendallTau.of(new double[] {1, 2, 2, 3, 4, 5, 5, 5, 6, 7}, new double[] {0, 1, 0, 1, 1, 0, 1, 1, 1, 1});
        assertThat(r.tau()).isCloseTo(0.4089589059545982, within(1e-12));
        assertThat(r.pValue()).isCloseTo(0.16491482255330148, within(1e-9));
    }

    @Test
    void shouldMatchScipyAsymptoticKendallTauWithoutTies() {
        // scipy.stats.kendalltau(..., method="asymptotic"): 0.2857142857142857, 0.32229959587191925
        KendallTau.Result r = KendallTau.of(
                new double[] {0.1, 0.4, 0.35, 0.8, 0.9, 0.05, 0.6, 0.7}, new double[] {1, 2, 3, 4, 5, 6, 7, 8});
        assertThat(r.tau()).isCloseTo(0.2857142857142857, within(1e-12));
        assertThat(r.pValue()).isCloseTo(0.32229959587191925, within(1e-9));
    }

    @Test
    void shouldReportUndefinedTauForConstantSeries() {
        assertThat(KendallTau.of(new double[] {1, 1, 1}, new double[] {0, 1, 0}).tau())
                .isNaN();
    }

    @Test
    void shouldGiveReproducibleIntervalAroundTheMean() {
        double[] v = new double[200];
        for (int i = 0; i < v.length; i++) {
            v[i] = i % 4 == 0 ? 0 : 1;
        }
        Bootstrap.Estimate a = Bootstrap.mean(v, 2000, 7);
        Bootstrap.Estimate b = Bootstrap.mean(v, 2000, 7);
        assertThat(a).isEqualTo(b);
        assertThat(a.mean()).isEqualTo(0.75);
        assertThat(a.low()).isLessThan(0.75).isGreaterThan(0.65);
        assertThat(a.high()).isGreaterThan(0.75).isLessThan(0.85);
    }
}
