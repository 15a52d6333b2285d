package dev.snailbench.executor.service.screening;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.datasets.FootballDbFiles;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.SqlGuard;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rule that spares a gold its runs under other plans ({@link FixedResult}), checked on queries nobody here
 * wrote: the distinct golds of FootballDB's three data models (train and dev) screened on their real data as jobs
 * are screened, and each gold the rule spares screened again always running the other plans. The verdicts must be
 * the same, and the rule must spare most golds (otherwise it saves nothing). On v1, the verdict from the guard's tree
 * is the one from the text, and the tree is left as it was. Beyond the in-memory tier: every plan run by PostgreSQL
 * on FootballDB's real data.
 * <p>
 * One distinct gold in {@link #EVERY}, chosen by its text's hash (the same golds whatever the files' order): an
 * eighth of the 1,579, from every version and split, in an eighth of the time. {@code
 * -Dsnailbench.screening.every=1} screens every one.
 */
@QuarkusTest
@RealInfrastructure
class GoldScreeningFootballDbTest {

    private static final int EVERY = Integer.getInteger("snailbench.screening.every", 8);

    @Inject
    GoldScreener screener;

    @BeforeAll
    static void load() {
        LocalStack.targetsWithFootballDb();
    }

    @Test
    void shouldReachEveryFootballDbVerdictWithoutTheRunsTheRuleSparesFromTheTextAsFromTheTree() throws IOException {
        List<String> differing = new ArrayList<>();
        List<String> treeDiffering = new ArrayList<>();
        int considered = 0;
        int consideredFromTree = 0;
        int screened = 0;
        int spared = 0;
        int flagged = 0;
        int compared = 0;
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(5))) {
            SqlGuard guard = new SqlGuard(parser);
            for (String version : FootballDbFiles.VERSIONS) {
                Target target = Core.postgres(FootballDb.databaseName(version));
                // As a job screens its golds: the database's views read once for the job.
                UUID job = UUID.randomUUID();
                boolean fromTree = version.equals(FootballDbFiles.VERSIONS.get(0));
                Set<String> golds = golds(version);
                considered += golds.size();
                consideredFromTree += fromTree ? golds.size() : 0;
                for (String sql : golds) {
                    ExecutionOutcome gold = Core.executor().execute(target, sql, Core.DEFAULT_LIMITS, 1);
                    if (!gold.ok()) {
                        continue;
                    }
                    screened++;
                    GoldScreener.Verdict asJobs = screener.verdict(
                            job, target, sql, gold, GoldScreener.Reruns.WHERE_THE_PLAN_CAN_CHOOSE, null);
                    GoldScreener.Verdict verdict = asJobs;
                    // A gold the rule does not spare ran under the other plans as ALWAYS runs it (the same code):
                    // only the spared ones need the check against every run.
                    if (!asJobs.reran()) {
                        spared++;
                        verdict = screener.verdict(null, target, sql, gold, GoldScreener.Reruns.ALWAYS, null);
                        if (!Objects.equals(verdict.why(), asJobs.why())) {
                            differing.add(sql + "\n  always: " + verdict.why() + "\n  as jobs: " + asJobs.why());
                        }
                    }
                    flagged += verdict.why() == null ? 0 : 1;
                    if (fromTree) {
                        compared++;
                        Select tree = guard.checked(sql, target.dialect()).tree();
                        String printed = tree.toString();
                        GoldScreener.Verdict treeVerdict = screener.verdict(
                                job, target, sql, gold, GoldScreener.Reruns.WHERE_THE_PLAN_CAN_CHOOSE, tree);
                        if (!asJobs.equals(treeVerdict) || !tree.toString().equals(printed)) {
                            treeDiffering.add(sql + "\n  from the text: " + asJobs + "\n  from the tree: " + treeVerdict
                                    + "\n  tree before: " + printed + "\n  tree after:  " + tree);
                        }
                    }
                }
            }
        }
        System.out.printf(
                "FootballDB v1-v3 gold screening, one distinct gold in %d: %d of %d screened, %d flagged, %d "
                        + "spared the runs under other plans%n",
                EVERY, screened, considered, flagged, spared);

        assertThat(differing).isEmpty();
        // About a fifth of the golds read match_fact, a table the shared copy does not have, and fail.
        assertThat(screened).isGreaterThan(considered * 6 / 10);
        assertThat(flagged).isPositive();
        assertThat(spared).isGreaterThan(screened / 2);
        // Those of v1 that read match_fact (not in the shared copy) fail and are left out.
        assertThat(compared).isGreaterThan(consideredFromTree * 6 / 10);
        assertThat(treeDiffering).isEmpty();
    }

    private static Set<String> golds(String version) throws IOException {
        Set<String> golds = new LinkedHashSet<>();
        for (String split : List.of("train", "dev")) {
            JsonNode questions = new ObjectMapper()
                    .readTree(DataDir.resolve()
                            .resolve("footballdb/" + version + "/" + split + ".json")
                            .toFile());
            questions.forEach(q -> {
                String sql = q.get("query").asText();
                if (Math.floorMod(sql.hashCode(), EVERY) == 0) {
                    golds.add(sql);
                }
            });
        }
        return golds;
    }
}
