package dev.snailbench.generator.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.TestTenants;
import dev.snailbench.generator.testing.CrosswalkExports;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ClassifiedIdentifier;
import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.event.ClassificationRequested;
import dev.snailbench.model.event.IdentifiersClassified;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.sql.rewrite.CrosswalkCsv;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The test plays the classifier: it reads the request from the real broker and answers on the topic.
 * Beyond the in-memory tier: the request and answer as records on the real topics, a bad answer dead-lettered.
 */
@QuarkusTest
@RealInfrastructure
class CrosswalkBuildKafkaTest {

    private static final String SCHEMA = """
            {"name": "survey-db", "dialect": "postgresql", "schema": {"tables": [
              {"name": "Survey", "columns": [{"name": "SurveyDate", "type": "date"}, {"name": "VegHeight", "type": "int"},
                                             {"name": "DfltSlp", "type": "int"}, {"name": "select", "type": "int"}]},
              {"name": {"Native": "tblSite", "Regular": "Site"}, "columns": [{"name": {"Native": "SurveyDate"}},
                                             {"name": "SiteName", "type": "text"}]}]}}
            """;

    private static final Map<String, NaturalnessLevel> LABELS = Map.of(
            "Survey",
            NaturalnessLevel.REGULAR,
            "SurveyDate",
            NaturalnessLevel.REGULAR,
            "VegHeight",
            NaturalnessLevel.LOW,
            "DfltSlp",
            NaturalnessLevel.LEAST,
            "select",
            NaturalnessLevel.REGULAR,
            "tblSite",
            NaturalnessLevel.LOW,
            "SiteName",
            NaturalnessLevel.REGULAR);

    private String key;

    @BeforeEach
    void registerTenant() {
        key = TestTenants.create("tenant-" + UUID.randomUUID());
    }

