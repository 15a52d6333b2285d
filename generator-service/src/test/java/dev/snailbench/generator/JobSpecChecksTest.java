package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.service.JobExpander;
import dev.snailbench.generator.testing.InMemoryJobs;
import dev.snailbench.generator.testing.InlineDatabase;
import dev.snailbench.generator.testing.InlineDatabaseChecks;
import dev.snailbench.generator.testing.MemoryExecutor;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.JobSubmitted;
import dev.snailbench.testkit.OversizedBody;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Nothing is accepted that can only fail: what is decidable without running the job is a 400 naming the field, every
 * problem of one kind in one answer, with what to do; the answers never show the service's Java types. On the
 * in-memory tier: the executor and the inline databases' checks played on their channels, a job stored once its
 * event is sent.
 */
@QuarkusTest
@InMemoryTier
class JobSpecChecksTest extends JobSubmissionTest {

    /** The stored jobs: a job is stored once its event was sent, as its consumer would store it. */
    @BeforeEach
    void storeWhatIsSent() {
        // Read at each subscription, as the repository's session reads: the submission polls until the job is there.
        when(jobs.stored(any()))
                .thenAnswer(call ->
                        Uni.createFrom().item(() -> InMemoryJobs.storedOnceSent(channels, call.getArgument(0))));
    }

    private static final List<Map<String, String>> QUESTIONS = List.of(
            Map.of("id", "q1", "question", "How many clubs?", "goldSql", "SELECT count(*) FROM club"),
            Map.of("id", "q2", "question", "Which clubs?", "goldSql", "SELECT name FROM club"));
    private static final List<Map<String, String>> PREDICTIONS = List.of(
            Map.of("questionId", "q1", "predictedSql", "SELECT count(club_id) FROM club"),
            Map.of("questionId", "q2", "predictedSql", "SELECT name FROM club ORDER BY name"));

    @TestHTTPResource("/")
    URI base;

    @Test
    void shouldNameEveryBrokenConstraintOfASpecInOneAnswer() {
        String key = key();
        Map<String, Object> job =
                job(List.of(QUESTIONS.get(0), Map.of("id", "q2", "question", "Which?", "goldSql", " ")), PREDICTIONS);
        job.put("name", "");
        job.put("dialect", "oracle");
        job.put("levels", List.of("Native", "Lowest"));

        submit(key, job)
                .statusCode(400)
                .body("status", equalTo(400))
                .body("field", equalTo("dialect"))
                .body(
                        "error",
                        equalTo("dialect: unknown dialect 'oracle' (expected postgresql or sqlserver); "
                                + "levels[1]: unknown naturalness level 'Lowest' (expected Native, Regular, Low or Least); "
                                + "name: must not be blank; questions[1].goldSql: must not be blank"));
    }

    @Test
    void shouldNameEveryUnknownFieldAtOnceAndNoJavaType() {
        String key = key();
        Map<String, Object> job = job(QUESTIONS, PREDICTIONS);
        job.put("promptOptoins", Map.of("shots", 3));
        job.put("questions", List.of(Map.of("id", "q1", "questoin", "How many?", "goldSql", "SELECT 1")));
        submit(key, job)
                .statusCode(400)
                .body("field", equalTo("promptOptoins"))
                .body(
                        "error",
                        equalTo("unknown fields 'promptOptoins' (did you mean 'promptOptions'?), "
                                + "'questions[0].questoin' (did you mean 'question'?)"));

        Map<String, Object> wrongShape = job(QUESTIONS, PREDICTIONS);
        wrongShape.put("questions", List.of(List.of("q1", "How many?", "SELECT 1")));
        submit(key, wrongShape)
                .statusCode(400)
                .body("field", equalTo("questions[0]"))
                .body("error", equalTo("questions[0]: expected an object, got a list"))
                .body("error", not(containsString("dev.snailbench")));
        TestTenants.submitJob(key, "{\"name\": \"cut")
                .statusCode(400)
                .body("error", startsWith("malformed JSON at line 1, column "))
                .body("error", not(containsString("REDACTED")));
    }

    @Test
    void shouldRefuseADatabaseNamedBothAsRegisteredAndInline() {
        String key = key();
        Map<String, Object> job = job(QUESTIONS, PREDICTIONS);
        job.put(
                "database",
                Map.of(
                        "databaseId",
                        UUID.randomUUID().toString(),
                        "kind",
                        "postgresql",
                        "jdbcUrl",
                        "jdbc:postgresql://db.example.com/team",
                        "user",
                        "reader",
                        "password",
                        "secret"));
        submit(key, job)
                .statusCode(400)
                .body("field", equalTo("database"))
                .body(
                        "error",
                        equalTo("database: name either a registered database (databaseId) or an inline one "
                                + "(kind, jdbcUrl, user, password), not both"));
    }

