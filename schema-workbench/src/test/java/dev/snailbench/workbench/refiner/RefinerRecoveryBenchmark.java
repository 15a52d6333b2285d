package dev.snailbench.workbench.refiner;

import dev.snailbench.localstack.LocalStack;
import dev.snailbench.localstack.testing.RealInfrastructure;
import org.junit.jupiter.api.Test;

/**
 * The refiner experiment's table on FootballDB v1 (embedded PostgreSQL), computed in-process with the
 * name-linking simulator as the "model" (a simulation, not an LLM): injected ambiguity at rate 0.10, seeds 1–3,
 * for each context the offline packager may draw expansions from (whole schema — the default —, the column's
 * Leiden community, its table only); per seed and pooled: metric | original | injected | refined | recovery |
 * attained.
 * <pre>
 * mvn -B -q -pl generator-service test -Dtest=RefinerRecoveryBenchmark -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@RealInfrastructure
public class RefinerRecoveryBenchmark {

    public static final double RATE = 0.10;

    @Test
    void shouldPrintRecoveryAndAttainedPerMetricForEachContext() throws Exception {
        LocalStack.targetsWithFootballDb();
        for (OfflinePackager.Context context : OfflinePackager.Context.values()) {
            RecoveryRun.Totals pooled = null;
            for (long seed = 1; seed <= 3; seed++) {
                RecoveryRun.Totals t = RecoveryRun.run(RATE, seed, context);
                RecoveryRun.print(String.format("FootballDB v1, %s context, rate %.2f, seed %d",
                        context.name().toLowerCase(), RATE, seed), t);
                pooled = pooled == null ? t : pooled.plus(t);
            }
            RecoveryRun.print(String.format("FootballDB v1, %s context, rate %.2f, seeds 1-3 pooled",
                    context.name().toLowerCase(), RATE), pooled);
            System.out.println();
        }
    }
}
