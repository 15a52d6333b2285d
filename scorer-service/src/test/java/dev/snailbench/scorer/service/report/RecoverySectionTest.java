package dev.snailbench.scorer.service.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecoverySectionTest {

    @Test
    void shouldComputeRecoveryAsTheShareOfTheLossTheRefinedSchemaWinsBackAndAttainedAsTheShareOfTheOriginal() {
        RecoverySection.Row r = RecoverySection.row("executionAccuracy", 0.8, 0.4, 0.6);

        assertThat(r.recovery()).isCloseTo(0.5, within(1e-12));
        assertThat(r.attained()).isCloseTo(0.75, within(1e-12));
    }

    @Test
    void shouldSayNotApplicableWhenTheInjectionCostNothingOrTheOriginalScoresZero() {
        RecoverySection.Row same = RecoverySection.row("queryRecall", 0.7, 0.7, 0.9);
        RecoverySection.Row zero = RecoverySection.row("softF1", 0.0, 0.0, 0.0);
        var section = new RecoverySection.Section(null, null, null, List.of(same, zero));

        assertThat(same.recovery()).isNull();
        assertThat(zero.attained()).isNull();
        assertThat(RecoverySection.csv(section))
                .contains("queryRecall,0.7000,0.7000,0.9000,n/a,1.2857")
                .contains("softF1,0.0000,0.0000,0.0000,n/a,n/a");
        assertThat(RecoverySection.html(section)).contains("<td>n/a</td>").contains("<th>recovery</th>");
    }
}
