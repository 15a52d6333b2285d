package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.TestTenants;
import dev.snailbench.generator.testing.LlmAnswers;
import dev.snailbench.generator.testing.PlayedExecutor;
import dev.snailbench.model.domain.QatchSuite.TextTable;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.testkit.FakeOpenAi;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * POST /synthetic-sets: the executor (played by the test over the real broker) fills the seed templates on the
 * team's database; the generator writes the questions (seed questions rewritten, or the LLM's candidates chosen by
 * their embeddings' centroid, both against the local fake OpenAI-compatible server), stores the set, and a job can
 * run on it. The SQL side on a real database is tested in the executor module, the whole route on the packaged
 * services.
 * Beyond the in-memory tier: the request and the executor's answer as records on the real database-task topics.
 */
@QuarkusTest
@RealInfrastructure
class SyntheticSetResourceTest {

    private static final List<Map<String, String>> SEEDS = List.of(
            Map.of(
                    "question",
                    "Who was the coach of England in 2018?",
                    "sql",
                    "SELECT DISTINCT c.coach_name FROM coach AS c JOIN national_team AS nt ON c.team_id = nt.team_id"
                            + " WHERE nt.teamname = 'England' AND nt.year = 2018"),
            Map.of(
                    "question",
                    "Which coach led Italy at the 2006 world cup?",
                    "sql",
                    "SELECT DISTINCT c.coach_name FROM coach AS c JOIN national_team AS nt ON c.team_id = nt.team_id"
                            + " WHERE nt.teamname = 'Italy' AND nt.year = 2006"),
            Map.of(
                    "question",
                    "How many goals did Brazil score?",
                    "sql",
                    "SELECT goals FROM national_team WHERE teamname = 'Brazil'"));

    private static final String COACH = "SELECT DISTINCT c.coach_name FROM coach AS c JOIN national_team AS nt ON "
            + "c.team_id = nt.team_id WHERE nt.teamname = __slot0__ AND nt.year = __slot1__";

    /** What the executor answers: two templates (the first shared by two seeds) and three filled queries. */
    private static final SyntheticSuite SUITE = new SyntheticSuite(
            List.of(
                    new SyntheticSuite.Template(
                            "t1",
                            COACH,
                            List.of("VALUE", "VALUE"),
                            List.of(
                                    new SyntheticSuite.Frame(
                                            0, "Who was the coach of England in 2018?", List.of("England", "2018")),
                                    new SyntheticSuite.Frame(
                                            1,
                                            "Which coach led Italy at the 2006 world cup?",
                                            List.of("Italy", "2006")))),
                    new SyntheticSuite.Template(
                            "t2",
                            "SELECT goals FROM national_team WHERE teamname = __slot0__",
                            List.of("VALUE"),
                            List.of(new SyntheticSuite.Frame(
                                    2, "How many goals did Brazil score?", List.of("Brazil"))))),
            List.of(
                    pair(
                            "syn-1",
                            "t1",
                            COACH.replace("__slot0__", "'Germany'").replace("__slot1__", "2014"),
                            List.of("Germany", "2014"),
                            "Joachim Löw"),
                    pair(
                            "syn-2",
                            "t2",
                            "SELECT goals FROM national_team WHERE teamname = 'Spain'",
                            List.of("Spain"),
                            "8"),
                    pair(
                            "syn-3",
                            "t1",
                            COACH.replace("__slot0__", "'France'").replace("__slot1__", "1998"),
                            List.of("France", "1998"),
                            "Aimé Jacquet")),
            new SyntheticSuite.Counts(
                    3,
                    0,
                    0,
                    0,
                    0,
                    2,
                    5,
                    1,
                    0,
                    1,
                    0,
                    0,
                    0,
                    0,
                    0,
                    false,
                    List.of("x -- error"),
                    Map.ofEntries(
                            Map.entry("frame", 2),
                            Map.entry("duplicateColumn", 1),
                            Map.entry("tautology", 3),
                            Map.entry("emptyChange", 4),
                            Map.entry("resultShape", 5),
                            Map.entry("likeFragment", 6),
                            Map.entry("distinctValues", 7),
                            Map.entry("goldScreening", 1),
                            Map.entry("answerShape", 0),
                            Map.entry("seedMeaning", 1),
                            Map.entry("unaskedReturn", 1),
                            Map.entry("flagReading", 0),
                            Map.entry("rowsPerKey", 1),
                            Map.entry("distinctAdded", 2)),
                    List.of(
                            "seed 4: fails the gold screening: its LIMIT 1 cuts through rows tied on ORDER BY "
                                    + "goals DESC",
                            "seed 5: its SQL does not mean what its question asks: filters on "
                                    + "'Spain', which the question does not say",
                            "seed 6: its SQL returns what its question does not ask: returns team_role, which its "
                                    + "question does not ask for")));

