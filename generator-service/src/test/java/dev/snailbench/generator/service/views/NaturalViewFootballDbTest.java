package dev.snailbench.generator.service.views;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.generator.testing.FakeOpenAiTestResource;
import dev.snailbench.localstack.DataDir;
import dev.snailbench.localstack.LocalStack;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.localstack.testing.TopicClient;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ClassifiedIdentifier;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.event.ClassificationRequested;
import dev.snailbench.model.event.IdentifiersClassified;
import dev.snailbench.model.serde.EventJson;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * FootballDB v1 on the embedded PostgreSQL: a crosswalk built for its schema (the test plays the classifier),
 * natural views created through the admin connection, and every dev gold query rewritten to the view names
 * returning exactly what the native query returns. Regular names come from an LLM expansion (the local fake
 * OpenAI server renames snake_case to PascalCase), so the Regular views rename most identifiers too.
 */
@QuarkusTest
class NaturalViewFootballDbTest {

    private String key;

    @org.junit.jupiter.api.BeforeEach
    void registerTenant() {
        key = dev.snailbench.generator.TestTenants.create("tenant-" + UUID.randomUUID());
    }

    @BeforeAll
    static void loadFootballDb() {
        LocalStack.postgresWithFootballDb();
    }

    @Test
    void shouldAnswerEveryDevQueryIdenticallyThroughTheRegularAndLeastViews() throws Exception {
        String crosswalk = buildCrosswalk();
        given().header("X-API-Key", key).contentType("application/json")
                .body(Map.of("crosswalkId", crosswalk, "targetDatabase", "footballdb_v1", "nativeSchema", "exp_v1",
                        "apply", true))
                .when().post("/natural-views").then().statusCode(200).body("applied", equalTo(true))
                .body("views.viewSchema", equalTo("db_nl")).body("views.mapping.size()", equalTo(12));
        given().header("X-API-Key", key).contentType("application/json")
                .body(Map.of("crosswalkId", crosswalk, "targetDatabase", "footballdb_v1", "nativeSchema", "exp_v1",
                        "viewSchema", "db_least", "level", "Least", "apply", true))
                .when().post("/natural-views").then().statusCode(200).body("applied", equalTo(true));

        JsonNode dev = new ObjectMapper().readTree(DataDir.resolve().resolve("footballdb/v1/dev.json").toFile());
        int compared = 0;
        int renamedQueries = 0;
        List<String> failures = new ArrayList<>();
        List<Object[]> slowest = new ArrayList<>();
        Postgres pg = LocalStack.postgres();
        try (Connection c = pg.connect("footballdb_v1")) {
            for (JsonNode q : dev) {
                String gold = q.get("query").asText();
                if (gold.contains("match_fact")) {
                    continue;
                }
                int id = q.get("id").asInt();
                boolean ordered = gold.toLowerCase().contains("order by");
                long started = System.nanoTime();
                List<List<String>> expected = run(c, "exp_v1", gold, ordered);
                slowest.add(new Object[] {(System.nanoTime() - started) / 1_000_000, id});
                for (String level : List.of("Regular", "Least")) {
                    String viewSchema = level.equals("Regular") ? "db_nl" : "db_least";
                    String rewritten = given().header("X-API-Key", key).contentType("application/json")
                            .body(Map.of("crosswalkId", crosswalk, "sql", gold, "level", level, "viewSchema", viewSchema))
                            .when().post("/natural-views/rewrite").then().statusCode(200).extract().path("sql");
                    if (level.equals("Least")) {
                        renamedQueries++;
                    }
                    List<List<String>> actual = run(c, viewSchema, rewritten, ordered);
                    if (id == 377) {
                        // integer column compared with '2018 World Cup': fails natively and on the views.
                        assertThat(expected).isNull();
                        assertThat(actual).isNull();
                        continue;
                    }
                    if (expected == null || !expected.equals(actual)) {
                        failures.add(level + " id " + id + ": " + rewritten);
                    }
                    compared++;
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(compared).isEqualTo(2 * 77);
        assertThat(renamedQueries).isEqualTo(78);
        slowest.sort((a, b) -> Long.compare((Long) b[0], (Long) a[0]));
        System.out.printf("slowest native dev queries (ms, id): %d/%s %d/%s %d/%s%n", slowest.get(0)[0], slowest.get(0)[1],
                slowest.get(1)[0], slowest.get(1)[1], slowest.get(2)[0], slowest.get(2)[1]);
        System.out.printf("natural views FootballDB v1: %d dev queries (of 100; 22 use match_fact, id 377 fails on both "
                + "sides) return identical results on db_nl (Regular) and db_least (Least)%n", compared / 2);
    }

    /** Rows as text; sorted unless the query orders them. Null when the query fails. */
    private static List<List<String>> run(Connection c, String searchPath, String sql, boolean ordered)
            throws SQLException {
        try (Statement s = c.createStatement()) {
            // Only the views' schema is on the path: a table the rewrite missed cannot silently hit the native one.
            s.execute("SET search_path TO " + searchPath);
            List<List<String>> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= n; i++) {
                        row.add(rs.getString(i));
                    }
                    rows.add(row);
                }
            }
            if (!ordered) {
                rows.sort(Comparator.comparing(Object::toString));
            }
            return rows;
        } catch (SQLException e) {
            return null;
        }
    }

    private String buildCrosswalk() {
        String id = given().header("X-API-Key", key).contentType("application/json")
                .body(Map.of("name", "footballdb v1", "targetDatabase", "footballdb_v1", "nativeSchema", "exp_v1",
                        "expandWithLlm", true, "dataDictionary", "FootballDB: world cup teams, players and matches."))
                .when().post("/crosswalks/builds").then().statusCode(202).extract().path("id");
        List<ConsumerRecord<String, byte[]>> found = TopicClient.await(Topics.IDENTIFIERS_TO_CLASSIFY,
                r -> r.key().equals(id), 1, Duration.ofSeconds(30));
        assertThat(found).hasSize(1);
        ClassificationRequested request = EventJson.read(found.get(0).value(), ClassificationRequested.class);
        // The classifier's part: snake_case names count as Low (so the LLM expands them), single words as Regular.
        IdentifiersClassified answer = IdentifiersClassified.answering(request, "test-classifier",
                request.identifiers().stream().map(i -> {
                    NaturalnessLevel level = i.contains("_") ? NaturalnessLevel.LOW : NaturalnessLevel.REGULAR;
                    return new ClassifiedIdentifier(i, level, Map.of(level.label(), 1.0));
                }).toList());
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.IDENTIFIERS_CLASSIFIED, answer.key(), EventJson.write(answer));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> "ready".equals(given().header("X-API-Key", key)
                .when().get("/crosswalks/" + id).then().extract().path("status")));
        assertThat(FakeOpenAiTestResource.PROMPTS).anyMatch(p -> p.contains("- team_id (table ")
                && p.contains("FootballDB: world cup teams, players and matches."));
        String csv = given().header("X-API-Key", key).accept("text/csv").when().get("/crosswalks/" + id + "/csv")
                .then().statusCode(200).extract().body().asString();
        assertThat(csv).contains("table,national_team,Low,NationalTeam,national_team,")
                .contains("column,team_id,Low,TeamId,team_id,").contains("column,teamname,Regular,teamname,");
        return id;
    }
}
