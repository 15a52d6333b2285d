package dev.snailbench.sql.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.rewrite.CrosswalkCsv;
import dev.snailbench.sql.rewrite.CrosswalkNames;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.sql.rewrite.NameMapping;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * {@code linking: "snails"} against the SNAILS authors' own scores of gpt-3.5-turbo's 2,012 answers
 * ({@code snails/predictions/gpt-3.5-turbo-linking.jsonl}: their QueryRecall and the identifier sets behind it), and
 * the conventions one by one on statements written here.
 */
class SnailsLinkingConventionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(2, Duration.ofSeconds(20));

    private static QueryIdentifiers snails(String sql) {
        return SnailsLinking.identifiers(PARSER, sql, SqlDialect.SQLSERVER);
    }

    @Test
    void shouldReproduceTheAuthorsQueryRecallOfGpt35TurboOnAtLeast98PercentOfRows() throws IOException {
        int rows = 0;
        int equal = 0;
        int platformEqual = 0;
        double absDiff = 0;
        double platformAbsDiff = 0;
        Map<String, double[]> byLevel = new TreeMap<>();
        List<String> differences = new ArrayList<>();
        Map<String, QueryIdentifiers> snailsGold = new HashMap<>();
        Map<String, QueryIdentifiers> defaultGold = new HashMap<>();
        try (BufferedReader lines =
                Files.newBufferedReader(DataDir.resolve().resolve("snails/predictions/gpt-3.5-turbo-linking.jsonl"))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                JsonNode row = JSON.readTree(line);
                String goldSql = row.get("goldSql").asText();
                String predictedSql = row.get("predictedSql").asText();
                double theirs = row.get("recall").asDouble();

                // 503 gold statements behind 2,012 rows: each read once per linking.
                LinkingScore ours = LinkingScore.snails(
                        snailsGold.computeIfAbsent(goldSql, SnailsLinkingConventionTest::snails), snails(predictedSql));
                LinkingScore platform = LinkingScore.of(
                        defaultGold.computeIfAbsent(
                                goldSql, sql -> IdentifierExtractor.extract(PARSER.parse(sql, SqlDialect.SQLSERVER))),
                        PredictedIdentifiers.of(PARSER, predictedSql, SqlDialect.SQLSERVER)
                                .identifiers());

                rows++;
                double d = Math.abs(ours.queryRecall() - theirs);
                absDiff += d;
                platformAbsDiff += Math.abs(platform.queryRecall() - theirs);
                equal += d < 1e-9 ? 1 : 0;
                platformEqual += Math.abs(platform.queryRecall() - theirs) < 1e-9 ? 1 : 0;
                double[] level = byLevel.computeIfAbsent(row.get("level").asText(), l -> new double[4]);
                level[0]++;
                level[1] += theirs;
                level[2] += ours.queryRecall();
                level[3] += platform.queryRecall();
                if (d >= 1e-9) {
                    differences.add(
                            row.get("id").asText() + " " + row.get("level").asText() + " theirs " + theirs
                                    + " ours " + ours.queryRecall() + "\n   gold " + flat(goldSql) + "\n   pred "
                                    + flat(predictedSql) + "\n   their gold " + theirSet(row, "matching", "missing")
                                    + "\n   our gold   " + snails(goldSql).keys() + "\n   their pred "
                                    + theirSet(row, "matching", "extra") + "\n   our pred   "
                                    + snails(predictedSql).keys());
                }
            }
        }
        double share = (double) equal / rows;
        double meanAbs = absDiff / rows;
        System.out.printf(
                Locale.ROOT,
                "linking \"snails\" vs the authors' QueryRecall: %d of %d rows equal (%.1f%%), "
                        + "mean |difference| %.4f; default linking: %d equal (%.1f%%), mean |difference| %.4f%n",
                equal,
                rows,
                100 * share,
                meanAbs,
                platformEqual,
                100.0 * platformEqual / rows,
                platformAbsDiff / rows);
        byLevel.forEach((level, v) -> System.out.printf(
                Locale.ROOT,
                "  %-8s authors %.3f  snails %.3f  default %.3f%n",
                level,
                v[1] / v[0],
                v[2] / v[0],
                v[3] / v[0]));
        differences.stream().limit(Integer.getInteger("snails.show", 0)).forEach(System.out::println);

        assertThat(rows).isEqualTo(2012);
        assertThat(share).as("share of rows with the authors' QueryRecall").isGreaterThanOrEqualTo(0.98);
        assertThat(meanAbs)
                .as("mean |difference| from the authors' QueryRecall")
                .isLessThanOrEqualTo(0.005);
    }

    /**
     * The per-level table of the SNAILS study the platform reproduces: gpt-3.5-turbo's answers as it wrote them
     * ({@code gpt-3.5-turbo.jsonl}), mapped back to native names by the platform's crosswalk rewriter (as a replay job
     * does), linked with {@code snails} against the native gold, beside the authors' QueryRecall per level.
     */
    @Test
    void shouldReproduceTheAuthorsQueryRecallPerLevelFromThePlatformsOwnDenaturalizedAnswers() throws IOException {
        Path data = DataDir.resolve();
        Map<String, String> gold = new HashMap<>();
        Map<String, CrosswalkNames> crosswalks = new HashMap<>();
        try (Stream<Path> files = Files.list(data.resolve("snails/nl_sql"))) {
            for (Path f : files.toList()) {
                for (JsonNode q : JSON.readTree(f.toFile())) {
                    gold.put(q.get("id").asText(), q.get("gold_sql_native").asText());
                }
            }
        }
        Map<String, double[]> byLevel = new TreeMap<>();
        try (BufferedReader lines =
                Files.newBufferedReader(data.resolve("snails/predictions/gpt-3.5-turbo-linking.jsonl"))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                JsonNode row = JSON.readTree(line);
                byLevel.computeIfAbsent(row.get("level").asText(), l -> new double[3])[0] +=
                        row.get("recall").asDouble();
            }
        }
        IdentifierRewriter rewriter = new IdentifierRewriter(PARSER);
        Map<String, QueryIdentifiers> snailsGold = new HashMap<>();
        try (BufferedReader lines = Files.newBufferedReader(data.resolve("snails/predictions/gpt-3.5-turbo.jsonl"))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                JsonNode row = JSON.readTree(line);
                String database = row.get("database").asText();
                CrosswalkNames crosswalk = crosswalks.computeIfAbsent(database, d -> crosswalk(data, d));
                NameMapping mapping = crosswalk.mapping(
                        NaturalnessLevel.fromLabel(row.get("level").asText()), NaturalnessLevel.NATIVE);
                String predicted = rewriter.rewriteOrTokens(
                                row.get("predictedSql").asText(), SqlDialect.SQLSERVER, mapping)
                        .sql();
                double[] level = byLevel.get(row.get("level").asText());
                level[1] += LinkingScore.snails(
                                snailsGold.computeIfAbsent(row.get("id").asText(), id -> snails(gold.get(id))),
                                snails(predicted))
                        .queryRecall();
                level[2]++;
            }
        }
        double worst = 0;
        for (Map.Entry<String, double[]> e : byLevel.entrySet()) {
            double[] v = e.getValue();
            worst = Math.max(worst, Math.abs(v[1] - v[0]) / v[2]);
            System.out.printf(
                    Locale.ROOT,
                    "  %-8s %3d items  authors %.4f  platform's answers, snails %.4f%n",
                    e.getKey(),
                    (int) v[2],
                    v[0] / v[2],
                    v[1] / v[2]);
        }
        System.out.printf(Locale.ROOT, "per-level QueryRecall, largest |difference| from the authors': %.4f%n", worst);

        assertThat(byLevel.values()).allSatisfy(v -> assertThat(v[2]).isEqualTo(503));
        assertThat(worst)
                .as("largest per-level |difference| from the authors' QueryRecall")
                .isLessThanOrEqualTo(0.01);
    }

    /** A SNAILS database's crosswalk, with the native tables of each native column from its schema file. */
    private static CrosswalkNames crosswalk(Path data, String database) {
        try {
            Map<String, Set<String>> tablesOfColumn = new HashMap<>();
            for (JsonNode t : JSON.readTree(
                            data.resolve("snails/schema/" + database + ".json").toFile())
                    .get("tables")) {
                for (JsonNode c : t.get("columns")) {
                    tablesOfColumn
                            .computeIfAbsent(
                                    IdentifierQuoting.normalize(
                                            c.get("name").get("Native").asText()),
                                    k -> new LinkedHashSet<>())
                            .add(IdentifierQuoting.normalize(
                                    t.get("name").get("Native").asText()));
                }
            }
            return new CrosswalkNames(
                    CrosswalkCsv.parse(Files.readString(
                            data.resolve("snails/crosswalks/" + database + ".csv"), StandardCharsets.UTF_8)),
                    tablesOfColumn);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void shouldCountAGoldColumnAliasThatOrderByNamesAsAColumnUnlikeTheDefaultLinking() {
        String gold = "SELECT STATE, COUNT(*) AS INJURY_COUNT FROM INJURY GROUP BY STATE ORDER BY INJURY_COUNT DESC";

        assertThat(snails(gold).keys()).containsExactly("c:injury_count", "c:state", "t:injury");
        assertThat(IdentifierExtractor.extract(PARSER.parse(gold, SqlDialect.SQLSERVER))
                        .keys())
                .containsExactly("c:state", "t:injury");
    }

    @Test
    void shouldCountEveryNameInFromAndEveryColumnReferenceWithoutResolvingScopes() {
        QueryIdentifiers ids = snails("SELECT s.TOTAL FROM (SELECT [VALID FROM], COUNT(*) AS TOTAL FROM dbo.OPRJ "
                + "GROUP BY [VALID FROM]) s JOIN OCRD o ON o.CARDCODE = s.TOTAL "
                + "WHERE CASE WHEN o.BALANCE > 0 THEN 1 ELSE 0 END = 1 AND o.CURRENCY IN (SELECT CODE FROM OCRN)");

        assertThat(ids.keys())
                .containsExactly(
                        "c:balance",
                        "c:cardcode",
                        "c:code",
                        "c:currency",
                        "c:total",
                        "c:validfrom",
                        "t:ocrd",
                        "t:ocrn",
                        "t:oprj");
    }

    @Test
    void shouldReadOperatorsSpelledWithASpaceAsTheirTSqlGrammarDoes() {
        assertThat(snails("SELECT A FROM T WHERE B ! = 'S' AND C < = 3 AND D < > 4")
                        .keys())
                .containsExactly("c:a", "c:b", "c:c", "c:d", "t:t");
    }

    @Test
    void shouldFindNothingWhereTheAuthorsPipelineFoundNothing() {
        // Their parser prints a parenthesised condition's text; a quote in it made their wrapper's JSON unreadable.
        assertThat(snails("SELECT BALANCE FROM OCRD WHERE A = 1 AND (CURRENCY = 'EUR' OR CURRENCY = 'CAN')")
                        .keys())
                .isEmpty();
        // Without a string literal, or after NOT (it prints the parenthesis), the output was read.
        assertThat(snails("SELECT BALANCE FROM OCRD WHERE A = 1 AND (B = 2 OR C = 3)")
                        .keys())
                .hasSize(5);
        assertThat(snails("SELECT BALANCE FROM OCRD WHERE NOT (CURRENCY = 'EUR' OR B = 2)")
                        .keys())
                .hasSize(4);
        // No token fallback: a text that stops in an empty condition, and a statement that is not a query, have none.
        assertThat(snails("SELECT [CALLINDEX], FROM [TLUCALLINDEX] WHERE").keys())
                .isEmpty();
        assertThat(snails("CREATE TABLE X AS SELECT A FROM T").keys()).isEmpty();
    }

    @Test
    void shouldScoreASideWithoutIdentifiersZeroAsTheAuthorsDivisionByZeroDoes() {
        QueryIdentifiers none = new QueryIdentifiers(Set.of(), Set.of(), Set.of());
        QueryIdentifiers some = snails("SELECT A FROM T");

        LinkingScore bothEmpty = LinkingScore.snails(none, none);
        assertThat(bothEmpty.queryRecall()).isZero();
        assertThat(bothEmpty.queryPrecision()).isZero();
        assertThat(LinkingScore.of(none, none).queryRecall()).isEqualTo(1.0);
        assertThat(LinkingScore.snails(some, none).queryRecall()).isZero();
        assertThat(LinkingScore.snails(some, some).queryF1()).isEqualTo(1.0);
    }

    private static String theirSet(JsonNode row, String a, String b) {
        Set<String> out = new TreeSet<>();
        for (String kind : List.of("Tables", "Columns")) {
            String prefix = kind.equals("Tables") ? "t:" : "c:";
            for (String which : List.of(a, b)) {
                row.get(which + kind).forEach(n -> out.add(prefix + n.asText().toLowerCase(Locale.ROOT)));
            }
        }
        return out.toString();
    }

    private static String flat(String sql) {
        return sql.replaceAll("\\s+", " ");
    }
}
