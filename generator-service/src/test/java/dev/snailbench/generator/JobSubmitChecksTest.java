package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.testing.InMemoryJobs;
import dev.snailbench.generator.testing.MemoryExecutor;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import io.smallrye.mutiny.Uni;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A job that could only fail is refused when it is submitted, with the field to fix and what to do, instead of
 * being accepted and ending "completed, 100 failed": the executor (played over the real broker) says whether the
 * database is the tenant's and which schemas it has, the inference service's announcement which backends exist.
 * On the in-memory tier: the executor is played on its channels, no job is stored.
 */
@QuarkusTest
@InMemoryTier
class JobSubmitChecksTest extends JobSubmissionTest {

    private final UUID database = UUID.randomUUID();

    @BeforeEach
    void noJobStored() {
        when(jobs.stored(any())).thenReturn(Uni.createFrom().nullItem());
    }

    private <T> T answering(Function<DatabaseTaskRequested, DatabaseTaskCompleted> executor, Supplier<T> call) {
        return MemoryExecutor.answering(channels, database, executor, call);
    }

    @Test
    void shouldRefuseAJobOnADatabaseThatIsNotTheTenants() {
        String key = key();
        List<DatabaseTaskRequested> asked = new CopyOnWriteArrayList<>();
        ValidatableResponse refused = answering(
                task -> {
                    asked.add(task);
                    return DatabaseTaskCompleted.failed(
                            task, null, false, true, "database " + database + " is not registered for tenant x");
                },
                () -> submit(key, replayJob()));

        refused.statusCode(400)
                .body("status", equalTo(400))
                .body("field", equalTo("database.databaseId"))
                .body("error", containsString("database " + database + " is not registered for your tenant"))
                .body("error", containsString("POST /databases"));
        assertThat(asked).extracting(DatabaseTaskRequested::kind).containsExactly(DatabaseTaskRequested.Kind.SCHEMAS);
    }

    @Test
    void shouldAnswer503WhenTheExecutorDoesNotSayWhetherTheDatabaseExists() {
        String key = key();
        // Nobody answers the executor's task: not accepted blindly.
        submit(key, replayJob())
                .statusCode(503)
                .body("status", equalTo(503))
                .body("error", containsString("the executor did not answer the schemas task on database " + database))
                .body("error", containsString("try again"));
    }

    @Test
    void shouldNameTheMissingNativeSchemaAndTheSchemasTheDatabaseHas() {
        String key = key();
        InMemoryJobs.announceBackends(channels, key);
        Map<String, Object> job = modelJob("openai");
        job.remove("nativeSchema");
        answering(
                        task -> DatabaseTaskCompleted.schemas(
                                task, SqlDialect.POSTGRESQL, false, List.of("exp_v1", "public"), "football"),
                        () -> submit(key, job))
                .statusCode(400)
                .body("field", equalTo("nativeSchema"))
                .body("error", containsString("nativeSchema: missing"))
                .body("error", containsString("database " + database + " has the schemas [exp_v1, public]"));

        job.put("nativeSchema", "exp_v9");
        answering(
                        task -> DatabaseTaskCompleted.schemas(
                                task, SqlDialect.POSTGRESQL, false, List.of("exp_v1", "public"), "football"),
                        () -> submit(key, job))
                .statusCode(400)
                .body("field", equalTo("nativeSchema"))
                .body(
                        "error",
                        equalTo("nativeSchema: database " + database + " has no schema 'exp_v9' with tables; "
                                + "its schemas: [exp_v1, public]"));
    }

    @Test
    void shouldRefuseABackendTheInferenceServiceIsNotConfiguredWith() {
        String key = key();
        InMemoryJobs.announceBackends(channels, key);
        // Refused before the executor is asked anything: no played executor needed.
        submit(key, modelJob("azure"))
                .statusCode(400)
                .body("status", equalTo(400))
                .body("field", equalTo("models[0].backend"))
                .body(
                        "error",
                        containsString("backend 'azure' is not configured in the inference service "
                                + "(configured: [fake, openai], plus replay"));
        given().header("X-API-Key", key)
                .get("/backends")
                .then()
                .statusCode(200)
                .body("backends", equalTo(List.of("fake", "openai")));
    }

    private static ValidatableResponse submit(String key, Map<String, Object> job) {
        return TestTenants.submitJob(key, job);
    }

    private Map<String, Object> replayJob() {
        return new HashMap<>(Map.of(
                "name",
                "replay " + UUID.randomUUID(),
                "database",
                Map.of("databaseId", database.toString()),
                "dialect",
                "postgresql",
                "model",
                "gpt-3.5-turbo",
                "questions",
                List.of(Map.of("id", "1", "question", "Which clubs?", "goldSql", "SELECT 1")),
                "predictions",
                List.of(Map.of("questionId", "1", "predictedSql", "SELECT 1"))));
    }

    private Map<String, Object> modelJob(String backend) {
        return TestTenants.modelJob(
                "model " + UUID.randomUUID(),
                database,
                backend,
                List.of(Map.of("id", "1", "question", "Which clubs?", "goldSql", "SELECT 1")));
    }
}
