package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.testing.InlineDatabase;
import dev.snailbench.generator.testing.PlayedExecutor;
import dev.snailbench.generator.testing.TestBackends;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import dev.snailbench.workbench.refiner.ColumnRef;
import dev.snailbench.workbench.refiner.DatasetSchemas;
import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import dev.snailbench.workbench.refiner.OfflinePackager;
import dev.snailbench.workbench.refiner.RecoveryRun;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A model job asked on a schema variant of a registered database (FootballDB v1's schema, the executor played by
 * the test): the generator computes the injected or refined names and sends them with every inference request, and
 * every item says which variant it was asked on. The names are the ones the in-process refiner experiment
 * ({@link RecoveryRun}) shows its simulator, so jobs and the in-process run measure the same schemas.
 * Beyond the in-memory tier: the names read back from the inference requests the stored job publishes on the topic.
 */
@QuarkusTest
@RealInfrastructure
class SchemaVariantJobTest {

    private final UUID database = UUID.randomUUID();

    @Test
    void shouldSendTheInjectedAndRefinedNamesOfTheInProcessExperimentWithEveryInferenceRequest() throws Exception {
        DatabaseSchema schema = DatasetSchemas.footballDb(1);
        RecoveryRun.Setup experiment = RecoveryRun.setup(0.10, 1, OfflinePackager.Context.SCHEMA);
        String key = TestTenants.create("variant-" + UUID.randomUUID());
        TestBackends.announce(key);

        for (Variant kind : Variant.values()) {
            Map<String, Object> variant = kind == Variant.ORIGINAL
                    ? Map.of("kind", "original")
                    : Map.of("kind", kind.label(), "seed", 1, "rate", 0.10);
            String jobId = PlayedExecutor.answering(
                    database,
                    executor(schema),
                    () -> TestTenants.submitJob(key, job(Map.of("schemaVariant", variant)))
                            .statusCode(202)
                            .extract()
                            .<String>path("jobId"));

            List<InferenceRequested> sent =
                    TopicClient.awaitInferenceRequests(UUID.fromString(jobId), 2, Duration.ofSeconds(60));
            assertThat(sent).hasSize(2);
            String label = kind == Variant.ORIGINAL
                    ? "original"
                    : kind == Variant.INJECTED ? "injected seed=1 rate=0.1" : "refined seed=1 rate=0.1 context=schema";
            Map<String, String> expected = new TreeMap<>();
            experiment.variants().shown(kind).renamed().forEach((c, name) -> expected.put(c.key(), name));
            assertThat(sent).allSatisfy(r -> {
                assertThat(r.item().schemaVariant()).isEqualTo(label);
                assertThat(r.schema().variant().label()).isEqualTo(label);
                assertThat(r.schema().schema()).isEqualTo(schema);
                Map<String, String> shown = new TreeMap<>();
                r.schema()
                        .variant()
                        .columns()
                        .forEach(c -> shown.put(new ColumnRef(c.table(), c.column()).key(), c.shown()));
                assertThat(shown).as(kind.label()).isEqualTo(expected);
            });
            if (kind != Variant.ORIGINAL) {
                assertThat(expected).as(kind.label() + " renames columns").isNotEmpty();
            }
        }
    }

    @Test
    void shouldAskTheRefinersRepairOfTheTeamsOwnNamesWithNothingInjected() throws Exception {
        DatabaseSchema schema = DatasetSchemas.footballDb(1);
        String key = TestTenants.create("variant-own-" + UUID.randomUUID());
        TestBackends.announce(key);
        // The view layer POST /refiner/views builds over the team's own schema: view column → physical column.
        Map<String, Map<String, String>> views = PlayedExecutor.answering(
                database,
                executor(schema),
                () -> given().header("X-API-Key", key)
                        .contentType(ContentType.JSON)
                        .body(Map.of("databaseId", database.toString(), "nativeSchema", "exp_v1"))
                        .post("/refiner/views")
                        .then()
                        .statusCode(200)
                        .extract()
                        .path("views.columns"));
        Map<String, String> expected = new TreeMap<>();
        views.forEach((table, columns) -> columns.forEach((view, physical) -> {
            if (!view.equals(physical)) {
                expected.put(new ColumnRef(table, physical).key(), view);
            }
        }));
        assertThat(expected)
                .as("the refiner renames some of FootballDB v1's own names")
                .isNotEmpty();

        for (Map<String, Object> variant : List.of(
                Map.<String, Object>of("kind", "refined", "over", "original"),
                Map.<String, Object>of("kind", "refined", "rate", 0))) {
            String jobId = PlayedExecutor.answering(
                    database,
                    executor(schema),
                    () -> TestTenants.submitJob(key, job(Map.of("schemaVariant", variant)))
                            .statusCode(202)
                            .extract()
                            .<String>path("jobId"));

            List<InferenceRequested> sent =
                    TopicClient.awaitInferenceRequests(UUID.fromString(jobId), 2, Duration.ofSeconds(60));
            assertThat(sent).hasSize(2).allSatisfy(r -> {
                assertThat(r.item().schemaVariant()).isEqualTo("refined over=original context=schema");
                Map<String, String> shown = new TreeMap<>();
                r.schema()
                        .variant()
                        .columns()
                        .forEach(c -> shown.put(new ColumnRef(c.table(), c.column()).key(), c.shown()));
                assertThat(shown).as(variant.toString()).isEqualTo(expected);
            });
        }
    }

