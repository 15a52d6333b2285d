package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.TestTenants;
import dev.snailbench.generator.testing.PlayedExecutor;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.testkit.FakeOpenAi;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.workbench.refiner.Ambiguity;
import dev.snailbench.workbench.refiner.AmbiguityInjector;
import dev.snailbench.workbench.refiner.DatasetSchemas;
import dev.snailbench.workbench.refiner.InjectedSchema;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The refiner's REST API on FootballDB v1 in the module's PostgreSQL, the test playing the executor (schema with
 * keys and samples; applying DDL as admin): analysis with evidence, the view layer applied, SQL mapped back,
 * injection, the LLM and embeddings backends on the local fake OpenAI server, and the 401/400 answers.
 * Beyond the in-memory tier: the view layer applied on a real PostgreSQL, the executor's tasks on the real topics.
 */
@QuarkusTest
@RealInfrastructure
class SchemaRefinerResourceTest {

    private String key;
    private final UUID database = UUID.randomUUID();

    @BeforeAll
    static void loadFootballDb() {
        LocalStack.targetsWithFootballDb();
    }

    @BeforeEach
    void registerTenant() {
        key = TestTenants.create("tenant-" + UUID.randomUUID());
    }

    @Test
    void shouldFindAnInjectedHomonymOfARegisteredDatabaseWithItsEvidence() throws Exception {
        InjectedSchema injected = AmbiguityInjector.inject(withSamples(DatasetSchemas.footballDb(1)), 0.05, 2);
        Ambiguity homonym = injected.truth().stream()
                .filter(a -> a.type() == Ambiguity.Type.HOMONYM)
                .findFirst()
                .orElseThrow();

        JsonPath analysis = PlayedExecutor.answering(
                database,
                executor(injected.schema()),
                () -> TestTenants.post(
                                key, "/refiner/analyses", Map.of("databaseId", database, "nativeSchema", "exp_v1"))
                        .statusCode(200)
                        .body(
                                "columns",
                                equalTo(injected.schema().tables().stream()
                                        .mapToInt(t -> t.columns().size())
                                        .sum()))
                        .body("thresholds.homonym", equalTo(0.75f))
                        // the built-in sentence-embedding model is the default backend
                        .body("embeddings", equalTo("minilm"))
                        .extract()
                        .jsonPath());

        List<Map<String, Object>> findings = analysis.getList("findings");
        assertThat(findings).anySatisfy(f -> {
            assertThat(f.get("type")).isEqualTo("HOMONYM");
            assertThat(f.get("columns").toString())
                    .contains(homonym.columns().get(0).table())
                    .contains(homonym.columns().get(1).table());
            assertThat(f.get("evidence").toString()).startsWith("same name, different meanings");
        });
        // every synonym says what it rests on
        assertThat(findings)
                .filteredOn(f -> "SYNONYM".equals(f.get("type")))
                .isNotEmpty()
                .allSatisfy(f -> assertThat((List<?>) f.get("grounds")).isNotEmpty());
        assertThat(analysis.getInt("communities")).isGreaterThan(1);

        // The baseline: expansions drawn from the column's table only still tell the homonym apart.
        JsonPath tableOnly = PlayedExecutor.answering(
                database,
                executor(injected.schema()),
                () -> TestTenants.post(
                                key,
                                "/refiner/analyses",
                                Map.of("databaseId", database, "nativeSchema", "exp_v1", "context", "table"))
                        .statusCode(200)
                        .extract()
                        .jsonPath());
        assertThat(tableOnly.getList("findings", Map.class)).anySatisfy(f -> {
            assertThat(f.get("type")).isEqualTo("HOMONYM");
            assertThat(f.get("columns").toString())
                    .contains(homonym.columns().get(0).table());
        });
    }

