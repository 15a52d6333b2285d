package dev.snailbench.executor.service.synthetic;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.executor.support.Core;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.Characteristics;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Prints the FootballDB v3 figures of docs/CROSSWALKS.md (train seeds, seed 42, the 1,100 queries the service asks
 * the executor for a 1,000-pair set, default per-template cap): the share of queries with an aggregate and with
 * GROUP BY, of all seeds and of the seeds that run on the shared data, against the first 1,000 synthetic queries,
 * and the executor's counts. The suite is written to
 * {@code target/synthetic-footballdb-v3-seed42.json} for the workbench's {@code SyntheticJudgingBenchmark}.
 * Beyond the in-memory tier: the queries are filled and run on FootballDB v3 in a real PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
class SyntheticShareBenchmark {

    @BeforeAll
    static void load() {
        LocalStack.targetsWithFootballDb();
    }

    @Test
    void shouldPrintTheSharesOfAggregationAndGroupBy() throws Exception {
        List<SyntheticSuite.Seed> seeds = SyntheticSqlGeneratorTest.trainSeeds("v3");
        SyntheticSuite suite;
        List<String> running = new ArrayList<>();
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(5))) {
            suite = Core.executor().withSession(Core.postgres(FootballDb.databaseName("v3")), session -> {
                for (SyntheticSuite.Seed seed : seeds) {
                    try {
                        session.query(seed.sql(), Duration.ofSeconds(10), 1, rs -> Boolean.TRUE);
                        running.add(seed.sql());
                    } catch (SQLException e) {
                        // a seed that cannot run here (match_fact is not in the shared data, or an error of its own)
                    }
                }
                return SyntheticSqlGenerator.generate(
                        session, "exp_v3", parser, new SyntheticSuite.Options(seeds, 42, 1100, 20, 100, 10, 240));
            });
        }
        List<String> seedSql = seeds.stream().map(SyntheticSuite.Seed::sql).toList();
        List<String> synthetic =
                suite.pairs().stream().limit(1000).map(SyntheticSuite.Pair::sql).toList();
        System.out.printf(
                "seeds     %s%nseeds that run here %s%nsynthetic %s%ncounts %s%n",
                shares(seedSql), shares(running), shares(synthetic), suite.counts());
        Path out = Path.of("target", "synthetic-footballdb-v3-seed42.json");
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out.toFile(), suite);
        System.out.println("suite written to " + out.toAbsolutePath());
    }

    private static String shares(List<String> sql) {
        List<Characteristics> list = new ArrayList<>();
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(5))) {
            for (String s : sql) {
                try {
                    list.add(Characteristics.of(parser.parse(s, SqlDialect.POSTGRESQL)));
                } catch (RuntimeException e) {
                    // unparsed: left out, as in the set's summary
                }
            }
        }
        long aggregated = list.stream().filter(c -> c.aggregations() > 0).count();
        long grouped = list.stream().filter(Characteristics::groupBy).count();
        double meanAggregations =
                list.stream().mapToInt(Characteristics::aggregations).average().orElse(0);
        return String.format(
                "queries %d, with an aggregate %.3f, GROUP BY %.3f, mean aggregations %.2f",
                list.size(), aggregated / (double) list.size(), grouped / (double) list.size(), meanAggregations);
    }
}
