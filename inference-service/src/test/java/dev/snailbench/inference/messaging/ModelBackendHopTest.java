package dev.snailbench.inference.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.snailbench.inference.service.FailedLogins;
import dev.snailbench.inference.support.Hop;
import dev.snailbench.inference.support.WorkItems;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.PromptOptions;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.DatabaseLoginFailed;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.FakeOpenAi;
import dev.snailbench.testkit.FakeOpenAi.Reply;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Work items for OpenAI-compatible backends, over the real broker, against the local fake server: each
 * backend behaviour is observable in the forwarded event and in the stored inference.
 * Beyond the in-memory tier: a redelivered work item answered from its inference stored in PostgreSQL, not asked again.
 */
@QuarkusTest
@RealInfrastructure
class ModelBackendHopTest {

    private static final FakeOpenAi FAKE = FakeOpenAi.instance();

    @Inject
    FailedLogins failedLogins;

    private static final String SNAILS_DB = "ATBI";

    private static String model() {
        return "m-" + UUID.randomUUID();
    }

    private static WorkItem item(String backend, String model, NaturalnessLevel level, String question) {
        return item(new ModelRef("label", backend, model, 0.2, 64, 42L), level, question);
    }

    private static WorkItem item(ModelRef model, NaturalnessLevel level, String question) {
        return WorkItems.item(
                "ATBI:1", question, "SELECT 1", SqlDialect.SQLSERVER, model, level, PromptOptions.ZERO_SHOT, SNAILS_DB);
    }

