package dev.snailbench.inference.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.datasets.SnailsGold;
import dev.snailbench.inference.schema.LeveledSchema;
import dev.snailbench.inference.schema.SchemaCatalog;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.sql.rewrite.NameMapping;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The 503 SNAILS questions: naturalize each native gold query to every level and compare its identifiers with
 * the authors' query at that level; denaturalize the authors' query back and compare with the native one.
 * Prints the agreement per database and level (and writes the mismatches to target/crosswalk-mismatches.txt).
 */
class SnailsCrosswalkRealDataTest {

    private static final SqlParser PARSER = new SqlParser(2, Duration.ofSeconds(10));
    private static final IdentifierRewriter REWRITER = new IdentifierRewriter(PARSER);

    private static final List<NaturalnessLevel> LEVELS =
            List.of(NaturalnessLevel.REGULAR, NaturalnessLevel.LOW, NaturalnessLevel.LEAST);

    /** Counts per database × level × direction. */
    static final class Tally {
        int queries;
        int parseFailures;
        int agreeing;
        long identifiers;
        long matchedIdentifiers;
        long unknown;
    }

    @Test
    void shouldMapSnailsGoldQueriesBetweenNativeAndEveryLevel() throws IOException {
        Path data = DataDir.resolve();
        SchemaCatalog catalog = new SchemaCatalog(data, PARSER);
        ObjectMapper json = new ObjectMapper();
        Map<String, Tally> tallies = new TreeMap<>();
        List<String> mismatches = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(data.resolve("snails/nl_sql"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        int questions = 0;
        for (Path file : files) {
            String db = file.getFileName().toString().replace(".json", "");
            LeveledSchema schema = catalog.get(db);
            for (JsonNode q : json.readTree(file.toFile())) {
                questions++;
                String nativeSql = q.path("gold_sql_native").asText();
                for (NaturalnessLevel level : LEVELS) {
                    String levelSql = SnailsGold.atLevel(q, "gold_sql", level.label());
                    compare(
                            tallies.computeIfAbsent(db + " | " + level.label() + " | naturalize", k -> new Tally()),
                            q.path("id").asText() + " naturalize " + level.label(),
                            nativeSql,
                            levelSql,
                            schema.crosswalk().mapping(NaturalnessLevel.NATIVE, level),
                            mismatches);
                    compare(
                            tallies.computeIfAbsent(db + " | " + level.label() + " | denaturalize", k -> new Tally()),
                            q.path("id").asText() + " denaturalize " + level.label(),
                            levelSql,
                            nativeSql,
                            schema.crosswalk().mapping(level, NaturalnessLevel.NATIVE),
                            mismatches);
                }
            }
        }
        Tally all = new Tally();
        System.out.println("database | level | direction | queries | parsed | agreeing queries | identifiers agreeing");
        tallies.forEach((k, t) -> {
            System.out.printf(
                    "%s | %d | %d | %d | %d/%d (%.2f%%) | unknown %d%n",
                    k,
                    t.queries,
                    t.queries - t.parseFailures,
                    t.agreeing,
                    t.matchedIdentifiers,
                    t.identifiers,
                    100.0 * t.matchedIdentifiers / Math.max(1, t.identifiers),
                    t.unknown);
            all.queries += t.queries;
            all.parseFailures += t.parseFailures;
            all.agreeing += t.agreeing;
            all.identifiers += t.identifiers;
            all.matchedIdentifiers += t.matchedIdentifiers;
        });
        System.out.printf(
                "ALL | %d | parse failures %d | agreeing %d | identifiers %d/%d (%.3f%%)%n",
                all.queries,
                all.parseFailures,
                all.agreeing,
                all.matchedIdentifiers,
                all.identifiers,
                100.0 * all.matchedIdentifiers / all.identifiers);
        Path out = Path.of("target/crosswalk-mismatches.txt");
        Files.createDirectories(out.getParent());
        Files.write(out, mismatches);

        assertThat(questions).isEqualTo(503);
        assertThat(all.queries).isEqualTo(503 * 3 * 2);
        // Thresholds are the agreement measured when this test was written (see the module README).
        assertThat(all.parseFailures).isLessThanOrEqualTo(MAX_PARSE_FAILURES);
        assertThat(all.identifiers - all.matchedIdentifiers).isLessThanOrEqualTo(MAX_MISMATCHED_IDENTIFIERS);
    }

    /**
     * CratersWildlifeObservations:22 and :30 use a bare column named {@code number}, which JSqlParser 5.4 takes
     * for a keyword: their native SQL does not parse (2 questions × 3 levels × 2 directions).
     */
    static final int MAX_PARSE_FAILURES = 12;

    static final long MAX_MISMATCHED_IDENTIFIERS = 0;

    private static void compare(
            Tally tally,
            String label,
            String sourceSql,
            String expectedSql,
            NameMapping mapping,
            List<String> mismatches) {
        tally.queries++;
        List<IdentifierRewriter.Identifier> expected;
        IdentifierRewriter.Result rewritten;
        List<IdentifierRewriter.Identifier> actual;
        try {
            expected = REWRITER.identifiers(expectedSql, SqlDialect.SQLSERVER);
            rewritten = REWRITER.rewrite(sourceSql, SqlDialect.SQLSERVER, mapping);
            actual = REWRITER.identifiers(rewritten.sql(), SqlDialect.SQLSERVER);
        } catch (RuntimeException e) {
            tally.parseFailures++;
            mismatches.add(label + ": PARSE " + e.getMessage());
            return;
        }
        tally.unknown += rewritten.unknown().size();
        Map<IdentifierRewriter.Identifier, Integer> remaining = new HashMap<>();
        expected.forEach(i -> remaining.merge(i, 1, Integer::sum));
        int matched = 0;
        List<IdentifierRewriter.Identifier> extra = new ArrayList<>();
        for (IdentifierRewriter.Identifier id : actual) {
            Integer n = remaining.get(id);
            if (n != null && n > 0) {
                remaining.put(id, n - 1);
                matched++;
            } else {
                extra.add(id);
            }
        }
        int total = Math.max(expected.size(), actual.size());
        tally.identifiers += total;
        tally.matchedIdentifiers += matched;
        if (matched == total) {
            tally.agreeing++;
        } else {
            List<IdentifierRewriter.Identifier> missing = new ArrayList<>();
            remaining.forEach((id, n) -> {
                for (int i = 0; i < n; i++) {
                    missing.add(id);
                }
            });
            mismatches.add(label + ": got " + extra + " expected " + missing + " unknown " + rewritten.unknown()
                    + " ambiguous " + rewritten.ambiguous());
        }
    }
}
