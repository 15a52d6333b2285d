package dev.snailbench.executor.service.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.executor.support.Core;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.Characteristics;
import dev.snailbench.sql.template.QueryChecks;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ScienceBenchmark's SQL side on the real FootballDB v3, seeded with its train split. Beyond the in-memory tier:
 * candidates run on PostgreSQL over FootballDB's real data and plans.
 */
// A @QuarkusTest only to share the module's PostgreSQL (and loaded FootballDB) with the other Quarkus tests.
@QuarkusTest
@RealInfrastructure
class SyntheticSqlGeneratorTest {

    @BeforeAll
    static void load() {
        LocalStack.targetsWithFootballDb();
    }

    @Test
    void shouldSayWhyEachSeedThatGivesNoTemplateWasLeftOut() throws Exception {
        List<SyntheticSuite.Seed> seeds = List.of(
                new SyntheticSuite.Seed("Broken?", "SELEC name FROM club"),
                new SyntheticSuite.Seed("Constant?", "SELECT 1"),
                new SyntheticSuite.Seed(
                        "Which galaxy is named Andromeda?", "SELECT name FROM galaxy WHERE name = 'Andromeda'"));
        SyntheticSuite suite = PostgresSuites.generate(
                FootballDb.databaseName("v3"), "exp_v3", new SyntheticSuite.Options(seeds, 7, 10, 12, 200, 10, 60));

        assertThat(suite.templates()).isEmpty();
        assertThat(suite.counts().seedRefusals()).hasSize(3);
        assertThat(suite.counts().seedRefusals().get(0)).startsWith("seed 1: not a parseable PostgreSQL query: ");
        assertThat(suite.counts().seedRefusals().get(1)).startsWith("seed 2: nothing in it to vary");
        // A table the schema lacks leaves nothing to vary, or is named as missing: either way the seed is named.
        assertThat(suite.counts().seedRefusals().get(2)).startsWith("seed 3: ");
    }

    /**
     * Pairs one template may give in the train set (three times as many in a stratum of too few templates): half the
     * cap of a 1,100-pair set for a set of half its size, so that templates reach the cap as often.
     */
    private static final int CAP = 10;

    /** The pairs asked of the train seeds: a tenth more than the {@link #KEPT} whose shares are checked. */
    private static final int SET_SIZE = 550;

    /** The prefix of the set whose shares are checked (what a set of that size keeps). */
    private static final int KEPT = 500;

    /** The train seeds' set, generated once for the two tests that read it (most of the time here). */
    private static SyntheticSuite trainSet;

    private static synchronized SyntheticSuite trainSet() throws Exception {
        if (trainSet == null) {
            List<SyntheticSuite.Seed> seeds = trainSeeds("v3");
            long start = System.nanoTime();
            trainSet = PostgresSuites.generate(
                    FootballDb.databaseName("v3"),
                    "exp_v3",
                    new SyntheticSuite.Options(seeds, 42, SET_SIZE, CAP, 100, 10, 300));
            double seconds = (System.nanoTime() - start) / 1e9;
            SyntheticSuite.Counts n = trainSet.counts();
            System.out.printf(
                    "SyntheticSqlGenerator FootballDB v3 train: %d seeds, %d templates, %d pairs in %.1f s (%s)%n",
                    seeds.size(), n.templates(), trainSet.pairs().size(), seconds, n);
        }
        return trainSet;
    }