    @Test
    void shouldSendTheItemsOfAJobWhoseDatabaseLoginFailedOnWithoutAskingTheModel() {
        String model = model();
        FAKE.script(model, Reply.ok("SELECT 7"));
        UUID job = UUID.randomUUID();
        DatabaseLoginFailed failed = DatabaseLoginFailed.of(
                job,
                WorkItems.TENANT,
                WorkItems.DB,
                "the database login \"u\" failed: authentication failed for login \"u\" on 127.0.0.1:1");
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.DATABASE_LOGINS_FAILED, failed.key(), EventJson.write(failed));
        }
        List<WorkItem> doomed = List.of(
                item("fake", model, NaturalnessLevel.NATIVE, "q1"), item("fake", model, NaturalnessLevel.NATIVE, "q2"));
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(() -> failedLogins.reason(InferenceRequested.of(job, WorkItems.TENANT, doomed.get(0))) != null);
        WorkItem otherJobs = item("fake", model, NaturalnessLevel.NATIVE, "q3");
        WorkItem template = item("fake", model, NaturalnessLevel.NATIVE, "q4");
        // The same job's items on another database still ask the model.
        WorkItem otherDatabase = new WorkItem(
                template.workItemId(),
                template.questionId(),
                template.question(),
                template.goldSql(),
                template.dialect(),
                new DatabaseRef(SqlDialect.POSTGRESQL, "jdbc:postgresql://127.0.0.1:1/other", "u", "sealed", null),
                template.model(),
                template.level(),
                template.promptOptions(),
                template.schemaId(),
                null);

        Hop.send(
                InferenceRequested.of(job, WorkItems.TENANT, doomed.get(0)),
                InferenceRequested.of(job, WorkItems.TENANT, doomed.get(1)),
                WorkItems.request(otherJobs),
                InferenceRequested.of(job, WorkItems.TENANT, otherDatabase));

        for (WorkItem item : doomed) {
            ExecutionRequested out = Hop.await(item.workItemId(), 1).get(0);
            assertThat(out.inference().succeeded()).isFalse();
            assertThat(out.inference().predictedSql()).isNull();
            assertThat(out.inference().error()).isEqualTo(failed.reason());
            assertThat(out.item().goldSql()).isEqualTo("SELECT 1");
        }
        assertThat(Hop.await(otherJobs.workItemId(), 1).get(0).inference().predictedSql())
                .isEqualTo("SELECT 7");
        assertThat(Hop.await(otherDatabase.workItemId(), 1).get(0).inference().predictedSql())
                .isEqualTo("SELECT 7");
        assertThat(FAKE.requests(model)).as("model calls").hasSize(2);
    }

    @Test
    void shouldSendTheSnailsPromptAndForwardTheSqlFoundInAChattyAnswer() {
        String model = model();
        FAKE.script(
                model,
                Reply.ok("Sure! Here is the query:\n```sql\nSELECT COUNT(*) FROM tbl_Nests;\n```\n"
                        + "It counts the nests."));
        WorkItem item = item("fake", model, NaturalnessLevel.NATIVE, "How many nests are there?");

        ExecutionRequested out = Hop.infer(item);

        assertThat(out.inference().error()).isNull();
        assertThat(out.inference().predictedSql()).isEqualTo("SELECT COUNT(*) FROM tbl_Nests");
        FakeOpenAi.Seen request = FAKE.requests(model).get(0);
        assertThat(request.path()).isEqualTo("/v1/chat/completions");
        assertThat(request.headers())
                .containsEntry("authorization", "Bearer test-key")
                .containsEntry("x-team", "snailbench-tests");
        assertThat(request.body().path("temperature").asDouble()).isEqualTo(0.2);
        assertThat(request.body().path("max_tokens").asInt()).isEqualTo(64);
        assertThat(request.body().path("seed").asLong()).isEqualTo(42L);
        String prompt = request.prompt();
        assertThat(prompt)
                .contains("database ATBI")
                .contains("MS SQL Server")
                .contains("#tbl_Nests (")
                .endsWith("How many nests are there?\n### MS SQL Server query:\n");
        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + item.workItemId())
                .then()
                .statusCode(200)
                .body("prompt", equalTo(prompt))
                .body(
                        "rawAnswer",
                        equalTo(
                                FAKE.requests(model).isEmpty()
                                        ? null
                                        : "Sure! Here is the query:\n```sql\nSELECT COUNT(*) FROM tbl_Nests;\n```\nIt counts the nests."))
                .body("promptTokens", equalTo(prompt.length() / 4))
                .body("rawResponse", containsString("\"usage\""))
                .body("cached", equalTo(false));
    }

    @Test
    void shouldMapTheAnswerAtTheItemsLevelBackToNativeNames() {
        String model = model();
        FAKE.script(
                model,
                Reply.ok("SELECT [CMN_NAME] FROM [TBL_NESTS] n JOIN TLU_PLANTSPECIES p ON n.SPCODE = "
                        + "p.SP_CODE WHERE [CMN_NAME] LIKE 'Cmn%' AND Mystery_Col = 1"));
        WorkItem item = item("fake", model, NaturalnessLevel.LOW, "Common names of nested plants?");

        ExecutionRequested out = Hop.infer(item);

        assertThat(out.inference().predictedSql())
                .isEqualTo(
                        "SELECT [CommonName] FROM [tbl_Nests] n JOIN "
                                + "tlu_PlantSpecies p ON n.spcode = p.SpeciesCode WHERE [CommonName] LIKE 'Cmn%' AND Mystery_Col = 1");
        String prompt = FAKE.requests(model).get(0).prompt();
        assertThat(prompt).contains("#tbl_Nests (").contains("Cmn_Name").doesNotContain("CommonName");
        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + item.workItemId())
                .then()
                .statusCode(200)
                .body("unknownIdentifiers", equalTo("Mystery_Col"));
    }

    @Test
    void shouldRetryAfterA429AsLongAsRetryAfterAsks() {
        String model = model();
        FAKE.script(model, Reply.status(429, "1"), Reply.ok("SELECT 2"));

        ExecutionRequested out = Hop.infer(item("fake", model, NaturalnessLevel.NATIVE, "q"));

        assertThat(out.inference().predictedSql()).isEqualTo("SELECT 2");
        List<FakeOpenAi.Seen> seen = FAKE.requests(model);
        assertThat(seen).hasSize(2);
        assertThat((seen.get(1).atNanos() - seen.get(0).atNanos()) / 1_000_000).isGreaterThanOrEqualTo(950);
    }

    @Test
    void shouldRetryServerErrorsUntilTheModelAnswers() {
        String model = model();
        FAKE.script(model, Reply.status(500, null), Reply.status(502, null), Reply.ok("SELECT 3"));

        ExecutionRequested out = Hop.infer(item("fake", model, NaturalnessLevel.NATIVE, "q"));

        assertThat(out.inference().predictedSql()).isEqualTo("SELECT 3");
        assertThat(FAKE.requests(model)).hasSize(3);
    }

    @Test
    void shouldFailTheItemWithTheLastErrorWhenTheRetryTimeRunsOut() {
        String model = model();
        FAKE.script(model, Reply.status(503, null));

        ExecutionRequested out = Hop.infer(item("fake", model, NaturalnessLevel.NATIVE, "q"));

        assertThat(out.inference().succeeded()).isFalse();
        assertThat(out.inference().error()).contains("HTTP 503").contains("gave up after");
        assertThat(out.item().goldSql()).isEqualTo("SELECT 1");
        assertThat(FAKE.requests(model).size()).isBetween(3, 40);
    }

    @Test
    void shouldFailTheItemWhenEveryAttemptTimesOut() {
        String model = model();
        FAKE.script(model, Reply.slow(2_000, "SELECT 4"));

        ExecutionRequested out = Hop.infer(item("fake", model, NaturalnessLevel.NATIVE, "q"));

        assertThat(out.inference().error()).contains("timed out after 1000 ms").contains("gave up after");
    }

    @Test
    void shouldForwardAnAnsweredItemWhileAnotherItemOfItsBatchStillWaitsForTheModel() {
        String slow = model();
        String quick = model();
        FAKE.script(slow, Reply.slow(2_000, "SELECT 2"));
        FAKE.script(quick, Reply.ok("SELECT 1"));
        WorkItem waiting = item("fake", slow, NaturalnessLevel.NATIVE, "a question the model takes long over");
        WorkItem answered = item("fake", quick, NaturalnessLevel.NATIVE, "a question the model answers at once");

        // One producer batch, the waiting one first: one fetch, so one batch of the hop.
        Hop.send(WorkItems.request(waiting), WorkItems.request(answered));
        TopicClient.Carried<ExecutionRequested> quickOut = forwarded(answered);
        TopicClient.Carried<ExecutionRequested> slowOut = forwarded(waiting);

        // The slow item's attempts time out (1 s each, retried); the answered one did not wait for them.
        assertThat(slowOut.event().inference().error()).contains("timed out");
        assertThat(quickOut.event().inference().predictedSql()).isEqualTo("SELECT 1");
        assertThat(quickOut.record().timestamp())
                .as("the answered item goes on before the waiting one's attempts end")
                .isLessThan(slowOut.record().timestamp() - 500);
    }

    private static TopicClient.Carried<ExecutionRequested> forwarded(WorkItem item) {
        List<TopicClient.Carried<ExecutionRequested>> found = TopicClient.awaitItems(
                Topics.SQL_TO_EXECUTE,
                ExecutionsRequested.class,
                (ExecutionRequested r) -> item.workItemId().equals(r.workItemId()),
                1,
                Duration.ofSeconds(60));
        assertThat(found).as("ExecutionRequested for %s", item.workItemId()).hasSize(1);
        return found.get(0);
    }

    @Test
    void shouldFailTheItemClearlyOnMalformedJson() {
        String model = model();
        FAKE.script(model, Reply.malformedJson());

        ExecutionRequested out = Hop.infer(item("fake", model, NaturalnessLevel.NATIVE, "q"));

        assertThat(out.inference().error()).contains("malformed JSON");
        assertThat(FAKE.requests(model)).hasSize(1);
    }

    @Test
    void shouldFailTheItemWithNoSqlWhenTheAnswerIsEmpty() {
        String model = model();
        FAKE.script(model, Reply.ok("   "));

        ExecutionRequested out = Hop.infer(item("fake", model, NaturalnessLevel.NATIVE, "q"));

        assertThat(out.inference().error()).isEqualTo("no SQL: the model's answer is empty");
    }

    @Test
    void shouldAnswerAnIdenticalCallFromTheCacheAtNoCost() {
        String model = "priced-model";
        FAKE.script(model, Reply.ok("SELECT 5"));
        String question = "Cached question " + UUID.randomUUID();
        // At temperature 0 the model's answer is meant to be the same: it is replayed.
        ModelRef deterministic = new ModelRef("label", "fake", model, 0.0, 64, 42L);
        WorkItem first = item(deterministic, NaturalnessLevel.NATIVE, question);
        WorkItem rerun = item(deterministic, NaturalnessLevel.NATIVE, question);

        Hop.infer(first);
        ExecutionRequested again = Hop.infer(rerun);

        assertThat(again.inference().predictedSql()).isEqualTo("SELECT 5");
        assertThat(FAKE.requests(model).stream()
                        .filter(s -> s.body().toString().contains(question))
                        .count())
                .isEqualTo(1);
        int promptTokens = given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + first.workItemId())
                .then()
                .statusCode(200)
                .body("cached", equalTo(false))
                .extract()
                .path("promptTokens");
        Number cost = given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + first.workItemId())
                .then()
                .extract()
                .path("costUsd");
        assertThat(cost.doubleValue()).isCloseTo((promptTokens * 2.0 + 2 * 6.0) / 1_000_000, within(1e-9));
        Number rerunCost = given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + rerun.workItemId())
                .then()
                .statusCode(200)
                .body("cached", equalTo(true))
                .extract()
                .path("costUsd");
        assertThat(rerunCost.doubleValue()).isZero();
    }

    @Test
    void shouldAskASampledCallAgainUnlessTheJobAsksForCachedAnswers() {
        // Counts compare before and after each run: a reply slower than the client's timeout may be asked twice.
        String model = model();
        FAKE.script(model, Reply.ok("SELECT 1"), Reply.ok("SELECT 2"), Reply.ok("SELECT 3"), Reply.ok("SELECT 4"));
        String question = "Sampled question " + UUID.randomUUID();
        ModelRef sampled = new ModelRef("label", "fake", model, 0.7, 64, null);

        // Temperature 0.7: each run is a new draw, asked of the model and not kept for a later run.
        Hop.infer(item(sampled, NaturalnessLevel.NATIVE, question));
        int afterFirst = FAKE.requests(model).size();
        ExecutionRequested second = Hop.infer(item(sampled, NaturalnessLevel.NATIVE, question));
        assertThat(FAKE.requests(model).size()).isGreaterThan(afterFirst);
        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + second.workItemId())
                .then()
                .statusCode(200)
                .body("cached", equalTo(false));

        // A job that asks for cached answers (cacheAnswers: true) gets the first it stores, again and again.
        ModelRef cached = new ModelRef("label", "fake", model, 0.7, 64, null, true);
        int beforeStored = FAKE.requests(model).size();
        ExecutionRequested stored = Hop.infer(item(cached, NaturalnessLevel.NATIVE, question));
        int afterStored = FAKE.requests(model).size();
        assertThat(afterStored).isGreaterThan(beforeStored);
        ExecutionRequested replayed = Hop.infer(item(cached, NaturalnessLevel.NATIVE, question));
        assertThat(FAKE.requests(model)).hasSize(afterStored);
        assertThat(replayed.inference().predictedSql())
                .isEqualTo(stored.inference().predictedSql());
        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + replayed.workItemId())
                .then()
                .statusCode(200)
                .body("cached", equalTo(true));

        // And a job may refuse them at temperature 0 (cacheAnswers: false): the model is asked however often.
        Hop.infer(item(new ModelRef("label", "fake", model, 0.0, 64, null), NaturalnessLevel.NATIVE, question));
        int beforeFresh = FAKE.requests(model).size();
        Hop.infer(item(new ModelRef("label", "fake", model, 0.0, 64, null, false), NaturalnessLevel.NATIVE, question));
        assertThat(FAKE.requests(model).size()).isGreaterThan(beforeFresh);
    }

    @Test
    void shouldUseTheLegacyCompletionsApiWhenTheBackendSaysSo() {
        String model = model();
        FAKE.script(model, Reply.ok(" SELECT 6\nThis query selects six."));

        ExecutionRequested out = Hop.infer(item("fake-legacy", model, NaturalnessLevel.NATIVE, "q"));

        assertThat(out.inference().predictedSql()).isEqualTo("SELECT 6");
        assertThat(FAKE.requests(model).get(0).path()).isEqualTo("/v1/completions");
        assertThat(FAKE.requests(model).get(0).prompt()).contains("#tbl_Nests (");
    }

    @Test
    void shouldFailTheItemNamingTheConfiguredBackendsWhenTheBackendIsUnknown() {
        ExecutionRequested out = Hop.infer(item("nowhere", model(), NaturalnessLevel.NATIVE, "q"));

        assertThat(out.inference().error())
                .isEqualTo("unknown backend 'nowhere' (configured: [fake, fake-legacy], " + "plus replay)");
    }

    @Test
    void shouldNotAskTheModelAgainWhenAWorkItemIsRedelivered() {
        String model = model();
        FAKE.script(model, Reply.ok("SELECT 7"), Reply.ok("SELECT 8"), Reply.ok("SELECT 9"));
        WorkItem item = item("fake", model, NaturalnessLevel.NATIVE, "Redelivered " + UUID.randomUUID());

        Hop.send(WorkItems.request(item));
        String answered = Hop.await(item.workItemId(), 1).get(0).inference().predictedSql();
        // The first delivery may itself have asked more than once (a reply slower than the timeout is retried):
        // what matters is that the redelivery asks nothing and forwards the stored answer.
        int asked = FAKE.requests(model).size();
        Hop.send(WorkItems.request(item));
        List<ExecutionRequested> both = Hop.await(item.workItemId(), 2);

        assertThat(answered).isIn("SELECT 7", "SELECT 8", "SELECT 9");
        assertThat(both).extracting(e -> e.inference().predictedSql()).containsExactly(answered, answered);
        assertThat(FAKE.requests(model)).hasSize(asked);
    }

    @Test
    void shouldReturn404ForAWorkItemWithNoStoredInference() {
        UUID unknown = UUID.randomUUID();
        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + unknown)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(unknown.toString()));
        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/not-a-uuid")
                .then()
                .statusCode(404)
                .body("error", equalTo("no inference stored for work item not-a-uuid"))
                .body("x", nullValue());
    }
}
