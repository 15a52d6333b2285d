package dev.snailbench.workbench.refiner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The refiner experiment a user runs to see what the view layer buys, on FootballDB v1 with the name-linking
 * simulator (not an LLM) as the "model": injected ambiguity costs execution accuracy, the refined names win part
 * of it back, and recovery/attained are printed per metric.
 * Beyond the in-memory tier: every query is executed on FootballDB v1 in a real PostgreSQL, judged on its results.
 */
@RealInfrastructure
class RefinerRecoveryFootballDbTest {

    @BeforeAll
    static void loadFootballDb() {
        LocalStack.targetsWithFootballDb();
    }

    @Test
    void shouldLoseAccuracyOnInjectedNamesAndWinSomeBackOnTheRefinedViews() throws Exception {
        RecoveryRun.Totals t = RecoveryRun.run(0.1, 5);
        RecoveryRun.print("refiner experiment FootballDB v1, rate 0.10, seed 5", t);

        Recovery ex = t.metric("executionAccuracy");
        // On the native names the simulator writes the gold query itself.
        assertThat(t.mislinked().get(Variant.ORIGINAL)).isZero();
        assertThat(ex.original()).isEqualTo(1.0);
        assertThat(t.items()).isEqualTo(77);
        // Injected names cost accuracy; the refined names never cost more.
        assertThat(t.mislinked().get(Variant.INJECTED)).isPositive();
        assertThat(ex.injected()).isLessThan(ex.original());
        assertThat(ex.refined()).isGreaterThanOrEqualTo(ex.injected());
        assertThat(t.mislinked().get(Variant.REFINED)).isLessThan(t.mislinked().get(Variant.INJECTED));
        assertThat(ex.recovery()).isNotNull().isBetween(0.0, 1.0);
        assertThat(ex.attained()).isEqualTo(ex.refined() / ex.original());
        assertThat(t.metric("queryRecall").injected()).isLessThan(1.0);
    }
}