    @Test
    void shouldApplyTheViewLayerAndMapSqlOnItBackToThePhysicalNames() throws Exception {
        DatabaseSchema schema = withSamples(DatasetSchemas.footballDb(1));
        // The ambiguous variant made physical: views with injected names over exp_v1, in schema amb_rest.
        JsonPath injection = PlayedExecutor.answering(
                database,
                executor(schema),
                () -> TestTenants.post(
                                key,
                                "/refiner/injections",
                                Map.of(
                                        "databaseId",
                                        database,
                                        "nativeSchema",
                                        "exp_v1",
                                        "rate",
                                        0.1,
                                        "seed",
                                        4,
                                        "viewSchema",
                                        "amb_rest",
                                        "sql",
                                        List.of("SELECT p.player_name, c.club_name FROM player p "
                                                + "JOIN player_club_team t ON t.player_id = p.player_id JOIN club c ON c.club_id = "
                                                + "t.club_id WHERE c.club_name = 'Arsenal'")))
                        .statusCode(200)
                        .extract()
                        .jsonPath());
        assertThat(injection.getList("truth")).isNotEmpty();
        List<String> injectedDdl = injection.getList("views.statements");
        try (Connection c = LocalStack.targets().connect("footballdb_v1");
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS amb_rest CASCADE");
            for (String sql : injectedDdl) {
                s.execute(sql);
            }
        }
        DatabaseSchema ambiguous = AmbiguityInjector.inject(schema, 0.1, 4).as(SqlDialect.POSTGRESQL);
        // Another registration of the same database (the played executor reads every task sent for an id).
        UUID registered = UUID.randomUUID();

        JsonPath views = PlayedExecutor.answering(
                registered,
                executor(ambiguous, "amb_rest"),
                () -> TestTenants.post(
                                key,
                                "/refiner/views",
                                Map.of(
                                        "databaseId",
                                        registered,
                                        "nativeSchema",
                                        "amb_rest",
                                        "viewSchema",
                                        "ref_rest",
                                        "apply",
                                        true))
                        .statusCode(200)
                        .body("applied", equalTo(true))
                        .body("views.viewSchema", equalTo("ref_rest"))
                        .extract()
                        .jsonPath());
        Map<String, Map<String, String>> mapping = views.getMap("views.columns");
        // A column the layer renamed: query it on the views, map back, and compare with the ambiguous schema.
        String table = null;
        String view = null;
        String physical = null;
        for (var t : mapping.entrySet()) {
            for (var col : t.getValue().entrySet()) {
                if (!col.getKey().equals(col.getValue()) && table == null) {
                    table = t.getKey();
                    view = col.getKey();
                    physical = col.getValue();
                }
            }
        }
        assertThat(table).as("the layer renames at least one column").isNotNull();
        String onViews = "SELECT x." + view + " FROM " + table + " x ORDER BY 1 LIMIT 20";
        String back = TestTenants.post(key, "/refiner/rewrite", Map.of("sql", onViews, "mapping", mapping))
                .statusCode(200)
                .body("method", equalTo("parsed"))
                .extract()
                .path("sql");
        assertThat(back).contains("x." + physical).doesNotContain("x." + view + " ");
        try (Connection c = LocalStack.targets().connect("footballdb_v1")) {
            assertThat(rows(c, "ref_rest", onViews)).isNotEmpty().isEqualTo(rows(c, "amb_rest", back));
        }
    }

    @Test
    void shouldWritePackagesWithTheLlmAndCompareThemWithTheEmbeddingsBackend() throws Exception {
        DatabaseSchema schema = withSamples(DatasetSchemas.footballDb(1));
        long before = FakeOpenAi.instance().count("/embeddings");

        JsonPath analysis = PlayedExecutor.answering(
                database,
                executor(schema),
                () -> TestTenants.post(
                                key,
                                "/refiner/analyses",
                                Map.of(
                                        "databaseId",
                                        database,
                                        "nativeSchema",
                                        "exp_v1",
                                        "packages",
                                        "llm",
                                        "embeddings",
                                        "openai"))
                        .statusCode(200)
                        .body("packages", equalTo("llm"))
                        .body("embeddings", equalTo("openai"))
                        .extract()
                        .jsonPath());

        assertThat(FakeOpenAi.instance().prompts())
                .anyMatch(p ->
                        p.startsWith("Describe each column") && p.contains("- player.player_name (varchar; values: "));
        assertThat(FakeOpenAi.instance().count("/embeddings")).isGreaterThan(before);
        assertThat(analysis.getList("semanticPackages.description", String.class))
                .contains("the player name recorded for each player");
        // The fake's descriptions name the table, so same-named columns of different tables read as homonyms.
        assertThat(analysis.getList("findings.type", String.class)).contains("HOMONYM");
    }