    private static SyntheticSuite.Pair pair(String id, String template, String sql, List<String> spoken, String cell) {
        return new SyntheticSuite.Pair(id, template, sql, spoken, new TextTable(List.of("v"), List.of(List.of(cell))));
    }

    private String key;
    private final UUID database = UUID.randomUUID();

    @BeforeEach
    void registerTenant() {
        key = TestTenants.create("synthetic-sets-" + UUID.randomUUID());
    }

    @Test
    void shouldRewriteTheSeedQuestionsForEachFilledQueryAndServeTheSetWithItsExpectedResults() {
        AtomicReference<DatabaseTaskRequested> asked = new AtomicReference<>();

        JsonPath created = create(Map.of("target", 3, "seed", 9), asked);

        assertThat(asked.get().kind()).isEqualTo(DatabaseTaskRequested.Kind.SYNTHETIC_SQL);
        assertThat(asked.get().synthetic().seeds())
                .extracting(SyntheticSuite.Seed::question)
                .containsExactly(SEEDS.stream().map(s -> s.get("question")).toArray(String[]::new));
        // A few more than the target are asked for, in case a question cannot be written for some.
        assertThat(asked.get().synthetic().target()).isEqualTo(3 + 5);
        assertThat(asked.get().synthetic().seed()).isEqualTo(9);
        JsonPath stored = given().header("X-API-Key", key)
                .get("/synthetic-sets/" + created.getString("id"))
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(stored.getInt("pairCount")).isEqualTo(3);
        assertThat(stored.getList("questions.id")).containsExactly("syn-1", "syn-2", "syn-3");
        // Both seeds of the template are candidates, each with the new values in its own words.
        assertThat(stored.getList("questions[0].candidates"))
                .containsExactly(
                        "Who was the coach of Germany in 2014?", "Which coach led Germany at the 2014 world cup?");
        assertThat(stored.getString("questions[0].question")).isIn(stored.getList("questions[0].candidates"));
        assertThat(stored.getString("questions[1].question")).isEqualTo("How many goals did Spain score?");
        assertThat(stored.getList("questions[2].expected.rows")).isEqualTo(List.of(List.of("Aimé Jacquet")));
        assertThat(stored.getString("questions[1].hardness")).isEqualTo("easy");
        assertThat(stored.getInt("summary.hardness.seeds.medium") + stored.getInt("summary.hardness.seeds.easy"))
                .isEqualTo(3);
        assertThat(stored.getList("summary.templates.pairs")).containsExactly(2, 1);
        // Two of the three seeds and two of the three pairs join one table to another.
        assertThat(stored.getInt("summary.characteristics.seeds.queries")).isEqualTo(3);
        assertThat(stored.getDouble("summary.characteristics.seeds.joins")).isEqualTo(0.67);
        assertThat(stored.getDouble("summary.characteristics.synthetic.joins")).isEqualTo(0.67);
        assertThat(stored.getInt("summary.executor.empty")).isEqualTo(1);
        // The automated checks: what the executor refused per check, and what the static checks still find.
        assertThat(stored.getInt("summary.checks.frame.refused")).isEqualTo(2);
        assertThat(stored.getInt("summary.checks.duplicateColumn.refused")).isEqualTo(1);
        assertThat(stored.getInt("summary.checks.tautology.refused")).isEqualTo(3);
        assertThat(stored.getInt("summary.checks.emptyChange.refused")).isEqualTo(4);
        // The checks that need the data, the seeds flagged and not multiplied, the frames refused as questions.
        assertThat(stored.getInt("summary.checks.resultShape.refused")).isEqualTo(5);
        assertThat(stored.getInt("summary.checks.likeFragment.refused")).isEqualTo(6);
        assertThat(stored.getInt("summary.checks.distinctValues.refused")).isEqualTo(7);
        assertThat(stored.getInt("summary.checks.goldScreening.flaggedSeeds")).isEqualTo(1);
        assertThat(stored.getList("summary.checks.goldScreening.examples"))
                .containsExactly(
                        "seed 4: fails the gold screening: its LIMIT 1 cuts through rows tied on ORDER BY goals DESC");
        assertThat(stored.getInt("summary.checks.answerShape.flaggedSeeds")).isZero();
        assertThat(stored.getInt("summary.checks.seedMeaning.flaggedSeeds")).isEqualTo(1);
        assertThat(stored.getList("summary.checks.seedMeaning.examples"))
                .containsExactly("seed 5: its SQL does not "
                        + "mean what its question asks: filters on 'Spain', which the question does not say");
        assertThat(stored.getInt("summary.checks.unaskedReturn.flaggedSeeds")).isEqualTo(1);
        assertThat(stored.getList("summary.checks.unaskedReturn.examples"))
                .containsExactly("seed 6: its SQL returns what its question does not ask: returns team_role, which "
                        + "its question does not ask for");
        assertThat(stored.getInt("summary.checks.flagReading.flaggedSeeds")).isZero();
        assertThat(stored.getList("summary.checks.flagReading.examples")).isEmpty();
        assertThat(stored.getInt("summary.checks.rowsPerKey.seeds")).isEqualTo(1);
        assertThat(stored.getInt("summary.checks.distinctAdded.seeds")).isEqualTo(2);
        assertThat(stored.getInt("summary.checks.questionFit.refused")).isZero();
        for (String check : List.of("tautology", "duplicateColumn", "emptyChange")) {
            assertThat(stored.getInt("summary.checks." + check + ".inSet"))
                    .as(check)
                    .isZero();
        }
        assertThat(stored.getInt("summary.checks.duplicateColumn.inSeeds")).isZero();
        // No seed and no pair aggregates or groups here; both shares are reported side by side.
        assertThat(stored.getInt("summary.shares.seeds.queries")).isEqualTo(3);
        assertThat(stored.getInt("summary.shares.multipliedSeeds.queries")).isEqualTo(3);
        assertThat(stored.getInt("summary.shares.synthetic.queries")).isEqualTo(3);
        assertThat(stored.getDouble("summary.shares.seeds.aggregation")).isZero();
        assertThat(stored.getDouble("summary.shares.synthetic.groupBy")).isZero();
        String other = TestTenants.create("other-" + UUID.randomUUID());
        given().header("X-API-Key", other)
                .get("/synthetic-sets/" + created.getString("id"))
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(created.getString("id")));
        // The tenant's sets, listed without their pairs; another tenant's list has none of them.
        given().header("X-API-Key", key)
                .get("/synthetic-sets")
                .then()
                .statusCode(200)
                .body("id", equalTo(List.of(created.getString("id"))))
                .body("[0].pairCount", equalTo(3))
                .body("[0].nativeSchema", equalTo(created.getString("nativeSchema")))
                .body("[0]", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("questions")));
        given().header("X-API-Key", other)
                .get("/synthetic-sets")
                .then()
                .statusCode(200)
                .body("", org.hamcrest.Matchers.hasSize(0));
    }

    @Test
    void shouldKeepTheLlmCandidateClosestToTheCentroidOfTheirEmbeddings() {
        long embeddingCalls = FakeOpenAi.instance().count("/embeddings");

        JsonPath created = create(Map.of("questions", "llm", "embeddings", "openai"), new AtomicReference<>());

        List<Map<String, Object>> questions = created.getList("questions");
        assertThat(questions).hasSize(3).allSatisfy(q -> {
            assertThat((List<?>) q.get("candidates")).hasSize(LlmAnswers.CANDIDATES);
            assertThat((String) q.get("question"))
                    .startsWith("CENTER question for: ")
                    .endsWith((String) q.get("goldSql"));
        });
        assertThat(FakeOpenAi.instance().count("/embeddings") - embeddingCalls).isEqualTo(3);
        // The template's own seeds are the examples the model sees.
        assertThat(FakeOpenAi.instance().prompts())
                .anySatisfy(p -> assertThat(p)
                        .contains("Question: Who was the coach of England in 2018?")
                        .contains("Question: Which coach led Italy at the 2006 world cup?")
                        .contains("SQL: " + SUITE.pairs().get(0).sql()));
    }

    @Test
    void shouldRunAJobOnTheGeneratedSet() {
        String setId = create(Map.of(), new AtomicReference<>()).getString("id");
        Map<String, Object> job = new HashMap<>(Map.of(
                "name",
                "on synthetic",
                "database",
                Map.of("databaseId", database.toString()),
                "dialect",
                "postgresql",
                "model",
                "gpt-3.5-turbo",
                "questionSet",
                Map.of("syntheticSetId", setId),
                "allowMissingPredictions",
                true));

        // The submission asks the executor (played) whether the database is the tenant's.
        String jobId = PlayedExecutor.answering(
                database,
                task -> null,
                () -> TestTenants.submitJob(key, job).statusCode(202).extract().<String>path("jobId"));

        List<InferenceRequested> published =
                TopicClient.awaitInferenceRequests(UUID.fromString(jobId), 3, Duration.ofSeconds(30));
        assertThat(published)
                .extracting(e -> e.item().goldSql())
                .containsExactlyInAnyOrderElementsOf(
                        SUITE.pairs().stream().map(SyntheticSuite.Pair::sql).toList());
        job.put("questionSet", Map.of("syntheticSetId", UUID.randomUUID().toString()));
        TestTenants.submitJob(key, job).statusCode(400).body("field", equalTo("questionSet.syntheticSetId"));
        // Another tenant cannot use it either.
        given().header("X-API-Key", TestTenants.create("thief-" + UUID.randomUUID()))
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        "x",
                        "database",
                        Map.of("databaseId", database.toString()),
                        "dialect",
                        "postgresql",
                        "model",
                        "m",
                        "questionSet",
                        Map.of("syntheticSetId", setId)))
                .post("/jobs")
                .then()
                .statusCode(400)
                .body("field", equalTo("questionSet.syntheticSetId"));
    }

    @Test
    void shouldNameTheFieldToFixInABadRequest() {
        Map<String, Object> valid =
                Map.of("name", "s", "databaseId", database, "nativeSchema", "exp_v3", "seeds", Map.of("items", SEEDS));
        assertBadRequest(with(valid, "seeds", null), "seeds");
        assertBadRequest(with(valid, "seeds", Map.of("items", List.of(Map.of("question", "q")))), "seeds.items[0].sql");
        assertBadRequest(
                with(valid, "seeds", Map.of("benchmark", "footballdb", "dataModel", "v7")), "questionSet.dataModel");
        assertBadRequest(with(valid, "target", 0), "target");
        assertBadRequest(with(valid, "questions", "magic"), "questions");
        assertBadRequest(with(valid, "embeddings", "word2vec"), "embeddings");
        assertBadRequest(with(valid, "keep", 3), "keep");
        assertBadRequest(with(valid, "nativeSchema", "x; drop"), "nativeSchema");
        PlayedExecutor.answering(
                database,
                task -> DatabaseTaskCompleted.failed(task, SqlDialect.POSTGRESQL, false, false, "connection refused"),
                () -> given().header("X-API-Key", key)
                        .contentType(ContentType.JSON)
                        .body(valid)
                        .post("/synthetic-sets")
                        .then()
                        .statusCode(502)
                        .body("error", containsString("connection refused")));
        given().get("/synthetic-sets/" + UUID.randomUUID())
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo("X-API-Key"))
                .body("error", containsString("X-API-Key"));
    }

    @Test
    void shouldNameTheSeedsAndWhyEachWasLeftOutWhenNoneGivesATemplate() {
        SyntheticSuite none = new SyntheticSuite(
                List.of(),
                List.of(),
                new SyntheticSuite.Counts(
                        3,
                        1,
                        1,
                        1,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        false,
                        List.of(),
                        Map.of(),
                        List.of(
                                "seed 1: not a parseable PostgreSQL " + "query: Encountered \"SELEC\"",
                                "seed 2: nothing in it to vary",
                                "seed 3: names tables the schema " + "does not have: galaxy")));
        Map<String, Object> body = Map.of(
                "name",
                "no templates",
                "databaseId",
                database,
                "nativeSchema",
                "exp_v3",
                "seeds",
                Map.of("items", SEEDS));

        PlayedExecutor.answering(
                database,
                task -> DatabaseTaskCompleted.synthetic(task, SqlDialect.POSTGRESQL, false, none),
                () -> given().header("X-API-Key", key)
                        .contentType(ContentType.JSON)
                        .body(body)
                        .post("/synthetic-sets")
                        .then()
                        .statusCode(400)
                        .contentType("application/json")
                        .body("status", equalTo(400))
                        .body("field", equalTo("seeds"))
                        .body(
                                "error",
                                equalTo("seeds: no seed gave a template to fill on schema exp_v3: seed 1: not a"
                                        + " parseable PostgreSQL query: Encountered \"SELEC\"; seed 2: nothing in it to"
                                        + " vary; seed 3: names tables the schema does not have: galaxy")));
    }

    private JsonPath create(Map<String, Object> extra, AtomicReference<DatabaseTaskRequested> asked) {
        Map<String, Object> body = new HashMap<>(Map.of(
                "name",
                "synthetic",
                "databaseId",
                database,
                "nativeSchema",
                "exp_v3",
                "seeds",
                Map.of("items", SEEDS)));
        body.putAll(extra);
        return PlayedExecutor.answering(
                database,
                task -> {
                    asked.set(task);
                    return DatabaseTaskCompleted.synthetic(task, SqlDialect.POSTGRESQL, false, SUITE);
                },
                () -> given().header("X-API-Key", key)
                        .contentType(ContentType.JSON)
                        .body(body)
                        .post("/synthetic-sets")
                        .then()
                        .statusCode(201)
                        .extract()
                        .jsonPath());
    }

    private void assertBadRequest(Map<String, Object> body, String field) {
        given().header("X-API-Key", key)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/synthetic-sets")
                .then()
                .statusCode(400)
                .body("field", equalTo(field));
    }

    private static Map<String, Object> with(Map<String, Object> body, String field, Object value) {
        Map<String, Object> out = new HashMap<>(body);
        if (value == null) {
            out.remove(field);
        } else {
            out.put(field, value);
        }
        return out;
    }
}
