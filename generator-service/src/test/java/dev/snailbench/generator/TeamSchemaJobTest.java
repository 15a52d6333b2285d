package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.testing.PlayedExecutor;
import dev.snailbench.generator.testing.TestBackends;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * A job on a team's own registered database with the team's own crosswalk: the generator reads the schema (with
 * sample values) through the executor (played by the test) and sends it, renamed by the crosswalk, with the
 * inference requests (once per record of several), so prompts and the mapping of level names back need no file on
 * the platform.
 * Beyond the in-memory tier: a record carrying a schema of several megabytes within the real broker's size limits.
 */
@QuarkusTest
@RealInfrastructure
class TeamSchemaJobTest {

    private static final TeamSchema READ = new TeamSchema(
            "football",
            new DatabaseSchema(
                    "PostgreSQL",
                    "football",
                    List.of(new DatabaseSchema.Table(
                            "exp_v1",
                            "club",
                            "TABLE",
                            List.of(
                                    new DatabaseSchema.Column(
                                            "club_id", "int4", ResultColumn.ValueType.NUMBER, false, List.of("1", "2")),
                                    new DatabaseSchema.Column(
                                            "club_name",
                                            "varchar",
                                            ResultColumn.ValueType.TEXT,
                                            false,
                                            List.of("FC Sion", "FC Basel"))),
                            List.of("club_id"),
                            List.of())),
                    false),
            List.of());

    private static final String CROSSWALK = """
            kind,identifier_native,native_level,regular,low,least
            table,club,Regular,club,clb,CB
            column,club_name,Regular,club_name,clb_nm,CNM
            """;

    private final UUID database = UUID.randomUUID();

    @Test
    void shouldSendTheTeamsSchemaRenamedByItsCrosswalkWithEveryInferenceRequest() {
        String key = TestTenants.create("team-own-" + UUID.randomUUID());
        TestBackends.announce(key);
        String crosswalk = given().header("X-API-Key", key)
                .contentType("text/csv")
                .body(CROSSWALK)
                .queryParam("name", "mine")
                .post("/crosswalks")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        AtomicReference<DatabaseTaskRequested> asked = new AtomicReference<>();

        String jobId = PlayedExecutor.answering(
                database,
                task -> {
                    asked.set(task);
                    return DatabaseTaskCompleted.promptSchema(task, SqlDialect.POSTGRESQL, false, READ);
                },
                () -> TestTenants.submitJob(
                                key, job(Map.of("crosswalkId", crosswalk, "levels", List.of("Native", "Least"))))
                        .statusCode(202)
                        .extract()
                        .<String>path("jobId"));

        assertThat(asked.get().kind()).isEqualTo(DatabaseTaskRequested.Kind.PROMPT_SCHEMA);
        assertThat(asked.get().nativeSchema()).isEqualTo("exp_v1");
        assertThat(asked.get().sampleValues()).isEqualTo(2);
        List<InferenceRequested> sent =
                TopicClient.awaitInferenceRequests(UUID.fromString(jobId), 2, Duration.ofSeconds(30));
        assertThat(sent)
                .hasSize(2)
                .extracting(r -> r.item().level())
                .containsExactlyInAnyOrder(NaturalnessLevel.NATIVE, NaturalnessLevel.LEAST);
        assertThat(sent).allSatisfy(r -> {
            assertThat(r.schema().schema()).isEqualTo(READ.schema());
            assertThat(r.schema().crosswalk()).extracting(CrosswalkEntry::least).containsExactly("CB", "CNM");
        });
    }

    @Test
    void shouldRunTheItemsInTheSchemaThePromptShowsAsTheDatabaseSpellsIt() {
        String key = TestTenants.create("team-path-" + UUID.randomUUID());
        TestBackends.announce(key);
        AtomicReference<DatabaseTaskRequested> asked = new AtomicReference<>();

        // Named in another case than the database's: prompt and search path both get the database's spelling.
        String jobId = PlayedExecutor.answering(
                database,
                task -> {
                    asked.set(task);
                    return DatabaseTaskCompleted.promptSchema(task, SqlDialect.POSTGRESQL, false, READ);
                },
                () -> TestTenants.submitJob(key, job(Map.of("nativeSchema", "Exp_V1")))
                        .statusCode(202)
                        .extract()
                        .<String>path("jobId"));
        // Recorded predictions on a registered database: no prompt, the path still is the job's schema.
        Map<String, Object> replay = new HashMap<>(job(Map.of(
                "nativeSchema",
                "exp_v3",
                "model",
                "recorded",
                "predictions",
                List.of(Map.of("questionId", "q1", "predictedSql", "SELECT club_name FROM club")))));
        replay.remove("models");
        String replayId = PlayedExecutor.answering(
                database,
                task -> null,
                () -> TestTenants.submitJob(key, replay)
                        .statusCode(202)
                        .extract()
                        .<String>path("jobId"));

        assertThat(asked.get().nativeSchema()).isEqualTo("exp_v1");
        assertThat(TopicClient.awaitInferenceRequests(UUID.fromString(jobId), 1, Duration.ofSeconds(30)))
                .singleElement()
                .satisfies(r -> assertThat(r.item().database().schema()).isEqualTo("exp_v1"));
        assertThat(TopicClient.awaitInferenceRequests(UUID.fromString(replayId), 1, Duration.ofSeconds(30)))
                .singleElement()
                .satisfies(r -> assertThat(r.item().database().schema()).isEqualTo("exp_v3"));
    }

