package dev.snailbench.sql.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.SqlParser;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Real data: FootballDB's labelled splits carry a Spider hardness per gold query. A label belongs to the question,
 * not to the query text: the same id has the same label in v1, v2 and v3 (dev and train), although the v1 and v2
 * queries of a question often have another shape (a UNION of the home and away cases where v3 has one table).
 * The dev labels follow the v3 queries, so the goal is measured there; v1, v2 and the v1/v2 train splits are printed
 * for the record, each disagreement marked "label of the v3 query" when our hardness of the same question's v3 query
 * equals the label. Three v3 labels stay as differences: Spider's own evaluation code gives the same as this port on
 * the v3 text of each (155: two tables and two WHERE conditions is "medium"; 319: three tables, two WHERE conditions,
 * five columns is "hard" in v3, the v1/v2 text, whose column aliases Spider's parser rejects, reads "extra" as
 * labelled; 435: four tables and a WHERE is "extra"), and for 155 and 435 on the v1 and v2 text too.
 */
class FootballDbHardnessTest {

    /** Spider's rule reproduces every v3 dev label except the three above. */
    private static final int GOAL_V3_DEV = 97;

    private static final ObjectMapper JSON = new ObjectMapper();

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(20));

    @Test
    void shouldAgreeWithSpiderHardnessLabelsOnTheQueriesTheyWereComputedFrom() throws IOException {
        // Our hardness of each v3 query, by question id (dev) and by question text (train: the v3 split of 859 has
        // no ids; 107 of the 300 v1/v2 training questions are among its questions).
        Map<String, String> v3Ours = new LinkedHashMap<>();
        for (JsonNode q : split("v3", "dev")) {
            v3Ours.put(q.get("id").asText(), hardness(q));
        }
        for (JsonNode q : split("v3", "train")) {
            try {
                v3Ours.putIfAbsent(questionKey(q), hardness(q));
            } catch (SqlParseException e) {
                // not a reference for any label
            }
        }
        int agreeing = 0;
        int total = 0;
        List<String> v3Differences = List.of();
        for (String v : List.of("v1", "v2", "v3")) {
            List<String> differences = differences(split(v, "dev"), v3Ours);
            int n = split(v, "dev").size();
            agreeing += n - differences.size();
            total += n;
            System.out.println("FootballDB " + v + " dev hardness: " + (n - differences.size()) + "/" + n
                    + " agree with the labels; " + differences);
            if (v.equals("v3")) {
                v3Differences = differences;
            }
        }
        System.out.printf(
                "FootballDB dev v1-v3 hardness: %d/%d agree (%.1f%%)%n", agreeing, total, 100.0 * agreeing / total);
        for (String v : List.of("v1", "v2")) {
            List<String> differences = differences(split(v, "train"), v3Ours);
            int n = split(v, "train").size();
            long explained = differences.stream()
                    .filter(d -> d.endsWith("(label of the v3 query)"))
                    .count();
            System.out.println("FootballDB " + v + " train hardness: " + (n - differences.size()) + "/" + n
                    + " agree with the labels; " + explained + " of the " + differences.size()
                    + " others are the label of the v3 query of the same question, "
                    + differences.stream()
                            .filter(d -> d.endsWith("(no v3 query of this question)"))
                            .count()
                    + " have no v3 query to compare; " + differences);
        }

        assertThat(100 - v3Differences.size()).isGreaterThanOrEqualTo(GOAL_V3_DEV);
        assertThat(v3Differences)
                .containsExactlyInAnyOrder(
                        "v3/155 label=hard ours=medium",
                        "v3/319 label=extra ours=hard",
                        "v3/435 label=hard ours=extra");
    }

    @Test
    void shouldFindTheSameLabelForEveryQuestionInTheThreeVersions() throws IOException {
        Map<String, String> v3 = labels("v3");

        assertThat(labels("v1")).isEqualTo(v3).hasSize(100);
        assertThat(labels("v2")).isEqualTo(v3);
    }

    private static String hardness(JsonNode q) {
        return Characteristics.of(PARSER.parse(q.get("query").asText(), SqlDialect.POSTGRESQL))
                .hardness()
                .label();
    }

    private static List<String> differences(JsonNode items, Map<String, String> v3Ours) {
        List<String> found = new ArrayList<>();
        for (JsonNode q : items) {
            String expected = q.get("hardness").asText();
            String actual;
            try {
                actual = hardness(q);
            } catch (SqlParseException e) {
                actual = "unparsed (" + e.getMessage() + ")";
            }
            if (!expected.equals(actual)) {
                String id = q.get("id").asText();
                String v3 = v3Ours.containsKey(id) ? v3Ours.get(id) : v3Ours.get(questionKey(q));
                String why = q.get("db_id").asText().equals("exp_v3")
                        ? ""
                        : expected.equals(v3)
                                ? " (label of the v3 query)"
                                : v3 == null ? " (no v3 query of this question)" : "";
                found.add(q.get("db_id").asText().replace("exp_", "") + "/" + id + " label=" + expected + " ours="
                        + actual + why);
            }
        }
        return found;
    }

    private static String questionKey(JsonNode q) {
        return "question:" + q.get("question").asText().strip().toLowerCase(Locale.ROOT);
    }

    private static Map<String, String> labels(String version) throws IOException {
        Map<String, String> labels = new LinkedHashMap<>();
        split(version, "dev")
                .forEach(q -> labels.put(q.get("id").asText(), q.get("hardness").asText()));
        return labels;
    }

    private static JsonNode split(String version, String name) throws IOException {
        return JSON.readTree(DataDir.resolve()
                .resolve("footballdb/" + version + "/" + name + ".json")
                .toFile());
    }
}
