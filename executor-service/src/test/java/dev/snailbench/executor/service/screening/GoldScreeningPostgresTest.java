package dev.snailbench.executor.service.screening;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.service.PoolManager;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dynamic checks on the real PostgreSQL, on a table made for them: players with tied goals (a LIMIT cuts
 * through the tie) and twenty teams of two players each (every team's count ties, so the order of a GROUP BY
 * sorted by the count is whatever order the aggregation produced).
 * Beyond the in-memory tier: the dynamic checks' probes run on a real PostgreSQL.
 */
// A @QuarkusTest to share the module's PostgreSQL with the other Quarkus tests, and to use the service's screener.
@QuarkusTest
@RealInfrastructure
class GoldScreeningPostgresTest {

    static final String DATABASE = "screening";

    @Inject
    GoldScreener screener;

    @Inject
    PoolManager pools;

    @Inject
    ExecutorConfig config;

    @Inject
    MeterRegistry registry;

    @BeforeAll
    static void createDatabase() throws SQLException {
        LocalStack.targets().createDatabase(DATABASE);
        try (Connection c = LocalStack.targets().connect(DATABASE);
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS player");
            s.execute("CREATE TABLE player (name text PRIMARY KEY, team text NOT NULL, goals int NOT NULL)");
            // Team t01..t20, two players each; goals tie in pairs (40, 40, 39, 39, …).
            s.execute(
                    "INSERT INTO player SELECT 'p' || lpad(g::text, 2, '0'), 't' || lpad(((g + 1) / 2)::text, 2, '0'), "
                            + "41 - (g + 1) / 2 FROM generate_series(1, 40) g");
            s.execute("ANALYZE player");
        }
    }

    private String screen(String sql) {
        Target target = Core.postgres(DATABASE);
        ExecutionOutcome gold = Core.executor().execute(target, sql, Core.DEFAULT_LIMITS, 1);
        assertThat(gold.ok()).as(gold.error()).isTrue();
        return screener.check(target, sql, gold);
    }

    @Test
    void shouldFlagALimitThatCutsThroughTiedRows() {
        String why = screen("SELECT name FROM player ORDER BY goals DESC LIMIT 1");

        assertThat(why)
                .isEqualTo("LIMIT 1 cuts through rows tied on ORDER BY goals DESC (rows 1 and 2 share the " + "keys)");
    }

    @Test
    void shouldNotFlagALimitThatFallsBetweenTwoTies() {
        assertThat(screen("SELECT name FROM player ORDER BY goals DESC LIMIT 2"))
                .isNull();
    }

    @Test
    void shouldFlagALimitWithoutOrderByThatChoosesAmongRows() {
        assertThat(screen("SELECT team FROM player GROUP BY team LIMIT 3"))
                .startsWith("LIMIT 3 without ORDER BY keeps 3 of more rows");
    }

    @Test
    void shouldFlagAGroupByWhoseOrderedResultDependsOnTheAggregationPlan() {
        String why = screen("SELECT team, count(*) AS n FROM player GROUP BY team ORDER BY n");

        assertThat(why)
                .matches("another plan \\((enable_hashagg=off, enable_indexscan=off, enable_bitmapscan=off, "
                        + "work_mem=64kB|enable_sort=off, work_mem=64MB)\\) returns the same rows in another order");
    }

    @Test
    void shouldNotFlagDeterministicGolds() {
        assertThat(screen("SELECT team, count(*) AS n FROM player GROUP BY team ORDER BY n, team"))
                .isNull();
        assertThat(screen("SELECT team, count(*) FROM player GROUP BY team")).isNull();
        assertThat(screen("SELECT name, goals FROM player ORDER BY goals DESC, name LIMIT 3"))
                .isNull();
    }

    @Test
    void shouldNotRunAGoldAgainUnderOtherPlansWhenItsResultCannotDependOnThePlan() {
        double fixedBefore = golds("fixed");

        // Unordered, and ordered by goals that no two of the selected rows share: the same under every plan.
        GoldScreener.Verdict unordered = verdict("SELECT team, count(*) FROM player GROUP BY team");
        GoldScreener.Verdict distinctKeys =
                verdict("SELECT goals, count(*) AS n FROM player GROUP BY goals " + "ORDER BY goals DESC");

        assertThat(unordered).isEqualTo(new GoldScreener.Verdict(null, false));
        assertThat(distinctKeys).isEqualTo(new GoldScreener.Verdict(null, false));
        // Other screenings may run meanwhile (the service's consumers): the counter grows by these two at least.
        assertThat(golds("fixed") - fixedBefore).isGreaterThanOrEqualTo(2);
    }

