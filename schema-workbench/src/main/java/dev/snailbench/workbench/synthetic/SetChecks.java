package dev.snailbench.workbench.synthetic;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.Characteristics;
import dev.snailbench.sql.template.QueryChecks;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.statement.Statement;

/**
 * The set's automated meaningfulness and equivalence checks and its shares of aggregation and GROUP BY, for the
 * summary. Per check: how many candidate fillings the executor refused for it, and how many of the kept queries
 * and of the seeds the static part of the check still finds (the seeds' count says what the check finds in
 * hand-written SQL; the kept queries' count should be 0). Blocking (parses SQL).
 */
final class SetChecks {

    private static final int EXAMPLES = 3;

    private SetChecks() {}

    /**
     * {@code checks}: {@code {tautology|duplicateColumn|emptyChange: {refused, inSet, inSeeds, examples}}}; the
     * checks that need the data or the column types the executor read ({@code frame}, {@code resultShape},
     * {@code likeFragment}, {@code valueKind}, {@code distinctValues}) have {@code refused} only; the seed checks
     * ({@code goldScreening}, {@code answerShape}, {@code seedMeaning}, {@code unaskedReturn}, {@code flagReading})
     * have {@code flaggedSeeds} and the first reasons; {@code distinctAdded} and {@code rowsPerKey} have the number
     * of seeds rewritten ({@code DISTINCT} added; a count of rows made a count of distinct events).
     */
    static Map<String, Object> checks(
            SyntheticSuite.Counts counts,
            List<SyntheticSuite.Seed> seeds,
            List<String> kept,
            SqlDialect dialect,
            SqlParser parser) {
        Map<String, Integer> refused = counts.refused() == null ? Map.of() : counts.refused();
        Found seedFound = find(seeds.stream().map(SyntheticSuite.Seed::sql).toList(), Set.of(), dialect, parser);
        Found setFound = find(kept, seedFound.normalized(), dialect, parser);
        Map<String, Object> out = new LinkedHashMap<>();
        for (String check : List.of("tautology", "duplicateColumn", "emptyChange")) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("refused", refused.getOrDefault(check, 0));
            c.put("inSet", setFound.count(check));
            c.put("inSeeds", check.equals("emptyChange") ? 0 : seedFound.count(check));
            c.put("examples", setFound.examples().getOrDefault(check, List.of()));
            out.put(check, c);
        }
        out.put("frame", Map.of("refused", refused.getOrDefault("frame", 0)));
        // Checks that need the data: counted by the executor as it refused fillings.
        for (String check : List.of("resultShape", "likeFragment", "valueKind", "distinctValues")) {
            out.put(check, Map.of("refused", refused.getOrDefault(check, 0)));
        }
        // Seeds flagged before filling (not multiplied), with the first reasons the executor gave.
        List<String> seedRefusals = counts.seedRefusals() == null ? List.of() : counts.seedRefusals();
        Map<String, String> said = Map.of(
                "goldScreening",
                "fails the gold screening",
                "answerShape",
                "does not answer its question",
                "seedMeaning",
                "does not mean what its question asks",
                "unaskedReturn",
                "returns what its question does not ask",
                "flagReading",
                "reads its question's verb one way of two");
        for (String check : List.of("goldScreening", "answerShape", "seedMeaning", "unaskedReturn", "flagReading")) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("flaggedSeeds", refused.getOrDefault(check, 0));
            c.put(
                    "examples",
                    seedRefusals.stream()
                            .filter(r -> r.contains(said.get(check)))
                            .limit(EXAMPLES)
                            .toList());
            out.put(check, c);
        }
        // Seeds rewritten before they were multiplied: lists of names given DISTINCT, counts of rows that count each
        // event several times made to count the events.
        out.put("distinctAdded", Map.of("seeds", refused.getOrDefault("distinctAdded", 0)));
        out.put("rowsPerKey", Map.of("seeds", refused.getOrDefault("rowsPerKey", 0)));
        return out;
    }

    /**
     * {@code {seeds|multipliedSeeds|synthetic: {queries, aggregation, groupBy}}}: the share of queries with an
     * aggregate, with GROUP BY; {@code multipliedSeeds} are the seeds that gave a template.
     */
    static Map<String, Object> shares(
            List<Characteristics> seeds, List<Characteristics> multipliedSeeds, List<Characteristics> synthetic) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("seeds", share(seeds));
        out.put("multipliedSeeds", share(multipliedSeeds));
        out.put("synthetic", share(synthetic));
        return out;
    }

    private static Map<String, Object> share(List<Characteristics> list) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("queries", list.size());
        m.put(
                "aggregation",
                ratio(list.stream().filter(c -> c.aggregations() > 0).count(), list.size()));
        m.put("groupBy", ratio(list.stream().filter(Characteristics::groupBy).count(), list.size()));
        return m;
    }

    private static double ratio(long n, int of) {
        return of == 0 ? 0 : Math.round(n * 1000.0 / of) / 1000.0;
    }

    private record Found(Map<String, Integer> counts, Map<String, List<String>> examples, Set<String> normalized) {
        int count(String check) {
            return counts.getOrDefault(check, 0);
        }
    }

    /** The static checks over {@code sql}; an empty change is a query equal to one of {@code seeds} as printed. */
    private static Found find(List<String> sql, Set<String> seeds, SqlDialect dialect, SqlParser parser) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        Map<String, List<String>> examples = new LinkedHashMap<>();
        Set<String> normalized = new HashSet<>();
        for (String query : sql) {
            Statement parsed;
            try {
                parsed = parser.parse(query, dialect);
            } catch (RuntimeException e) {
                continue;
            }
            String printed = parsed.toString().trim().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
            normalized.add(printed);
            if (!QueryChecks.tautologies(parsed).isEmpty()) {
                note("tautology", query, counts, examples);
            }
            if (!QueryChecks.duplicateColumns(parsed).isEmpty()) {
                note("duplicateColumn", query, counts, examples);
            }
            if (seeds.contains(printed)) {
                note("emptyChange", query, counts, examples);
            }
        }
        return new Found(counts, examples, normalized);
    }

    private static void note(
            String check, String sql, Map<String, Integer> counts, Map<String, List<String>> examples) {
        counts.merge(check, 1, Integer::sum);
        List<String> list = examples.computeIfAbsent(check, k -> new ArrayList<>());
        if (list.size() < EXAMPLES) {
            list.add(sql);
        }
    }
}