    @Test
    void shouldPublishTheItemsOfAJobOnASchemaOfSeveralMegabytesWithTheSchemaOnceForThemAll() {
        String key = TestTenants.create("team-large-" + UUID.randomUUID());
        TestBackends.announce(key);
        // About 2.5 MB of sample values: more than a Kafka record may be by default, far less than a job may be.
        TeamSchema large = new TeamSchema(
                "football",
                new DatabaseSchema(
                        "PostgreSQL",
                        "football",
                        List.of(new DatabaseSchema.Table(
                                "exp_v1",
                                "club",
                                "TABLE",
                                List.of(new DatabaseSchema.Column(
                                        "club_name",
                                        "varchar",
                                        ResultColumn.ValueType.TEXT,
                                        false,
                                        Collections.nCopies(25_000, "x".repeat(100)))),
                                List.of(),
                                List.of())),
                        false),
                List.of());
        String crosswalk = given().header("X-API-Key", key)
                .contentType("text/csv")
                .body(CROSSWALK)
                .queryParam("name", "mine")
                .post("/crosswalks")
                .then()
                .statusCode(201)
                .extract()
                .path("id");

        String jobId = PlayedExecutor.answering(
                database,
                task -> DatabaseTaskCompleted.promptSchema(task, SqlDialect.POSTGRESQL, false, large),
                () -> TestTenants.submitJob(
                                key, job(Map.of("crosswalkId", crosswalk, "levels", List.of("Native", "Low", "Least"))))
                        .statusCode(202)
                        .extract()
                        .<String>path("jobId"));

        List<InferenceRequested> sent =
                TopicClient.awaitInferenceRequests(UUID.fromString(jobId), 3, Duration.ofSeconds(60));
        assertThat(sent)
                .hasSize(3)
                .allSatisfy(r -> assertThat(r.schema().schema()).isEqualTo(large.schema()));
        List<ConsumerRecord<String, byte[]>> records = TopicClient.await(
                Topics.QUERIES_TO_INFER,
                r -> new String(r.value(), StandardCharsets.UTF_8).contains(jobId),
                3,
                Duration.ofSeconds(5));
        assertThat(records).hasSize(1);
        assertThat(records.get(0).value().length).isLessThan(EventJson.write(large).length * 2);
    }

    @Test
    void shouldNameTheFieldWhenTheTeamsSchemaCannotBeUsed() {
        String key = TestTenants.create("team-own-bad-" + UUID.randomUUID());
        TestBackends.announce(key);
        Map<String, Object> noSchema = new HashMap<>(job(Map.of()));
        noSchema.remove("nativeSchema");
        PlayedExecutor.answering(
                database,
                task -> null,
                () -> TestTenants.submitJob(key, noSchema).statusCode(400).body("field", equalTo("nativeSchema")));
        TestTenants.submitJob(key, job(Map.of("crosswalkId", UUID.randomUUID().toString(), "schemaId", "ATBI")))
                .statusCode(400)
                .body("field", equalTo("crosswalkId"));
        TestTenants.submitJob(key, job(Map.of("levels", List.of("Least"))))
                .statusCode(400)
                .body("field", equalTo("schemaId"));
        TestTenants.submitJob(key, job(Map.of("database", Map.of("databaseId", "football"))))
                .statusCode(400)
                .body("field", equalTo("database.databaseId"));
        // Another tenant's crosswalk (or none) is not found for this one.
        String theirs = given().header("X-API-Key", TestTenants.create("other-" + UUID.randomUUID()))
                .contentType("text/csv")
                .body(CROSSWALK)
                .queryParam("name", "theirs")
                .post("/crosswalks")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        PlayedExecutor.answering(
                database,
                task -> DatabaseTaskCompleted.promptSchema(task, SqlDialect.POSTGRESQL, false, READ),
                () -> TestTenants.submitJob(key, job(Map.of("crosswalkId", theirs, "levels", List.of("Least"))))
                        .statusCode(400)
                        .body("field", equalTo("crosswalkId")));
        // The database has no schema "nope" (the played SCHEMAS answer), nor would its reading find one.
        PlayedExecutor.answering(
                database,
                task -> task.kind() == DatabaseTaskRequested.Kind.SCHEMAS
                        ? null
                        : DatabaseTaskCompleted.failed(
                                task, SqlDialect.POSTGRESQL, false, true, "schema nope does not exist"),
                () -> TestTenants.submitJob(key, job(Map.of("nativeSchema", "nope")))
                        .statusCode(400)
                        .body("field", equalTo("nativeSchema")));
    }

    private Map<String, Object> job(Map<String, Object> extra) {
        Map<String, Object> job = TestTenants.modelJob(
                "own schema " + UUID.randomUUID(),
                database,
                "openai",
                List.of(Map.of("id", "q1", "question", "Which clubs?", "goldSql", "SELECT club_name FROM club")));
        job.put("promptOptions", Map.of("sampleValues", 2));
        job.putAll(extra);
        return job;
    }
}