    @Test
    void shouldAnswer401WithoutAKeyAnd400NamingTheFieldToFix() {
        given().contentType("application/json")
                .body(Map.of("databaseId", database, "nativeSchema", "exp_v1"))
                .when()
                .post("/refiner/analyses")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo("X-API-Key"))
                .body("error", containsString("X-API-Key"));
        given().contentType("application/json")
                .body(Map.of("sql", "SELECT 1", "mapping", Map.of("t", Map.of())))
                .when()
                .post("/refiner/rewrite")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo("X-API-Key"))
                .body("error", containsString("X-API-Key"));
        bad("/refiner/analyses", Map.of("nativeSchema", "exp_v1"), "databaseId");
        bad("/refiner/analyses", Map.of("databaseId", database), "nativeSchema");
        bad("/refiner/analyses", Map.of("databaseId", database, "nativeSchema", "exp v1"), "nativeSchema");
        bad(
                "/refiner/analyses",
                Map.of("databaseId", database, "nativeSchema", "exp_v1", "packages", "gpt"),
                "packages");
        bad(
                "/refiner/analyses",
                Map.of("databaseId", database, "nativeSchema", "exp_v1", "embeddings", "bert"),
                "embeddings");
        bad(
                "/refiner/analyses",
                Map.of("databaseId", database, "nativeSchema", "exp_v1", "context", "galaxy"),
                "context");
        bad(
                "/refiner/analyses",
                Map.of("databaseId", database, "nativeSchema", "exp_v1", "thresholds", Map.of("homonym", 2)),
                "thresholds.homonym");
        bad(
                "/refiner/views",
                Map.of("databaseId", database, "nativeSchema", "exp_v1", "viewSchema", "exp_v1"),
                "viewSchema");
        bad("/refiner/injections", Map.of("databaseId", database, "nativeSchema", "exp_v1", "rate", 0.9), "rate");
        bad(
                "/refiner/injections",
                Map.of("databaseId", database, "nativeSchema", "exp_v1", "sql", List.of(" ")),
                "sql[0]");
        bad("/refiner/rewrite", Map.of("sql", "SELECT 1"), "mapping");
        bad("/refiner/rewrite", Map.of("mapping", Map.of("t", Map.of("a", "b"))), "sql");
        bad(
                "/refiner/rewrite",
                Map.of("sql", "SELECT 1", "dialect", "oracle", "mapping", Map.of("t", Map.of("a", "b"))),
                "dialect");
    }

    private void bad(String path, Map<String, ?> body, String field) {
        TestTenants.post(key, path, body)
                .statusCode(400)
                .body("field", equalTo(field))
                .body("error", containsString(field));
    }

    private static Function<DatabaseTaskRequested, DatabaseTaskCompleted> executor(DatabaseSchema schema) {
        return executor(schema, "exp_v1");
    }

    /** The executor's part: the schema (as its introspection would read it) and DDL applied as admin. */
    private static Function<DatabaseTaskRequested, DatabaseTaskCompleted> executor(
            DatabaseSchema schema, String nativeSchema) {
        return task -> {
            if (task.kind() == DatabaseTaskRequested.Kind.PROMPT_SCHEMA
                    && task.nativeSchema().equals(nativeSchema)) {
                return DatabaseTaskCompleted.promptSchema(
                        task, SqlDialect.POSTGRESQL, true, new TeamSchema("footballdb", schema, List.of()));
            }
            if (task.kind() == DatabaseTaskRequested.Kind.APPLY_DDL) {
                try (Connection c = LocalStack.targets().connect("footballdb_v1")) {
                    return PlayedExecutor.applyDdl(c, task);
                } catch (SQLException e) {
                    return DatabaseTaskCompleted.failed(task, SqlDialect.POSTGRESQL, true, false, e.getMessage());
                }
            }
            return DatabaseTaskCompleted.failed(task, SqlDialect.POSTGRESQL, true, true, "not played by this test");
        };
    }

    /** The dump's schema with up to 3 distinct values per column read from the loaded database. */
    static DatabaseSchema withSamples(DatabaseSchema schema) throws SQLException {
        return DatasetSchemas.withSamples(schema, "footballdb_v1", 3);
    }

    private static List<String> rows(Connection c, String searchPath, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET search_path TO " + searchPath);
            List<String> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    rows.add(rs.getString(1));
                }
            }
            return rows;
        }
    }
}