    @Test
    void shouldRunAGoldAgainUnderOtherPlansWhenItsOrderIsLeftToThePlan() {
        double rerunBefore = golds("rerun");

        // Every team's count is 2: the ORDER BY leaves the order of the twenty teams to the plan.
        GoldScreener.Verdict tied = verdict("SELECT team, count(*) AS n FROM player GROUP BY team ORDER BY n");
        // A floating-point sum, and a window numbering rows tied on goals: the text lets the plan choose.
        GoldScreener.Verdict sum = verdict("SELECT team, sum(goals * 1.5::float8) FROM player GROUP BY team");
        GoldScreener.Verdict window = verdict("SELECT name, row_number() OVER (ORDER BY goals) FROM player");

        assertThat(tied.reran()).isTrue();
        assertThat(tied.why()).contains("another plan");
        assertThat(sum.reran()).isTrue();
        assertThat(window.reran()).isTrue();
        assertThat(golds("rerun") - rerunBefore).isGreaterThanOrEqualTo(3);
    }

    @Test
    void shouldRunGoldsAgainOnADatabaseWhoseViewsLetThePlanChoose() throws SQLException {
        String database = "screening_views";
        LocalStack.targets().createDatabase(database);
        try (Connection c = LocalStack.targets().connect(database);
                Statement s = c.createStatement()) {
            s.execute("DROP VIEW IF EXISTS top_scorers, scorers");
            s.execute("DROP TABLE IF EXISTS player");
            s.execute("CREATE TABLE player (name text PRIMARY KEY, goals int NOT NULL)");
            s.execute("INSERT INTO player SELECT 'p' || g, g % 5 FROM generate_series(1, 40) g");
            s.execute("CREATE VIEW scorers AS SELECT name, goals FROM player WHERE goals > 0");
        }
        // The view's text hides nothing: a gold with nothing to choose is spared the runs, through the view too.
        assertThat(verdict(database, "SELECT name FROM scorers WHERE goals > 2").reran())
                .isFalse();

        try (Connection c = LocalStack.targets().connect(database);
                Statement s = c.createStatement()) {
            s.execute("CREATE VIEW top_scorers AS SELECT name FROM player ORDER BY goals DESC LIMIT 3");
        }
        // Which golds read which view is not read from the text: any view with a choice and every gold reruns.
        assertThat(verdict(database, "SELECT name FROM top_scorers").reran()).isTrue();
        assertThat(verdict(database, "SELECT name FROM scorers WHERE goals > 2").reran())
                .isTrue();
    }

    private GoldScreener.Verdict verdict(String sql) {
        return verdict(DATABASE, sql);
    }

    private GoldScreener.Verdict verdict(String database, String sql) {
        Target target = Core.postgres(database);
        ExecutionOutcome gold = Core.executor().execute(target, sql, Core.DEFAULT_LIMITS, 1);
        assertThat(gold.ok()).as(gold.error()).isTrue();
        return screener.verdict(null, target, sql, gold, GoldScreener.Reruns.WHERE_THE_PLAN_CAN_CHOOSE, null);
    }

    private double golds(String plan) {
        return registry.counter("snailbench.screening.golds", "plan", plan).count();
    }

    @Test
    void shouldLeaveTheSessionAsItWasAfterThePlanSettings() throws SQLException {
        screen("SELECT team, count(*) AS n FROM player GROUP BY team ORDER BY n");

        // The settings were SET LOCAL in a transaction that was rolled back: the sessions of the pool the screener
        // used (the gold timeout's) never keep them.
        for (int i = 0; i < 4; i++) {
            String[] seen = pools.withConnection(Core.postgres(DATABASE), config.goldTimeout(), c -> {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT current_setting('enable_hashagg'), "
                                + "current_setting('work_mem'), current_setting('transaction_read_only')")) {
                    rs.next();
                    return new String[] {rs.getString(1), rs.getString(2), rs.getString(3)};
                }
            });
            assertThat(seen[0]).isEqualTo("on");
            assertThat(seen[1]).isNotEqualTo("64kB");
            assertThat(seen[2]).isEqualTo("on");
        }
    }
}