    @Test
    void shouldFillTheTrainSeedsIntoFiveHundredDistinctQueriesThatRunAndReturnRows() throws Exception {
        List<SyntheticSuite.Seed> seeds = trainSeeds("v3");
        SyntheticSuite suite = trainSet();
        SyntheticSuite.Counts n = suite.counts();

        n.failures().forEach(f -> System.out.println("  failed: " + f));
        assertThat(suite.pairs()).hasSizeGreaterThanOrEqualTo(KEPT);
        assertThat(suite.pairs().stream()
                        .map(p -> p.sql().toLowerCase().replaceAll("\\s+", " "))
                        .distinct())
                .hasSameSizeAs(suite.pairs());
        Set<String> seedSql = new HashSet<>();
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(5))) {
            seeds.forEach(s -> seedSql.add(
                    parser.parse(s.sql(), SqlDialect.POSTGRESQL).toString().toLowerCase()));
        }
        assertThat(suite.pairs()).noneMatch(p -> seedSql.contains(p.sql().toLowerCase()));
        // A question a person would ask: no column returned twice, none returned that the query pins by equality
        // to a literal ("the club name of the club Tromsø IL"), unless the seed itself did so.
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(5))) {
            Set<String> seedFaults = new HashSet<>();
            seeds.forEach(seed -> seedFaults.addAll(faults(parser, seed.sql())));
            assertThat(suite.pairs())
                    .allSatisfy(
                            p -> assertThat(faults(parser, p.sql())).as(p.sql()).allMatch(seedFaults::contains));
        }
        assertThat(suite.pairs())
                .allSatisfy(p -> assertThat(p.expected().rows()).isNotEmpty());
        // Every template is a seed's; each pair says its slots' values, one per slot of its template.
        Map<String, SyntheticSuite.Template> templates =
                suite.templates().stream().collect(Collectors.toMap(SyntheticSuite.Template::id, t -> t));
        assertThat(suite.pairs())
                .allSatisfy(p -> assertThat(p.spoken())
                        .hasSameSizeAs(templates.get(p.templateId()).slotKinds()));
        // No template takes more than its share: the cap, or three times it in a stratum of too few templates.
        Map<String, Long> perTemplate = suite.pairs().stream()
                .collect(Collectors.groupingBy(SyntheticSuite.Pair::templateId, TreeMap::new, Collectors.counting()));
        assertThat(perTemplate.values()).allSatisfy(count -> assertThat(count).isLessThanOrEqualTo(3 * CAP));
        assertThat(perTemplate.values().stream().filter(count -> count > CAP).count())
                .isLessThan(perTemplate.size() / 4);
        // A sample re-run on the database returns what the pair expects.
        try (Connection c = LocalStack.targets().connect(FootballDb.databaseName("v3"));
                Statement s = c.createStatement()) {
            for (SyntheticSuite.Pair p : suite.pairs().subList(0, 20)) {
                try (ResultSet rs = s.executeQuery(p.sql())) {
                    int rows = 0;
                    while (rs.next()) {
                        rows++;
                    }
                    assertThat(rows).as(p.sql()).isEqualTo(p.expected().rows().size());
                }
            }
        }
    }

    @Test
    void shouldKeepTheSeedsShareOfAggregationAndPassTheMeaningfulnessChecks() throws Exception {
        List<SyntheticSuite.Seed> seeds = trainSeeds("v3");
        SyntheticSuite suite = trainSet();
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(5))) {
            double seedShare =
                    share(parser, seeds.stream().map(SyntheticSuite.Seed::sql).toList());
            // The first KEPT (what a set of that size keeps) hold the seeds' share of aggregation, not a tenth.
            double synthetic = share(
                    parser,
                    suite.pairs().stream()
                            .limit(KEPT)
                            .map(SyntheticSuite.Pair::sql)
                            .toList());
            assertThat(synthetic).as("share with an aggregate").isGreaterThanOrEqualTo(seedShare - 0.02);
            assertThat(suite.pairs()).allSatisfy(p -> {
                var parsed = parser.parse(p.sql(), SqlDialect.POSTGRESQL);
                assertThat(QueryChecks.tautologies(parsed)).as(p.sql()).isEmpty();
                assertThat(QueryChecks.duplicateColumns(parsed)).as(p.sql()).isEmpty();
            });
        }
        // GROUP BY within 3 points of its share among the seeds that run here (most grouped seeds read match_fact,
        // which the shared data does not have).
        List<String> running = new ArrayList<>();
        try (Connection c = LocalStack.targets().connect(FootballDb.databaseName("v3"));
                Statement s = c.createStatement()) {
            s.setQueryTimeout(10);
            for (SyntheticSuite.Seed seed : seeds) {
                try (ResultSet rs = s.executeQuery(seed.sql())) {
                    running.add(seed.sql());
                } catch (SQLException e) {
                    // cannot run here
                }
            }
        }
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(5))) {
            double seedGrouped = grouped(parser, running);
            double setGrouped = grouped(
                    parser,
                    suite.pairs().stream()
                            .limit(KEPT)
                            .map(SyntheticSuite.Pair::sql)
                            .toList());
            assertThat(setGrouped)
                    .as("GROUP BY share against %.3f among the seeds that run", seedGrouped)
                    .isBetween(seedGrouped - 0.03, seedGrouped + 0.03);
        }
        // Function and GROUP BY slots exist, and every check has its count (some refusals happen on this data).
        assertThat(suite.templates())
                .flatExtracting(SyntheticSuite.Template::slotKinds)
                .contains("AGGREGATE", "GROUP");
        assertThat(suite.counts().refused()).containsOnlyKeys(Tally.CHECKS);
        assertThat(suite.counts().refused().get("frame")).isPositive();
        assertThat(suite.counts().refused().get("emptyChange")).isPositive();
    }

    private static double share(SqlParser parser, List<String> sql) {
        long aggregated = sql.stream()
                .filter(s -> Characteristics.of(parser.parse(s, SqlDialect.POSTGRESQL))
                                .aggregations()
                        > 0)
                .count();
        return aggregated / (double) sql.size();
    }

    private static double grouped(SqlParser parser, List<String> sql) {
        long grouped = sql.stream()
                .filter(s -> Characteristics.of(parser.parse(s, SqlDialect.POSTGRESQL))
                        .groupBy())
                .count();
        return grouped / (double) sql.size();
    }

    @Test
    void shouldTakeGroupByFromTheSeedsThatRunAndAggregationFromAllSeeds() {
        // 100 seeds: 20 grouped (15 cannot run here), 10 aggregated, 70 plain (all run).
        Map<Stratum, Integer> all = Map.of(Stratum.GROUPED, 20, Stratum.AGGREGATED, 10, Stratum.PLAIN, 70);
        Map<Stratum, Integer> running = Map.of(Stratum.GROUPED, 5, Stratum.AGGREGATED, 10, Stratum.PLAIN, 70);

        Map<Stratum, Integer> quota = Strata.quotas(all, running, 1000);

        // GROUP BY: 5 of the 85 seeds that run; aggregation as a whole: 30 of 100 seeds.
        assertThat(quota.get(Stratum.GROUPED)).isEqualTo(59);
        assertThat(quota.get(Stratum.AGGREGATED)).isEqualTo(300 - 59);
        assertThat(quota.get(Stratum.PLAIN)).isEqualTo(700);
        // First pass: grouped templates up to three times the cap; second: any stratum's; last: none.
        assertThat(Strata.stretch(Stratum.GROUPED, 0, 20)).isEqualTo(60);
        assertThat(Strata.stretch(Stratum.PLAIN, 0, 20)).isZero();
        assertThat(Strata.stretch(Stratum.AGGREGATED, 0, 20)).isZero();
        assertThat(Strata.stretch(Stratum.AGGREGATED, 1, 20)).isEqualTo(60);
        assertThat(Strata.stretch(Stratum.PLAIN, 1, 20)).isEqualTo(60);
        assertThat(Strata.stretch(Stratum.AGGREGATED, 2, 20)).isZero();
    }

    @Test
    void shouldInterleaveTheStrataSoThatEveryPrefixKeepsTheirShares() {
        List<SyntheticSuite.Pair> pairs = new ArrayList<>();
        List<Stratum> strata = new ArrayList<>();
        // Generated plain first, then aggregated: 6 plain, 3 aggregated.
        for (int i = 0; i < 9; i++) {
            pairs.add(new SyntheticSuite.Pair("syn-" + (i + 1), "t", "q" + i, List.of(), null));
            strata.add(i < 6 ? Stratum.PLAIN : Stratum.AGGREGATED);
        }

        List<SyntheticSuite.Pair> out = Strata.interleave(pairs, strata);

        assertThat(out)
                .extracting(SyntheticSuite.Pair::sql)
                .containsExactly("q6", "q0", "q1", "q7", "q2", "q3", "q8", "q4", "q5");
        assertThat(out)
                .extracting(SyntheticSuite.Pair::id)
                .containsExactly("syn-1", "syn-2", "syn-3", "syn-4", "syn-5", "syn-6", "syn-7", "syn-8", "syn-9");
    }

    /** "twice:col" for a column returned twice, "pinned:col" for a returned column compared = a literal. */
    static Set<String> faults(SqlParser parser, String sql) {
        Set<String> out = new HashSet<>();
        if (!(parser.parse(sql, SqlDialect.POSTGRESQL) instanceof PlainSelect s) || s.getSelectItems() == null) {
            return out;
        }
        Set<String> returned = new HashSet<>();
        for (var item : s.getSelectItems()) {
            if (item.getExpression() instanceof Column c
                    && !returned.add(c.getColumnName().toLowerCase())) {
                out.add("twice:" + c.getColumnName().toLowerCase());
            }
        }
        if (s.getWhere() != null) {
            s.getWhere()
                    .accept(
                            new ExpressionVisitorAdapter<Void>() {
                                @Override
                                public <S> Void visit(EqualsTo e, S context) {
                                    if (e.getLeftExpression() instanceof Column c
                                            && !(e.getRightExpression() instanceof Column)
                                            && returned.contains(
                                                    c.getColumnName().toLowerCase())) {
                                        out.add("pinned:" + c.getColumnName().toLowerCase());
                                    }
                                    return null;
                                }
                            },
                            null);
        }
        return out;
    }

    @Test
    void shouldGiveTheSameQueriesForTheSameSeed() throws Exception {
        List<SyntheticSuite.Seed> seeds = trainSeeds("v3").subList(0, 80);
        List<String> first = generate(seeds, 11);
        assertThat(first).isNotEmpty().isEqualTo(generate(seeds, 11)).isNotEqualTo(generate(seeds, 12));
    }

    /**
     * The set's queries for one seed. Same seed, same data and nothing cut short give the same queries: a candidate
     * that times out even when run again with a longer limit is refused and the draw moves on, so the runs here allow
     * a minute per query and no budget is reached, and each run says so.
     */
    private static List<String> generate(List<SyntheticSuite.Seed> seeds, long seed) throws Exception {
        SyntheticSuite suite = generateSuite(seeds, seed);
        assertThat(suite.counts().timedOut()).as("candidates timed out").isZero();
        assertThat(suite.counts().budgetReached()).as("time budget reached").isFalse();
        return suite.pairs().stream().map(SyntheticSuite.Pair::sql).toList();
    }

    private static SyntheticSuite generateSuite(List<SyntheticSuite.Seed> seeds, long seed) throws Exception {
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(60))) {
            return Core.executor()
                    .withSession(
                            Core.postgres(FootballDb.databaseName("v3")),
                            session -> SyntheticSqlGenerator.generate(
                                    session,
                                    "exp_v3",
                                    parser,
                                    new SyntheticSuite.Options(seeds, seed, 60, 5, 200, 60, 600)));
        }
    }

    static List<SyntheticSuite.Seed> trainSeeds(String version) throws IOException {
        JsonNode all = new ObjectMapper()
                .readTree(DataDir.resolve()
                        .resolve("footballdb")
                        .resolve(version)
                        .resolve("train.json")
                        .toFile());
        List<SyntheticSuite.Seed> seeds = new ArrayList<>();
        all.forEach(q -> seeds.add(new SyntheticSuite.Seed(
                q.get("question").asText(), q.get("query").asText())));
        return seeds;
    }
}
