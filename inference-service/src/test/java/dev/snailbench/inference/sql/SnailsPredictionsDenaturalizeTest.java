package dev.snailbench.inference.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.inference.schema.SchemaCatalog;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.sql.rewrite.NameMapping;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Real data: gpt-3.5-turbo's 2,012 recorded SNAILS answers, written against each level's virtual schema. Every
 * answer is mapped back to native names with its database's crosswalk (at Native, onto itself: what a job replaying
 * native answers does), from its syntax tree or, when it does not parse, token by token (flagged); none is refused.
 */
class SnailsPredictionsDenaturalizeTest {

    @Test
    void shouldDenaturalizeEveryRecordedAnswerParsedOrTokenByToken() throws IOException {
        Path data = DataDir.resolve();
        SqlParser parser = new SqlParser(2, Duration.ofSeconds(10));
        SchemaCatalog catalog = new SchemaCatalog(data, parser);
        IdentifierRewriter rewriter = new IdentifierRewriter(parser);
        ObjectMapper json = new ObjectMapper();
        Map<String, Integer> byMethod = new TreeMap<>();
        List<String> tokenRewrites = new ArrayList<>();
        int answers = 0;
        int atNative = 0;
        try (BufferedReader lines = Files.newBufferedReader(data.resolve("snails/predictions/gpt-3.5-turbo.jsonl"))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                JsonNode answer = json.readTree(line);
                answers++;
                NaturalnessLevel level =
                        NaturalnessLevel.fromLabel(answer.get("level").asText());
                atNative += level == NaturalnessLevel.NATIVE ? 1 : 0;
                String sql = answer.get("predictedSql").asText();
                NameMapping mapping = catalog.get(answer.get("database").asText())
                        .crosswalk()
                        .mapping(level, NaturalnessLevel.NATIVE);

                IdentifierRewriter.Result r = rewriter.rewriteOrTokens(sql, SqlDialect.SQLSERVER, mapping);

                assertThat(r.sql()).as(answer.get("id").asText()).isNotBlank();
                byMethod.merge(level.label() + " " + r.method(), 1, Integer::sum);
                if (r.method().equals(IdentifierRewriter.TOKENS)) {
                    String shown = sql.replaceAll("\\s+", " ");
                    tokenRewrites.add(answer.get("id").asText() + " " + level.label() + ": "
                            + shown.substring(0, Math.min(120, shown.length())) + " => replaced "
                            + r.replaced().size()
                            + ", unknown " + r.unknown());
                }
            }
        }
        Map<String, Integer> total = new TreeMap<>();
        byMethod.forEach((k, n) -> total.merge(k.substring(k.indexOf(' ') + 1), n, Integer::sum));
        System.out.println("SNAILS gpt-3.5-turbo answers: " + answers + " (" + atNative + " at Native); denaturalized "
                + total + "; by level " + byMethod);
        tokenRewrites.forEach(t -> System.out.println("  tokens: " + t));
        assertThat(answers).isEqualTo(2012);
        assertThat(total.keySet()).containsOnly(IdentifierRewriter.PARSED, IdentifierRewriter.TOKENS);
        assertThat(total.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(answers);
        assertThat(total).containsKey(IdentifierRewriter.TOKENS);
    }
}