    @Test
    void shouldBuildACrosswalkFromTheClassifiersAnswer() {
        String id = startBuild();
        ClassificationRequested request = awaitRequest(id);
        assertThat(request.identifiers())
                .containsExactly("Survey", "SurveyDate", "VegHeight", "DfltSlp", "select", "tblSite", "SiteName");
        IdentifiersClassified answer = answer(request, LABELS::get);
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.IDENTIFIERS_CLASSIFIED, answer.key(), EventJson.write(answer));
        }
        awaitStatus(id, "ready");
        List<CrosswalkEntry> rows = export(id);
        assertThat(rows).hasSize(7);
        CrosswalkEntry veg = rows.stream()
                .filter(r -> r.nativeName().equals("VegHeight"))
                .findFirst()
                .orElseThrow();
        assertThat(veg.nativeLevel()).isEqualTo("Low");
        assertThat(veg.low()).isEqualTo("VegHeight");
        CrosswalkEntry date = rows.stream()
                .filter(r -> r.nativeName().equals("SurveyDate"))
                .findFirst()
                .orElseThrow();
        assertThat(date.regular()).isEqualTo("SurveyDate");
        assertThat(date.low()).isNotEqualTo("SurveyDate");
        assertThat(date.least()).isNotIn("SurveyDate", date.low());
        given().header("X-API-Key", key)
                .when()
                .get("/crosswalks/" + id)
                .then()
                .body("report.keptNativeAtRegular", equalTo(List.of("DfltSlp", "VegHeight", "tblSite")))
                .body("report.reservedWords", equalTo(List.of("select")));

        // A redelivered answer (new event id, other labels) changes nothing.
        IdentifiersClassified again = answer(request, i -> NaturalnessLevel.LEAST);
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.IDENTIFIERS_CLASSIFIED, again.key(), EventJson.write(again));
        }
        await().during(Duration.ofSeconds(2))
                .atMost(Duration.ofSeconds(5))
                .until(() -> export(id).equals(rows));
    }

    @Test
    void shouldFailTheBuildWhenTheClassifierLeavesIdentifiersOut() {
        String id = startBuild();
        ClassificationRequested request = awaitRequest(id);
        IdentifiersClassified partial = IdentifiersClassified.answering(
                request, "test", List.of(new ClassifiedIdentifier("Survey", NaturalnessLevel.REGULAR, Map.of())));
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.IDENTIFIERS_CLASSIFIED, partial.key(), EventJson.write(partial));
        }
        awaitStatus(id, "failed");
        given().header("X-API-Key", key)
                .when()
                .get("/crosswalks/" + id)
                .then()
                .body("error", containsString("no label for 6 identifiers"));
        CrosswalkExports.csv(key, id)
                .statusCode(409)
                .body("status", equalTo(409))
                .body("error", containsString(id));
    }

    @Test
    void shouldRejectABuildWithoutTablesNamingTheField() {
        given().header("X-API-Key", key)
                .contentType("application/json")
                .body(
                        "{\"name\": \"x\", \"schema\": {\"tables\": [{\"name\": \"t\", \"columns\": [{\"name\": \"\"}]}]}}")
                .when()
                .post("/crosswalks/builds")
                .then()
                .statusCode(400)
                .body("field", equalTo("schema.tables[0].columns[0].name"));
        given().header("X-API-Key", key)
                .contentType("application/json")
                .body("{\"name\": \"x\", \"dialect\": \"oracle\", \"schema\": {\"tables\": []}}")
                .when()
                .post("/crosswalks/builds")
                .then()
                .statusCode(400)
                .body("field", equalTo("dialect"));
        given().header("X-API-Key", key)
                .contentType("application/json")
                .body("{\"name\": \"x\", \"schema\": {\"tables\": []}}")
                .when()
                .post("/crosswalks/builds")
                .then()
                .statusCode(400)
                .body("field", equalTo("schema.tables"));
    }

    @Test
    void shouldDeadLetterAnUnreadableAnswerAndKeepBuilding() {
        String poison = "poison-" + UUID.randomUUID();
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.IDENTIFIERS_CLASSIFIED, poison, "{not json".getBytes(StandardCharsets.UTF_8));
        }
        List<ConsumerRecord<String, byte[]>> dead = TopicClient.await(
                Topics.deadLetter(Topics.IDENTIFIERS_CLASSIFIED, "generator"),
                r -> poison.equals(r.key()),
                1,
                Duration.ofSeconds(30));
        assertThat(dead).hasSize(1);
        String id = startBuild();
        IdentifiersClassified answer = answer(awaitRequest(id), LABELS::get);
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.IDENTIFIERS_CLASSIFIED, answer.key(), EventJson.write(answer));
        }
        awaitStatus(id, "ready");
    }

    @Test
    void shouldTakeLowAndLeastFromTheLlmWhenAsked() {
        // The local fake OpenAI server abbreviates by keeping each word's first two letters.
        String id = given().header("X-API-Key", key)
                .contentType("application/json")
                .body(SCHEMA.replace(
                        "\"dialect\": \"postgresql\",", "\"dialect\": \"sqlserver\", \"abbreviateWithLlm\": true,"))
                .when()
                .post("/crosswalks/builds")
                .then()
                .statusCode(202)
                .extract()
                .path("id");
        ClassificationRequested request = awaitRequest(id);
        IdentifiersClassified answer = answer(request, LABELS::get);
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.IDENTIFIERS_CLASSIFIED, answer.key(), EventJson.write(answer));
        }
        awaitStatus(id, "ready");
        CrosswalkEntry date = export(id).stream()
                .filter(r -> r.nativeName().equals("SurveyDate"))
                .findFirst()
                .orElseThrow();
        assertThat(date.low()).isEqualTo("SuDa");
        assertThat(date.least()).isEqualTo("SuDa");
    }

    private String startBuild() {
        return given().header("X-API-Key", key)
                .contentType("application/json")
                .body(SCHEMA)
                .when()
                .post("/crosswalks/builds")
                .then()
                .statusCode(202)
                .body("status", equalTo("classifying"))
                .extract()
                .path("id");
    }

    static ClassificationRequested awaitRequest(String crosswalkId) {
        List<ConsumerRecord<String, byte[]>> found = TopicClient.await(
                Topics.IDENTIFIERS_TO_CLASSIFY, r -> r.key().equals(crosswalkId), 1, Duration.ofSeconds(30));
        assertThat(found).as("classification request for " + crosswalkId).hasSize(1);
        return EventJson.read(found.get(0).value(), ClassificationRequested.class);
    }

    static IdentifiersClassified answer(ClassificationRequested request, Function<String, NaturalnessLevel> label) {
        return IdentifiersClassified.answering(
                request,
                "test-classifier",
                request.identifiers().stream()
                        .map(i -> new ClassifiedIdentifier(
                                i, label.apply(i), Map.of(label.apply(i).label(), 1.0)))
                        .toList());
    }

    private void awaitStatus(String id, String status) {
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> status.equals(given().header("X-API-Key", key)
                        .when()
                        .get("/crosswalks/" + id)
                        .then()
                        .extract()
                        .path("status")));
    }

    private List<CrosswalkEntry> export(String id) {
        return CrosswalkCsv.parse(CrosswalkExports.csvText(key, id));
    }
}
