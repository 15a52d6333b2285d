package dev.snailbench.workbench.refiner;

import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The refiner experiment's table on FootballDB v1 (embedded PostgreSQL), computed in-process with the
 * name-linking simulator as the "model" (a simulation, not an LLM): injected ambiguity at rate 0.10, seeds 1–3,
 * before and after the view naming of {@link RecoveryRun.Arm} (no values, lexical SSS, a homonym's entity in
 * front / five sample values per column, MiniLM SSS, homonyms named by their evidence), for each context the
 * offline packager may draw expansions from (whole schema — the default —, the column's Leiden community, its
 * table only); per seed and pooled: metric | original | injected | refined | recovery | attained.
 * <pre>
 * mvn -B -o -q -pl schema-workbench -am test -Dtest=RefinerRecoveryBenchmark -Dsurefire.failIfNoSpecifiedTests=false \
 *     [-Drefiner.simulator=lexical|minilm] [-Drefiner.first-seed=1] [-Drefiner.debug=true]
 * </pre>
 * Beyond the in-memory tier: every query executed on FootballDB v1 in a real PostgreSQL, judged on its results.
 */
@RealInfrastructure
public class RefinerRecoveryBenchmark {

    public static final double RATE = 0.10;

    /** {@code -Drefiner.first-seed}: the first of the three seeds (default 1; 4 = seeds the rules were not read on). */
    static final long FIRST_SEED = Long.getLong("refiner.first-seed", 1);

    @Test
    void shouldPrintRecoveryAndAttainedPerMetricBeforeAndAfterForEachContext() throws Exception {
        LocalStack.targetsWithFootballDb();
        List<String> summary = new ArrayList<>();
        for (RecoveryRun.Arm arm : List.of(RecoveryRun.Arm.BEFORE, RecoveryRun.Arm.AFTER, RecoveryRun.Arm.JOB)) {
            // A job's variant is computed with the whole-schema context only.
            for (OfflinePackager.Context context : arm == RecoveryRun.Arm.JOB
                    ? List.of(OfflinePackager.Context.SCHEMA)
                    : List.of(OfflinePackager.Context.values())) {
                RecoveryRun.Totals pooled = null;
                for (long seed = FIRST_SEED; seed < FIRST_SEED + 3; seed++) {
                    RecoveryRun.Totals t = RecoveryRun.run(RATE, seed, context, arm);
                    RecoveryRun.print(
                            String.format(
                                    "FootballDB v1, %s, %s context, rate %.2f, seed %d",
                                    arm.label(), context.name().toLowerCase(), RATE, seed),
                            t);
                    pooled = pooled == null ? t : pooled.plus(t);
                }
                String title = String.format(
                        "FootballDB v1, %s, %s context, rate %.2f, seeds %d-%d pooled",
                        arm.label(), context.name().toLowerCase(), RATE, FIRST_SEED, FIRST_SEED + 2);
                RecoveryRun.print(title, pooled);
                System.out.println();
                summary.add(title + ", simulator similarity " + RecoveryRun.SIMULATOR);
                summary.add(String.format(
                        "  mislinked columns: injected %d, refined %d; findings %d, columns renamed "
                                + "by the view layer %d",
                        pooled.mislinked().get(NameLinkingSimulator.Variant.INJECTED),
                        pooled.mislinked().get(NameLinkingSimulator.Variant.REFINED),
                        pooled.findings(),
                        pooled.refinedColumns()));
                pooled.table().forEach(r -> summary.add(r.row()));
            }
        }
        summary.forEach(System.out::println);
    }
}