    @Test
    void shouldRefuseADialectOtherThanTheRegisteredDatabasesKind() {
        String key = key();
        UUID database = UUID.randomUUID();
        Map<String, Object> job = job(QUESTIONS, PREDICTIONS);
        job.put("database", Map.of("databaseId", database.toString()));
        MemoryExecutor.answering(
                        channels,
                        database,
                        task -> DatabaseTaskCompleted.schemas(
                                task, SqlDialect.SQLSERVER, false, List.of("dbo"), "their-mssql"),
                        () -> submit(key, job))
                .statusCode(400)
                .body("field", equalTo("dialect"))
                .body(
                        "error",
                        equalTo("dialect: dialect postgresql does not match database " + database
                                + ", a sqlserver database"));
    }

    @Test
    void shouldRefuseANativeSchemaForAModelJobOnAnInlineDatabase() {
        String key = key();
        InMemoryJobs.announceBackends(channels, key);
        Map<String, Object> job = job(QUESTIONS, null);
        job.remove("model");
        job.remove("allowMissingPredictions");
        job.put("models", List.of(Map.of("label", "gpt", "backend", "openai", "model", "gpt-4o-mini")));
        job.put("nativeSchema", "public");
        MemoryExecutor.answeringInlineChecks(channels, () -> submit(key, job))
                .statusCode(400)
                .body("field", equalTo("nativeSchema"))
                .body("error", startsWith("nativeSchema: models are shown the schema of a registered database only"));
    }

    @Test
    void shouldRefuseAReplayJobWithoutAPredictionForEveryQuestionUnlessItAllowsThat() {
        String key = key();
        Map<String, Object> job = job(QUESTIONS, List.of(PREDICTIONS.get(0)));
        job.put("name", "missing " + UUID.randomUUID());
        submit(key, job)
                .statusCode(400)
                .body("field", equalTo("predictions"))
                .body(
                        "error",
                        equalTo("predictions: 1 of the replay job's items have no recorded prediction ('q2'):"
                                + " record one for each question, or set \"allowMissingPredictions\": true to run them without"
                                + " one (those items fail)"));

        job.put("allowMissingPredictions", true);
        MemoryExecutor.answeringInlineChecks(channels, () -> submit(key, job)).statusCode(202);
    }

    @Test
    void shouldRefuseGoldSqlThatCannotRunNamingEachQuestion() {
        String key = key();
        Map<String, Object> job = job(
                List.of(
                        QUESTIONS.get(0),
                        Map.of("id", "q2", "question", "Typo?", "goldSql", "SELEC name FROM club"),
                        Map.of("id", "q3", "question", "Delete?", "goldSql", "DELETE FROM club")),
                null);
        submit(key, job)
                .statusCode(400)
                .body("field", equalTo("questions[1].goldSql"))
                .body(
                        "error",
                        startsWith("questions[1].goldSql: is not one read-only query the executor would run: "
                                + "not a parseable PostgreSQL statement"))
                .body(
                        "error",
                        containsString("; questions[2].goldSql: is not one read-only query the executor "
                                + "would run: only SELECT queries may run, got DML (DELETE)"));
    }

    @Test
    void shouldRefuseRecordedPredictionsThatCannotRunUnlessTheJobScoresThemAsTheyAre() {
        String key = key();
        Map<String, Object> job = job(
                QUESTIONS,
                List.of(
                        PREDICTIONS.get(0),
                        Map.of("questionId", "q2", "predictedSql", "I think the answer is: clubs")));
        job.put("name", "unrunnable " + UUID.randomUUID());
        submit(key, job)
                .statusCode(400)
                .body("field", equalTo("predictions[1].predictedSql"))
                .body("error", containsString("predictions[1].predictedSql: is not one read-only query"))
                .body("error", containsString("\"allowInvalidPredictions\": true"));

        job.put("allowInvalidPredictions", true);
        MemoryExecutor.answeringInlineChecks(channels, () -> submit(key, job)).statusCode(202);
    }