    @Test
    void shouldNameTheFieldOfABadSchemaVariant() {
        String key = TestTenants.create("variant-bad-" + UUID.randomUUID());
        bad(key, Map.of("schemaVariant", Map.of("kind", "ambiguous")), "schemaVariant.kind");
        bad(key, Map.of("schemaVariant", Map.of()), "schemaVariant.kind");
        bad(key, Map.of("schemaVariant", Map.of("kind", "injected", "rate", 0.9)), "schemaVariant.rate");
        bad(key, Map.of("schemaVariant", Map.of("kind", "injected", "context", "community")), "schemaVariant.context");
        bad(key, Map.of("schemaVariant", Map.of("kind", "refined", "context", "galaxy")), "schemaVariant.context");
        bad(key, Map.of("schemaVariant", Map.of("kind", "original", "seed", 3)), "schemaVariant.seed");
        bad(key, Map.of("schemaVariant", Map.of("kind", "refined", "over", "copy")), "schemaVariant.over");
        bad(key, Map.of("schemaVariant", Map.of("kind", "injected", "over", "original")), "schemaVariant.over");
        bad(
                key,
                Map.of("schemaVariant", Map.of("kind", "refined", "over", "original", "seed", 2)),
                "schemaVariant.seed");
        bad(
                key,
                Map.of("schemaVariant", Map.of("kind", "refined", "over", "original", "rate", 0.1)),
                "schemaVariant.rate");
        bad(
                key,
                Map.of("schemaVariant", Map.of("kind", "refined", "over", "injected", "rate", 0)),
                "schemaVariant.rate");
        bad(key, Map.of("schemaVariant", Map.of("kind", "injected"), "levels", List.of("Native", "Least")), "levels");
        bad(
                key,
                Map.of(
                        "schemaVariant",
                        Map.of("kind", "injected"),
                        "crosswalkId",
                        UUID.randomUUID().toString()),
                "schemaVariant");
        bad(
                key,
                Map.of(
                        "schemaVariant",
                        Map.of("kind", "injected"),
                        "database",
                        InlineDatabase.postgresql("jdbc:postgresql://db/football", "u", "p")),
                "database.databaseId");
    }

    private void bad(String key, Map<String, Object> extra, String field) {
        TestTenants.submitJob(key, job(extra))
                .statusCode(400)
                .body("field", equalTo(field))
                .body("error", containsString(field));
    }

    private static Function<DatabaseTaskRequested, DatabaseTaskCompleted> executor(DatabaseSchema schema) {
        return task -> task.kind() == DatabaseTaskRequested.Kind.PROMPT_SCHEMA
                ? DatabaseTaskCompleted.promptSchema(
                        task, SqlDialect.POSTGRESQL, false, new TeamSchema("football", schema, List.of()))
                // The submission's SCHEMAS question: the played database's schemas (PlayedExecutor.SCHEMAS).
                : task.kind() == DatabaseTaskRequested.Kind.SCHEMAS
                        ? null
                        : DatabaseTaskCompleted.failed(
                                task, SqlDialect.POSTGRESQL, false, true, "not played by this test");
    }

    private Map<String, Object> job(Map<String, Object> extra) {
        Map<String, Object> job = TestTenants.modelJob(
                "variant " + UUID.randomUUID(),
                database,
                "openai",
                List.of(
                        Map.of("id", "q1", "question", "Which clubs?", "goldSql", "SELECT club_name FROM club"),
                        Map.of("id", "q2", "question", "How many players?", "goldSql", "SELECT count(*) FROM player")));
        job.putAll(extra);
        return job;
    }
}
