package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.ItemFacts;
import dev.snailbench.sql.guard.SqlGuard;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Real data nobody here wrote: FootballDB's gold queries and gpt-3.5-turbo's answers (PostgreSQL), SNAILS' native
 * gold queries and gpt-3.5-turbo's 2,012 answers (SQL Server). What an allowed verdict carries for the scorer, read
 * from the tree the guard parsed, is what the scorer reads from the text on its own, for every one of them.
 */
class GuardSqlFactsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(2, Duration.ofSeconds(20));

    @Test
    void shouldCarryWhatTheScorerWouldReadFromTheTextForEveryRealStatementTheGuardAllows() throws IOException {
        SqlGuard guard = new SqlGuard(PARSER);
        List<String> mismatches = new ArrayList<>();
        int allowed = 0;
        int refused = 0;
        for (Text text : corpus()) {
            SqlGuard.Verdict verdict = guard.check(text.sql(), text.dialect());
            if (!verdict.allowed()) {
                refused++;
                assertThat(verdict.asGold()).isNull();
                assertThat(verdict.asPrediction()).isNull();
                continue;
            }
            allowed++;
            if (!verdict.asGold().equals(ItemFacts.gold(PARSER, text.sql(), text.dialect()))
                    || !verdict.asPrediction().equals(ItemFacts.predicted(PARSER, text.sql(), text.dialect()))) {
                mismatches.add(text.source() + ": " + text.sql());
            }
        }
        System.out.println("guard's facts against the scorer's reading: " + allowed + " allowed statements, " + refused
                + " refused, " + mismatches.size() + " different");

        assertThat(mismatches).isEmpty();
        assertThat(allowed).as("statements compared").isGreaterThan(3_500);
    }

    private record Text(String source, String sql, SqlDialect dialect) {}

    private static List<Text> corpus() throws IOException {
        Path data = DataDir.resolve();
        List<Text> texts = new ArrayList<>();
        for (String version : List.of("v1", "v2", "v3")) {
            for (String split : List.of("train", "dev")) {
                JSON.readTree(data.resolve("footballdb")
                                .resolve(version)
                                .resolve(split + ".json")
                                .toFile())
                        .forEach(q -> texts.add(new Text(
                                "footballdb " + version + " " + split + " gold "
                                        + q.path("id").asText(q.get("question").asText()),
                                q.get("query").asText(),
                                SqlDialect.POSTGRESQL)));
            }
            JSON.readTree(data.resolve("footballdb/predictions/gpt-3.5-turbo_30shot_" + version + ".json")
                            .toFile())
                    .forEach(a -> texts.add(new Text(
                            "footballdb " + version + " answer " + a.get("id").asText(),
                            a.get("predicted_sql").asText(),
                            SqlDialect.POSTGRESQL)));
        }
        try (Stream<Path> files = Files.list(data.resolve("snails/nl_sql"))) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                JSON.readTree(f.toFile())
                        .forEach(q -> texts.add(new Text(
                                "snails gold " + q.get("id").asText(),
                                q.get("gold_sql_native").asText(),
                                SqlDialect.SQLSERVER)));
            }
        }
        try (BufferedReader lines = Files.newBufferedReader(data.resolve("snails/predictions/gpt-3.5-turbo.jsonl"))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                JsonNode answer = JSON.readTree(line);
                texts.add(new Text(
                        "snails answer " + answer.get("id").asText() + " "
                                + answer.get("level").asText(),
                        answer.get("predictedSql").asText(),
                        SqlDialect.SQLSERVER));
            }
        }
        return texts;
    }
}
