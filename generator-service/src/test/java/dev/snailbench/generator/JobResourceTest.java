package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.generator.testing.InlineDatabase;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * Jobs and tenants over HTTP; beyond the in-memory tier: a job past Kafka's default message size, one tenant per name.
 */
@QuarkusTest
@RealInfrastructure
class JobResourceTest {

    private static final List<Map<String, String>> QUESTIONS = TestTenants.ONE_QUESTION;
    private static final List<Map<String, String>> PREDICTIONS = TestTenants.ONE_PREDICTION;

    @Test
    void shouldRefuseToCreateATenantWithoutTheAdminKey() {
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "x"))
                .post("/tenants")
                .then()
                .statusCode(401)
                .body("error", containsString("X-Admin-Key"));
        given().header("X-Admin-Key", "wrong")
                .contentType(ContentType.JSON)
                .body(Map.of("name", "x"))
                .post("/tenants")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("error", containsString("X-Admin-Key"))
                .body("field", equalTo("X-Admin-Key"));
    }

    @Test
    void shouldShowTheApiKeyOnceWhenCreatingATenant() {
        given().header("X-Admin-Key", TestTenants.ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", "team-a"))
                .post("/tenants")
                .then()
                .statusCode(201)
                .body("apiKey", startsWith("sb_"))
                .body("tenantId", notNullValue())
                .body("name", equalTo("team-a"));
    }

    @Test
    void shouldAnswer401WithoutAValidApiKey() {
        given().contentType(ContentType.JSON)
                .body(TestTenants.job("j", QUESTIONS, PREDICTIONS))
                .post("/jobs")
                .then()
                .statusCode(401)
                .body("error", containsString("X-API-Key"));
        given().header("X-API-Key", "sb_not-a-key")
                .get("/jobs/" + UUID.randomUUID())
                .then()
                .statusCode(401)
                .body("error", containsString("invalid API key"));
    }

    @Test
    void shouldAcceptAJobAndReportItsProgress() {
        String key = TestTenants.create("team-progress");
        String jobId = TestTenants.submitJob(key, TestTenants.job("progress", QUESTIONS, PREDICTIONS))
                .statusCode(202)
                .body("jobId", notNullValue())
                .extract()
                .path("jobId");

        given().header("X-API-Key", key)
                .get("/jobs/" + jobId)
                .then()
                .statusCode(200)
                .body("jobId", equalTo(jobId))
                .body("total", is(1))
                .body("name", equalTo("progress"))
                .body("status", Matchers.oneOf("queued", "running", "completed"));
    }

    @Test
    void shouldAcceptAJobOf10000QuestionsLargerThanKafkasDefaultMessageSize() {
        String key = TestTenants.create("team-large");
        List<Map<String, String>> questions = new ArrayList<>();
        List<Map<String, String>> predictions = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            String sql = "SELECT name, goals FROM player WHERE player_id = " + i + " ORDER BY goals DESC";
            questions.add(Map.of("id", "q" + i, "question", "Which player has the id " + i + "?", "goldSql", sql));
            predictions.add(Map.of("questionId", "q" + i, "predictedSql", sql));
        }
        String jobId = TestTenants.submitJob(key, TestTenants.job("large", questions, predictions))
                .statusCode(202)
                .extract()
                .path("jobId");

        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> given().header("X-API-Key", key)
                        .get("/jobs/" + jobId)
                        .then()
                        .statusCode(200)
                        .body("total", is(10_000)));
    }

    @Test
    void shouldAnswerTheExistingJobWith200WhenTheSameSpecIsSubmittedAgain() {
        String key = TestTenants.create("team-idempotent");
        Map<String, Object> job = TestTenants.job("twice", QUESTIONS, PREDICTIONS);
        String first = TestTenants.submitJob(key, job)
                .statusCode(202)
                .body("existing", equalTo(false))
                .extract()
                .path("jobId");
        // Not "accepted" again: the job exists, and the answer says so with its status and progress.
        TestTenants.submitJob(key, job)
                .statusCode(200)
                .body("jobId", equalTo(first))
                .body("existing", equalTo(true))
                .body("status", notNullValue())
                .body("total", equalTo(1))
                .header("Location", "/jobs/" + first);
    }

    @Test
    void shouldRefuseASecondTenantOfTheSameName() {
        TestTenants.create("team-unique");
        given().header("X-Admin-Key", TestTenants.ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", "Team-Unique"))
                .post("/tenants")
                .then()
                .statusCode(409)
                .body("status", equalTo(409))
                .body("field", equalTo("name"))
                .body("error", containsString("a tenant named 'team-unique' already exists"));
    }

    @Test
    void shouldHideAnotherTenantsJob() {
        String owner = TestTenants.create("owner");
        String other = TestTenants.create("other");
        String jobId = TestTenants.submitJob(owner, TestTenants.job("private", QUESTIONS, PREDICTIONS))
                .statusCode(202)
                .extract()
                .path("jobId");
        given().header("X-API-Key", other)
                .get("/jobs/" + jobId)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(jobId));
        given().header("X-API-Key", other)
                .get("/jobs/not-a-uuid")
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString("not-a-uuid"));
    }

    @Test
    void shouldNameTheBadFieldOfAMalformedJob() {
        String key = TestTenants.create("team-bad");
        assertBadRequest(key, withField("questions", List.of()), "questions");
        assertBadRequest(
                key, withField("questions", List.of(Map.of("id", "q1", "question", "?"))), "questions[0].goldSql");
        assertBadRequest(
                key,
                withField("predictions", List.of(Map.of("questionId", "nope", "predictedSql", "x"))),
                "predictions[0].questionId");
        assertBadRequest(
                key,
                withField(
                        "questions",
                        List.of(Map.of("id", "q1", "question", "?", "goldSql", "SELECT 1", "hardness", "very hard"))),
                "questions[0].hardness");
        assertBadRequest(
                key,
                withField(
                        "questions",
                        List.of(Map.of("id", "q1", "question", "?", "goldSql", "SELECT 1", "hardness", ""))),
                "questions[0].hardness");
        assertBadRequest(key, withField("dialect", "oracle"), "dialect");
        assertBadRequest(key, withField("levels", List.of("Lowest")), "levels[0]");
        assertBadRequest(key, withField("levels", List.of("Low")), "schemaId");
        assertBadRequest(
                key,
                withField("database", InlineDatabase.postgresql("jdbc:mysql://h/db", "u", "p")),
                "database.jdbcUrl");
        // The executor's target parsing: driver properties that would override its read-only session are a 400 here.
        assertBadRequest(
                key,
                withField(
                        "database",
                        InlineDatabase.postgresql(
                                "jdbc:postgresql://h/db?options=-c%20default_transaction_read_only=off", "u", "p")),
                "database.jdbcUrl");
        // An unknown field is named as every service names it (tenancy-support JsonErrors), with the field meant.
        TestTenants.submitJob(key, withField("quesitons", List.of()))
                .statusCode(400)
                .body("field", equalTo("quesitons"))
                .body("error", equalTo("unknown field 'quesitons' (did you mean 'questions'?)"));
        assertBadRequest(
                key,
                withField("predictions", List.of(Map.of("questionId", "q1", "predictedSql", "x", "level", "Least"))),
                "predictions[0].level");
        assertBadRequest(
                key,
                withField(
                        "predictions",
                        List.of(
                                Map.of("questionId", "q1", "predictedSql", "x", "level", "Native"),
                                Map.of("questionId", "q1", "predictedSql", "y", "level", "Native"))),
                "predictions[1].questionId");
    }

    @Test
    void shouldRefuseAnEmptyMalformedOrNonJsonJobBodyWithWhatIsWrong() {
        String key = TestTenants.create("team-no-body");
        TestTenants.submitJob(key, "")
                .statusCode(400)
                .body("field", equalTo("body"))
                .body("error", containsString("a job needs a JSON body"));
        TestTenants.submitJob(key, "null").statusCode(400).body("field", equalTo("body"));
        TestTenants.submitJob(key, "{\"name\": \"cut off")
                .statusCode(400)
                .body("error", containsString("Unexpected end-of-input"));
        TestTenants.submitJob(key, "{\"name\": 7, \"questions\": 3}")
                .statusCode(400)
                .body("field", equalTo("questions"));
        given().header("X-API-Key", key)
                .contentType(ContentType.TEXT)
                .body("{\"name\": \"not sent as JSON\"}")
                .post("/jobs")
                .then()
                .statusCode(415);
        given().header("X-API-Key", key).get("/jobs").then().statusCode(200).body("size()", is(0));
    }

    @Test
    void shouldAcceptALinkingOnlyJobWithAPredictionPerLevel() {
        String key = TestTenants.create("team-snails");
        Map<String, Object> job = new HashMap<>(TestTenants.job("snails linking", null, null));
        job.remove("database");
        job.put("dialect", "sqlserver");
        job.put("questionSet", Map.of("benchmark", "snails", "database", "NTSB"));
        job.put("schemaId", "NTSB");
        job.put("levels", List.of("Native", "Least"));
        job.put(
                "predictions",
                List.of(
                        Map.of("questionId", "NTSB:1", "level", "Native", "predictedSql", "SELECT 1"),
                        Map.of("questionId", "NTSB:1", "level", "Least", "predictedSql", "SELECT 2")));

        String jobId = TestTenants.submitJob(key, job).statusCode(202).extract().path("jobId");

        List<InferenceRequested> items = TopicClient.awaitInferenceRequests(
                UUID.fromString(jobId),
                request -> "NTSB:1".equals(request.item().questionId()),
                2,
                Duration.ofSeconds(30));
        Map<String, String> recordedByLevel = new HashMap<>();
        for (var event : items) {
            assertThat(event.item().database())
                    .as("a linking-only item names no database")
                    .isNull();
            recordedByLevel.put(event.item().level().label(), event.item().recordedPrediction());
        }
        assertThat(recordedByLevel).containsEntry("Native", "SELECT 1").containsEntry("Least", "SELECT 2");
    }

    @Test
    void shouldCarryEachQuestionsHardnessLabelInLowerCaseToItsWorkItems() {
        String key = TestTenants.create("team-labels");
        Map<String, Object> job = new HashMap<>(TestTenants.job(
                "labelled",
                List.of(
                        Map.of(
                                "id",
                                "q1",
                                "question",
                                "How many clubs?",
                                "goldSql",
                                "SELECT count(*) FROM club",
                                "hardness",
                                "Extra"),
                        Map.of("id", "q2", "question", "Clubs?", "goldSql", "SELECT name FROM club")),
                null));
        String jobId = TestTenants.submitJob(key, job).statusCode(202).extract().path("jobId");

        assertThat(labelsOfWorkItems(jobId, 2)).containsEntry("q1", "extra").containsEntry("q2", null);
    }

    @Test
    void shouldLabelFootballDbWorkItemsWithTheDatasetsHardness() throws Exception {
        String key = TestTenants.create("team-footballdb-labels");
        Map<String, Object> job = new HashMap<>(TestTenants.job("footballdb-v2-labels", null, null));
        job.put("questionSet", Map.of("benchmark", "footballdb", "dataModel", "v2", "split", "dev"));
        String jobId = TestTenants.submitJob(key, job).statusCode(202).extract().path("jobId");
        Map<String, String> expected = new HashMap<>();
        for (var q : new ObjectMapper()
                .readTree(DataDir.resolve().resolve("footballdb/v2/dev.json").toFile())) {
            expected.put(q.get("id").asText(), q.get("hardness").asText());
        }

        assertThat(labelsOfWorkItems(jobId, expected.size())).isEqualTo(expected);
    }

    /** Question id → the hardness label its work item carries, read from the items the job published. */
    private static Map<String, String> labelsOfWorkItems(String jobId, int count) {
        Map<String, String> labels = new HashMap<>();
        TopicClient.awaitInferenceRequests(UUID.fromString(jobId), count, Duration.ofSeconds(60))
                .forEach(request ->
                        labels.put(request.item().questionId(), request.item().labelledHardness()));
        return labels;
    }

    @Test
    void shouldExpandABuiltInBenchmarkQuestionSet() {
        String key = TestTenants.create("team-benchmark");
        Map<String, Object> job = new HashMap<>(TestTenants.job("footballdb-v1", null, null));
        job.remove("questions");
        job.remove("predictions");
        job.put("questionSet", Map.of("benchmark", "footballdb", "dataModel", "v1", "split", "dev"));
        String jobId = TestTenants.submitJob(key, job).statusCode(202).extract().path("jobId");
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().header("X-API-Key", key)
                        .get("/jobs/" + jobId)
                        .then()
                        .statusCode(200)
                        .body("total", is(100)));
    }

    @Test
    void shouldAcceptSpiderStyleQuestionsAndNameABadItem() {
        String key = TestTenants.create("team-spider");
        Map<String, Object> job = new HashMap<>(TestTenants.job("spider", null, null));
        job.remove("questions");
        job.remove("predictions");
        job.put(
                "questionSet",
                Map.of(
                        "format",
                        "spider",
                        "items",
                        List.of(
                                Map.of("db_id", "club", "question", "How many?", "query", "SELECT count(*) FROM club"),
                                Map.of("db_id", "club", "question", "Names?", "query", "SELECT club_name FROM club"))));
        TestTenants.submitJob(key, job).statusCode(202);
        job.put(
                "questionSet",
                Map.of(
                        "format",
                        "spider",
                        "items",
                        List.of(Map.of("db_id", "club", "question", "?", "query", "SELECT 1", "hardness", "tricky"))));
        TestTenants.submitJob(key, job).statusCode(400).body("field", equalTo("questionSet.items[0].hardness"));
        job.put("questionSet", Map.of("format", "spider", "items", List.of(Map.of("db_id", "club", "question", "?"))));
        TestTenants.submitJob(key, job).statusCode(400).body("field", equalTo("questionSet.items[0].query"));
        job.put("questionSet", Map.of("benchmark", "footballdb", "dataModel", "v9"));
        TestTenants.submitJob(key, job).statusCode(400).body("field", equalTo("questionSet.dataModel"));
    }

    @Test
    void shouldExplainAnUnreadableBody() {
        String key = TestTenants.create("team-json");
        TestTenants.submitJob(key, "{\"name\": ").statusCode(400).body("error", containsString("JSON"));
    }

    private static Map<String, Object> withField(String field, Object value) {
        Map<String, Object> job = new HashMap<>(TestTenants.job("bad", QUESTIONS, PREDICTIONS));
        job.put(field, value);
        return job;
    }

    private static void assertBadRequest(String key, Map<String, Object> body, String field) {
        TestTenants.submitJob(key, body)
                .statusCode(400)
                .body("field", equalTo(field))
                .body("error", startsWith(field));
    }
}