    @Test
    void shouldCheckARecordedPredictionOutOfItsMarkdownFenceAndSendItAsRecorded() {
        String key = key();
        String fenced = "```sql\nSELECT name\nFROM club\n```";
        Map<String, Object> job =
                job(List.of(QUESTIONS.get(1)), List.of(Map.of("questionId", "q2", "predictedSql", fenced)));
        UUID jobId = UUID.fromString(MemoryExecutor.answeringInlineChecks(channels, () -> submit(key, job))
                .statusCode(202)
                .extract()
                .path("jobId"));

        JobSubmitted sent = InMemoryJobs.sent(channels).stream()
                .filter(event -> event.jobId().equals(jobId))
                .findFirst()
                .orElseThrow();
        assertThat(JobExpander.expand(jobId, sent.spec()).get(0).recordedPrediction())
                .isEqualTo(fenced);

        Map<String, Object> emptyFence =
                job(List.of(QUESTIONS.get(1)), List.of(Map.of("questionId", "q2", "predictedSql", "```\n```")));
        submit(key, emptyFence)
                .statusCode(400)
                .body("field", equalTo("predictions[0].predictedSql"))
                .body("error", startsWith("predictions[0].predictedSql: its Markdown fence holds no query"));
    }

    @Test
    void shouldRefuseAnInlineDatabaseTheExecutorRefusesBeforeAnyModelIsAsked() {
        String key = key();
        InMemoryJobs.announceBackends(channels, key);
        Map<String, Object> job = job(QUESTIONS, null);
        job.remove("model");
        job.remove("allowMissingPredictions");
        job.put("models", List.of(Map.of("label", "gpt", "backend", "openai", "model", "gpt-4o-mini")));
        job.put(
                "database",
                InlineDatabase.postgresql(
                        "jdbc:postgresql://" + InlineDatabaseChecks.REFUSED_HOST + ":5432/team", "reader", "secret"));
        MemoryExecutor.answeringInlineChecks(channels, () -> submit(key, job))
                .statusCode(400)
                .body("field", equalTo("database.jdbcUrl"))
                .body(
                        "error",
                        startsWith("database.jdbcUrl: " + InlineDatabaseChecks.REFUSED_HOST
                                + ":5432 is not an allowed target for a team database"));

        job.put(
                "database",
                InlineDatabase.postgresql(
                        "jdbc:postgresql://db.example.com:5432/team", InlineDatabaseChecks.FAILING_LOGIN, "wrong"));
        MemoryExecutor.answeringInlineChecks(channels, () -> submit(key, job))
                .statusCode(400)
                .body("field", equalTo("database.user"))
                .body(
                        "error",
                        equalTo("database.user: the login of user '" + InlineDatabaseChecks.FAILING_LOGIN
                                + "' failed: authentication failed: check user and password"));
        // Not accepted: no job sent, so no item went to a model.
        assertThat(InMemoryJobs.sent(channels))
                .noneMatch(event -> event.spec().name().equals(job.get("name")));
    }

    @Test
    void shouldSayTheBodyLimitAndWhatToDoWhenASpecIsTooLarge() {
        String answer = OversizedBody.answer(base, "/jobs", "sb_any", 17L * 1024 * 1024);
        assertThat(answer)
                .startsWith("HTTP/1.1 413")
                .contains("{\"status\":413,\"error\":\"the request body has "
                        + (17L * 1024 * 1024)
                        + " bytes; at most 16777216 are accepted: split the questions into several "
                        + "jobs (a crosswalk CSV into several imports)\",\"field\":\"body\"}");
    }

    @Test
    void shouldSayWhichContentTypeToSend() {
        given().header("X-API-Key", key())
                .contentType(ContentType.TEXT)
                .body("{}")
                .post("/jobs")
                .then()
                .statusCode(415)
                .body("field", equalTo("Content-Type"))
                .body("error", startsWith("Content-Type 'text/plain"))
                .body("error", containsString("send the body as application/json"));
    }

    @Test
    void shouldAnswerAPathIdThatIsNoUuidWith404OnEveryResource() {
        String key = key();
        for (String path : List.of(
                "/jobs/not-a-uuid",
                "/jobs/not-a-uuid/events",
                "/crosswalks/not-a-uuid",
                "/crosswalks/not-a-uuid/csv",
                "/synthetic-sets/not-a-uuid",
                "/test-suites/not-a-uuid")) {
            given().header("X-API-Key", key)
                    .get(path)
                    .then()
                    .statusCode(404)
                    .body("status", equalTo(404))
                    .body("error", containsString("not-a-uuid"));
        }
        given().header("X-API-Key", key)
                .post("/jobs/not-a-uuid/cancel")
                .then()
                .statusCode(404)
                .body("error", equalTo("no job not-a-uuid"));
    }

    private static Map<String, Object> job(Object questions, Object predictions) {
        return new HashMap<>(TestTenants.job("spec " + UUID.randomUUID(), questions, predictions));
    }

    private static ValidatableResponse submit(String key, Map<String, Object> job) {
        return TestTenants.submitJob(key, job);
    }
}
