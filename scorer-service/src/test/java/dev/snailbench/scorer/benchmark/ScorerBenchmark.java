package dev.snailbench.scorer.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.scorer.service.compare.ComparableTable;
import dev.snailbench.scorer.service.compare.CompareOptions;
import dev.snailbench.scorer.service.compare.Comparison;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.IdentifierExtractor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Prints throughput figures (run on request:
 * {@code mvn -B -q test -Dtest=ScorerBenchmark -Dsurefire.failIfNoSpecifiedTests=false}):
 * result-pair comparisons per second with every comparator and metric (strict, set, relaxed, the seven QATCH
 * metrics, VES, Soft-F1), from canonical ExecutionOutcomes, for 10, 1,000 and 100,000 rows; and schema-linking
 * analyses (parse + scope-aware identifier extraction) per second over the 503 SNAILS gold queries.
 */
class ScorerBenchmark {

    @Test
    void comparisonsPerSecond() {
        ResultComparisons comparisons = new ResultComparisons();
        for (int rows : new int[] {10, 1_000, 100_000}) {
            ExecutionOutcome gold = outcome(rows, 1, false);
            ExecutionOutcome pred = outcome(rows, 1, true);
            long budgetNanos = Duration.ofSeconds(rows >= 100_000 ? 20 : 8).toNanos();
            // Warm-up: let the JIT compile the hot paths.
            run(comparisons, gold, pred, Math.max(2, 200_000 / rows));
            int done = 0;
            long start = System.nanoTime();
            Comparison last = null;
            while (System.nanoTime() - start < budgetNanos) {
                last = run(comparisons, gold, pred, 1);
                done++;
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "ScorerBenchmark compare rows=%,d columns=5: %,.1f pairs/s (%,.0f rows/s "
                            + "per side; %d pairs in %.1f s; strict=%s relaxed=%s)%n",
                    rows,
                    done / seconds,
                    done * (double) rows / seconds,
                    done,
                    seconds,
                    last.strict().reason(),
                    last.relaxed().reason());
        }
    }

    private static Comparison run(ResultComparisons comparisons, ExecutionOutcome gold, ExecutionOutcome pred, int n) {
        Comparison c = null;
        for (int i = 0; i < n; i++) {
            c = comparisons.compare(ComparableTable.of(gold), ComparableTable.of(pred), CompareOptions.defaults(false));
        }
        return c;
    }

    /** A five-column result (integer id, decimal, text, nullable text, date); the prediction is reordered. */
    private static ExecutionOutcome outcome(int rows, long seed, boolean predicted) {
        Random random = new Random(seed);
        List<List<String>> data = new ArrayList<>(rows);
        for (int r = 0; r < rows; r++) {
            List<String> row = new ArrayList<>(5);
            row.add(Integer.toString(r));
            row.add(String.format(Locale.ROOT, "%.2f", random.nextDouble() * 1000));
            row.add("name-" + random.nextInt(rows));
            row.add(r % 7 == 0 ? null : "city-" + (r % 50));
            row.add("2018-06-" + String.format(Locale.ROOT, "%02d", 1 + r % 28));
            data.add(row);
        }
        List<ResultColumn> cols = List.of(
                new ResultColumn("id", ValueType.NUMBER, "int4"),
                new ResultColumn("amount", ValueType.NUMBER, "numeric"),
                new ResultColumn("name", ValueType.TEXT, "text"),
                new ResultColumn("city", ValueType.TEXT, "text"),
                new ResultColumn("day", ValueType.DATE, "date"));
        if (predicted) {
            Collections.shuffle(data, new Random(seed + 1));
        }
        return new ExecutionOutcome(ExecutionStatus.OK, cols, data, false, null, null, 0.01);
    }

    @Test
    void linkingAnalysesPerSecond() throws Exception {
        List<String> queries = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.list(DataDir.resolve().resolve("snails/nl_sql"))) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                for (JsonNode q : json.readTree(f.toFile())) {
                    queries.add(q.get("gold_sql_native").asText());
                }
            }
        }
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(30))) {
            for (int warm = 0; warm < 3; warm++) {
                queries.forEach(q -> IdentifierExtractor.extract(parser.parse(q, SqlDialect.SQLSERVER)));
            }
            int rounds = 5;
            long start = System.nanoTime();
            long identifiers = 0;
            for (int r = 0; r < rounds; r++) {
                for (String q : queries) {
                    identifiers += IdentifierExtractor.extract(parser.parse(q, SqlDialect.SQLSERVER))
                            .keys()
                            .size();
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "ScorerBenchmark linking: %,.0f analyses/s over %d SNAILS gold queries "
                            + "(%d rounds in %.2f s, %d identifiers per round; one parser thread)%n",
                    rounds * queries.size() / seconds,
                    queries.size(),
                    rounds,
                    seconds,
                    identifiers / rounds);
        }
    }
}
