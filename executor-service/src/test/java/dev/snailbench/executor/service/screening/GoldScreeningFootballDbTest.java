package dev.snailbench.executor.service.screening;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.datasets.FootballDbFiles;
import dev.snailbench.sql.SqlGuard;
import dev.snailbench.executor.service.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.sql.SqlParser;
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
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rule that spares a gold its runs under other plans ({@link FixedResult}), checked on queries nobody here
 * wrote: every distinct gold of FootballDB's three data models (train and dev) screened twice on its real data, once
 * always running the other plans and once as jobs are screened. The verdicts must be the same, and the rule must
 * spare most golds (otherwise it saves nothing).
 */
@QuarkusTest
@RealInfrastructure
class GoldScreeningFootballDbTest {

    @Inject
    GoldScreener screener;

    @BeforeAll
    static void load() {
        LocalStack.targetsWithFootballDb();
    }

    @Test
    void shouldReachEveryFootballDbVerdictWithoutTheRunsTheRuleSpares() throws IOException {
        List<String> differing = new ArrayList<>();
        int screened = 0;
        int spared = 0;
        int flagged = 0;
        for (String version : FootballDbFiles.VERSIONS) {
            Target target = Core.postgres(FootballDb.databaseName(version));
            for (String sql : golds(version)) {
                ExecutionOutcome gold = Core.executor().execute(target, sql, Core.DEFAULT_LIMITS, 1);
                if (!gold.ok()) {
                    continue;
                }
                screened++;
                GoldScreener.Verdict always = screener.verdict(null, target, sql, gold, GoldScreener.Reruns.ALWAYS, null);
                GoldScreener.Verdict asJobs = screener.verdict(null, target, sql, gold,
                        GoldScreener.Reruns.WHERE_THE_PLAN_CAN_CHOOSE, null);
                if (!Objects.equals(always.why(), asJobs.why())) {
                    differing.add(sql + "\n  always: " + always.why() + "\n  as jobs: " + asJobs.why());
                }
                spared += asJobs.reran() ? 0 : 1;
                flagged += always.why() == null ? 0 : 1;
            }
        }
        System.out.printf("FootballDB v1-v3 gold screening: %d distinct golds screened, %d flagged, %d spared the "
                + "runs under other plans%n", screened, flagged, spared);

        assertThat(differing).isEmpty();
        // About a fifth of the golds read match_fact, a table the shared copy does not have, and fail.
        assertThat(screened).isGreaterThan(1000);
        assertThat(flagged).isPositive();
        assertThat(spared).isGreaterThan(screened / 2);
    }

    @Test
    void shouldReachTheSameVerdictFromTheGuardsTreeAsFromTheTextAndLeaveTheTreeAsItWas() throws IOException {
        Target target = Core.postgres(FootballDb.databaseName(FootballDbFiles.VERSIONS.get(0)));
        List<String> differing = new ArrayList<>();
        int compared = 0;
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(5))) {
            SqlGuard guard = new SqlGuard(parser);
            for (String sql : golds(FootballDbFiles.VERSIONS.get(0))) {
                ExecutionOutcome gold = Core.executor().execute(target, sql, Core.DEFAULT_LIMITS, 1);
                if (!gold.ok()) {
                    continue;
                }
                compared++;
                Select tree = guard.checked(sql, target.dialect()).tree();
                String printed = tree.toString();
                GoldScreener.Verdict fromText = screener.verdict(null, target, sql, gold,
                        GoldScreener.Reruns.WHERE_THE_PLAN_CAN_CHOOSE, null);
                GoldScreener.Verdict fromTree = screener.verdict(null, target, sql, gold,
                        GoldScreener.Reruns.WHERE_THE_PLAN_CAN_CHOOSE, tree);
                if (!fromText.equals(fromTree) || !tree.toString().equals(printed)) {
                    differing.add(sql + "\n  from the text: " + fromText + "\n  from the tree: " + fromTree
                            + "\n  tree before: " + printed + "\n  tree after:  " + tree);
                }
            }
        }

        // v1 has 376 distinct golds; those that read match_fact (not in the shared copy) fail and are left out.
        assertThat(compared).isGreaterThan(250);
        assertThat(differing).isEmpty();
    }

    private static Set<String> golds(String version) throws IOException {
        Set<String> golds = new LinkedHashSet<>();
        for (String split : List.of("train", "dev")) {
            JsonNode questions = new ObjectMapper().readTree(DataDir.resolve()
                    .resolve("footballdb/" + version + "/" + split + ".json").toFile());
            questions.forEach(q -> golds.add(q.get("query").asText()));
        }
        return golds;
    }
}
