package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import dev.snailbench.generator.repository.JobRepository;
import dev.snailbench.generator.testing.ReplaySpecs;
import dev.snailbench.generator.testing.TestBackends;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import dev.snailbench.model.event.JobEnded;
import dev.snailbench.model.event.JobSubmitted;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * The generator's hops over the real broker: job → work items, verdicts → progress, bad events → DLQ.
 * Beyond the in-memory tier: records keyed by work item, a redelivered submission stored once, dead-letter topics.
 */
@QuarkusTest
@RealInfrastructure
class JobFlowKafkaTest {

    private static final List<Map<String, String>> QUESTIONS = List.of(
            Map.of("id", "q1", "question", "How many clubs?", "goldSql", "SELECT count(*) FROM club"),
            Map.of("id", "q2", "question", "Oldest club?", "goldSql", "SELECT min(found_year) FROM club"),
            Map.of("id", "q3", "question", "Countries?", "goldSql", "SELECT DISTINCT country FROM club"));
    private static final List<Map<String, String>> PREDICTIONS = List.of(
            Map.of("questionId", "q1", "predictedSql", "SELECT count(*) FROM club"),
            Map.of("questionId", "q2", "predictedSql", "SELECT max(found_year) FROM club"));

    @Inject
    Pool platformDatabase;

    @Inject
    JobRepository jobs;

    @Test
    void shouldPublishOneInferenceRequestPerWorkItemKeyedByWorkItem() {
        String key = TestTenants.create("team-kafka");
        UUID jobId = submit(key, "publish");

        List<InferenceRequested> published = awaitWork(jobId, 3);

        assertThat(published).extracting(e -> e.item().questionId()).containsExactlyInAnyOrder("q1", "q2", "q3");
        assertThat(published)
                .filteredOn(e -> e.item().questionId().equals("q2"))
                .singleElement()
                .satisfies(
                        e -> assertThat(e.item().recordedPrediction()).isEqualTo("SELECT max(found_year) FROM club"));
        assertThat(published)
                .filteredOn(e -> e.item().questionId().equals("q3"))
                .singleElement()
                .satisfies(e -> assertThat(e.item().recordedPrediction()).isNull());
        assertThat(published).allSatisfy(e -> {
            assertThat(e.item().database().sealedPassword()).isNotBlank().doesNotContain("team-secret");
            assertThat(e.key()).isEqualTo(e.workItemId().toString());
            // Every item says how many the job has: the scorer tells a finished job's report from a running one's.
            assertThat(e.item().jobItems()).isEqualTo(3);
        });
    }

    @Test
    void shouldCarryWhetherAModelsAnswersMayBeReplayedToTheInferenceService() {
        String key = TestTenants.create("team-cache-answers");
        TestBackends.announce(key);
        Map<String, Object> spec = new java.util.HashMap<>(TestTenants.job("cache answers", QUESTIONS, List.of()));
        // A linking-only job on a built-in schema: no database to reach, the items only need asking.
        spec.remove("model");
        spec.remove("database");
        spec.put("schemaId", "ATBI");
        spec.put("dialect", "sqlserver");
        spec.put(
                "models",
                List.of(
                        Map.of("label", "sampled", "backend", "fake", "temperature", 0.7),
                        Map.of("label", "replayed", "backend", "fake", "temperature", 0.7, "cacheAnswers", true)));
        String id = TestTenants.submitJob(key, spec).statusCode(202).extract().path("jobId");

        List<InferenceRequested> published = awaitWork(UUID.fromString(id), 6);

        assertThat(published)
                .extracting(
                        e -> e.item().model().label() + ":" + e.item().model().cacheAnswers())
                .containsOnly("sampled:null", "replayed:true");
    }

    @Test
    void shouldCountEveryVerdictOnceAndCompleteTheJob() {
        String key = TestTenants.create("team-verdicts");
        UUID jobId = submit(key, "verdicts");
        List<InferenceRequested> work = awaitWork(jobId, 3);

        List<ItemScored> verdicts = work.stream()
                .map(w -> {
                    boolean failed = w.item().questionId().equals("q3");
                    return new ItemScored(
                            UUID.randomUUID(),
                            jobId,
                            w.tenantId(),
                            w.workItemId(),
                            Instant.now(),
                            1,
                            w.item().questionId(),
                            !failed,
                            !failed,
                            failed,
                            failed ? "predicted failed: no recorded prediction" : "match");
                })
                .toList();
        try (TopicClient topics = new TopicClient()) {
            // The three together, as the scorer sends a batch's verdicts of one job.
            ItemsScored together = ItemsScored.of(verdicts);
            topics.send(Topics.SCORES, together.key(), EventJson.write(together));
            // Each delivered again, alone and in the same record, as Kafka and the scorer may: none counted twice.
            for (ItemScored verdict : verdicts) {
                topics.send(Topics.SCORES, verdict.key(), EventJson.write(ItemsScored.of(List.of(verdict))));
            }
            topics.send(Topics.SCORES, together.key(), EventJson.write(together));
        }

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().header("X-API-Key", key)
                        .get("/jobs/" + jobId)
                        .then()
                        .statusCode(200)
                        .body("status", Matchers.equalTo("completed"))
                        .body("done", Matchers.is(3))
                        .body("failed", Matchers.is(1))
                        .body("outcome", Matchers.equalTo("some-failed"))
                        .body(
                                "topReasons",
                                Matchers.equalTo(List.of(
                                        Map.of("reason", "predicted failed: no recorded prediction", "count", 1))))
                        .body("reason", Matchers.nullValue()));
        // The executor learns that the job ended (it releases the databases the job used).
        List<JobEnded> ended =
                TopicClient.await(Topics.JOBS_ENDED, r -> jobId.toString().equals(r.key()), 1, Duration.ofSeconds(30))
                        .stream()
                        .map(r -> EventJson.read(r.value(), JobEnded.class))
                        .toList();
        assertThat(ended).singleElement().satisfies(event -> {
            assertThat(event.jobId()).isEqualTo(jobId);
            assertThat(event.tenantId()).isEqualTo(work.get(0).tenantId());
            assertThat(event.status()).isEqualTo("completed");
        });
    }

    @Test
    void shouldDeadLetterARecordOfVerdictsThatHoldsAnotherJobsVerdictAndCountNoneOfIt() {
        String key = TestTenants.create("team-mixed-verdicts");
        UUID jobId = submit(key, "mixed verdicts");
        List<InferenceRequested> work = awaitWork(jobId, 3);
        List<ItemScored> verdicts = work.stream()
                .map(w -> new ItemScored(
                        UUID.randomUUID(),
                        jobId,
                        w.tenantId(),
                        w.workItemId(),
                        Instant.now(),
                        1,
                        w.item().questionId(),
                        true,
                        true,
                        false,
                        "match"))
                .toList();
        ItemScored stranger = new ItemScored(
                UUID.randomUUID(),
                UUID.randomUUID(),
                work.get(0).tenantId(),
                UUID.randomUUID(),
                Instant.now(),
                1,
                "q9",
                true,
                true,
                false,
                "match");
        List<ItemScored> mixed = new ArrayList<>(verdicts.subList(0, 2));
        mixed.add(stranger);
        ItemsScored record = ItemsScored.of(mixed);

        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.SCORES, record.key(), EventJson.write(record));
            List<ConsumerRecord<String, byte[]>> dead = TopicClient.await(
                    Topics.deadLetter(Topics.SCORES, "generator"),
                    r -> new String(r.value(), StandardCharsets.UTF_8)
                            .contains(record.eventId().toString()),
                    1,
                    Duration.ofSeconds(30));
            assertThat(dead).hasSize(1);
            assertThat(TopicClient.headers(dead.get(0)).get("dead-letter-reason"))
                    .contains("work item " + stranger.workItemId())
                    .contains("not the record's");
            given().header("X-API-Key", key)
                    .get("/jobs/" + jobId)
                    .then()
                    .statusCode(200)
                    .body("done", Matchers.is(0));

            // The job's own verdicts, sent properly, count.
            ItemsScored own = ItemsScored.of(verdicts);
            topics.send(Topics.SCORES, own.key(), EventJson.write(own));
        }
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().header("X-API-Key", key)
                        .get("/jobs/" + jobId)
                        .then()
                        .statusCode(200)
                        .body("status", Matchers.equalTo("completed"))
                        .body("done", Matchers.is(3)));
    }

    @Test
    void shouldEndAJobWhoseEveryItemFailedAsAllFailedWithItsCommonestReasons() throws Exception {
        String key = TestTenants.create("team-all-failed");
        UUID jobId = submit(key, "all failed");
        List<InferenceRequested> work = awaitWork(jobId, 3);
        String unregistered = "predicted failed: database 7d0c is not registered for tenant t";
        try (TopicClient topics = new TopicClient()) {
            for (InferenceRequested w : work) {
                String reason = w.item().questionId().equals("q3")
                        ? "gold failed: ERROR 42P01 relation " + "\"match_fact\" does not exist"
                        : unregistered;
                ItemScored verdict = new ItemScored(
                        UUID.randomUUID(),
                        jobId,
                        w.tenantId(),
                        w.workItemId(),
                        Instant.now(),
                        1,
                        w.item().questionId(),
                        false,
                        false,
                        true,
                        reason);
                topics.send(Topics.SCORES, verdict.key(), EventJson.write(ItemsScored.of(List.of(verdict))));
            }
        }

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().header("X-API-Key", key)
                        .get("/jobs/" + jobId)
                        .then()
                        .statusCode(200)
                        .body("status", Matchers.equalTo("completed"))
                        .body("outcome", Matchers.equalTo("all-failed"))
                        .body(
                                "topReasons.reason",
                                Matchers.equalTo(List.of(
                                        unregistered,
                                        "gold failed: ERROR 42P01 relation \"match_fact\" does not exist")))
                        .body("topReasons.count", Matchers.equalTo(List.of(2, 1)))
                        .body(
                                "reason",
                                Matchers.equalTo(
                                        "all 3 items failed; the commonest reason (2 items): " + unregistered)));
        // The server-sent events carry the same fields (the finished state is the last event).
        String events = given().header("X-API-Key", key)
                .accept("text/event-stream")
                .get("/jobs/" + jobId + "/events")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String last = events.lines()
                .filter(l -> l.startsWith("data:"))
                .reduce((a, b) -> b)
                .orElseThrow();
        assertThat(last)
                .contains("\"outcome\":\"all-failed\"")
                .contains("\"topReasons\":[{\"count\":2,\"reason\":\"" + unregistered + "\"},{\"count\":1,");
    }

    @Test
    void shouldCountFailureReasonsByTheirFirstSideOnOneLine() throws Exception {
        String key = TestTenants.create("team-reason-groups");
        UUID jobId = submit(key, "reason groups");
        List<InferenceRequested> work = awaitWork(jobId, 3);
        String gold = "gold failed: ERROR 42P01 relation \"match_fact\" does not exist";
        Map<String, String> reasons = Map.of(
                "q1", gold + "; predicted failed: ERROR 42703 column \"x\" does not exist",
                "q2", gold + "\n  Position: 15; inference failed: model timed out",
                "q3", gold);
        try (TopicClient topics = new TopicClient()) {
            for (InferenceRequested w : work) {
                ItemScored verdict = new ItemScored(
                        UUID.randomUUID(),
                        jobId,
                        w.tenantId(),
                        w.workItemId(),
                        Instant.now(),
                        1,
                        w.item().questionId(),
                        false,
                        false,
                        true,
                        reasons.get(w.item().questionId()));
                topics.send(Topics.SCORES, verdict.key(), EventJson.write(ItemsScored.of(List.of(verdict))));
            }
        }

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().header("X-API-Key", key)
                        .get("/jobs/" + jobId)
                        .then()
                        .statusCode(200)
                        .body("status", Matchers.equalTo("completed"))
                        .body("topReasons.reason", Matchers.equalTo(List.of(gold)))
                        .body("topReasons.count", Matchers.equalTo(List.of(3))));
    }

    @Test
    void shouldStoreARedeliveredJobSubmissionOnceAndCountItsVerdictsOnce() {
        String key = TestTenants.create("team-redelivered-job");
        UUID jobId = submit(key, "redelivered");
        List<InferenceRequested> work = awaitWork(jobId, 3);
        String tenantId = work.get(0).tenantId();

        try (TopicClient topics = new TopicClient()) {
            // The very record consumed, delivered again (a rebalance before its offset was committed).
            byte[] submitted = TopicClient.await(
                            Topics.JOB_EVENTS, r -> jobId.toString().equals(r.key()), 1, Duration.ofSeconds(30))
                    .get(0)
                    .value();
            // The job travels gzip-compressed; the marker below is plain JSON, as an earlier version sent it.
            assertThat(EventJson.isGzip(submitted)).isTrue();
            assertThat(EventJson.read(submitted, JobSubmitted.class).spec().name())
                    .isEqualTo("redelivered");
            topics.send(Topics.JOB_EVENTS, jobId.toString(), submitted);
            // Behind it on the same partition (same key): once this one is stored, the redelivery was handled.
            UUID marker = UUID.randomUUID();
            JobSpec broken = ReplaySpecs.twoPredictionsForOneQuestion("marker");
            topics.send(
                    Topics.JOB_EVENTS, jobId.toString(), EventJson.write(JobSubmitted.of(marker, tenantId, broken)));
            await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> given().header("X-API-Key", key)
                            .get("/jobs/" + marker)
                            .then()
                            .statusCode(200)
                            .body("status", Matchers.equalTo("failed")));

            given().header("X-API-Key", key)
                    .get("/jobs/" + jobId)
                    .then()
                    .statusCode(200)
                    .body("name", Matchers.equalTo("redelivered"))
                    .body("total", Matchers.is(3))
                    .body("done", Matchers.is(0));
            for (InferenceRequested w : work) {
                ItemScored verdict = new ItemScored(
                        UUID.randomUUID(),
                        jobId,
                        tenantId,
                        w.workItemId(),
                        Instant.now(),
                        1,
                        w.item().questionId(),
                        true,
                        true,
                        false,
                        "match");
                topics.send(Topics.SCORES, verdict.key(), EventJson.write(ItemsScored.of(List.of(verdict))));
            }
        }

        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().header("X-API-Key", key)
                        .get("/jobs/" + jobId)
                        .then()
                        .statusCode(200)
                        .body("status", Matchers.equalTo("completed"))
                        .body("total", Matchers.is(3))
                        .body("done", Matchers.is(3))
                        .body("failed", Matchers.is(0))
                        .body("outcome", Matchers.equalTo("succeeded")));
    }

    @Test
    void shouldStoreAJobsSpecAsSubmittedWhateverItsCharacters() throws Throwable {
        String key = TestTenants.create("team-unicode-spec");
        List<Map<String, String>> questions = List.of(
                Map.of(
                        "id",
                        "q1",
                        "question",
                        "Combien de clubs à Zürich ? ≥ 3 🏟️",
                        "goldSql",
                        "SELECT count(*) FROM club WHERE city = 'Zürich'"),
                Map.of(
                        "id",
                        "q2",
                        "question",
                        "Quote \" backslash \\ tab \t newline \n end",
                        "goldSql",
                        "SELECT name FROM club"));
        String id = TestTenants.submitJob(key, TestTenants.job("unicode-spec", questions, null))
                .statusCode(202)
                .extract()
                .path("jobId");
        UUID jobId = UUID.fromString(id);
        awaitWork(jobId, 2);

        // Publication after a restart and the watchdog expand the job again from this stored copy: compressed.
        Row stored = platformDatabase
                .preparedQuery("SELECT specjson, specgzip FROM generator.job WHERE id = $1")
                .execute(Tuple.of(jobId))
                .await()
                .atMost(Duration.ofSeconds(10))
                .iterator()
                .next();
        byte[] gzip = stored.getBuffer("specgzip").getBytes();
        assertThat(gzip).startsWith(0x1f, 0x8b);
        assertThat(stored.getString("specjson")).isEmpty();
        JobSpec spec = specOf(jobId);
        assertThat(spec.name()).isEqualTo("unicode-spec");
        assertThat(spec.questions())
                .extracting(Question::id, Question::question, Question::goldSql)
                .containsExactly(
                        tuple(
                                "q1",
                                "Combien de clubs à Zürich ? ≥ 3 🏟️",
                                "SELECT count(*) FROM club WHERE city = 'Zürich'"),
                        tuple("q2", "Quote \" backslash \\ tab \t newline \n end", "SELECT name FROM club"));
    }

    @Test
    void shouldReadBackTheSpecOfAJobStoredUncompressedByAnEarlierVersion() throws Throwable {
        String tenant = "team-earlier-version";
        UUID jobId = UUID.randomUUID();
        JobSpec submitted = new JobSpec(
                "stored-as-text",
                null,
                SqlDialect.POSTGRESQL,
                List.of(),
                null,
                null,
                null,
                List.of(new Question(
                        "q1", "Clubs à Zürich ?", "SELECT count(*) FROM club WHERE city = 'Zürich'", null)),
                List.of());
        // The row as versions before the compressed spec wrote it: the JSON in specjson, no specgzip.
        platformDatabase
                .preparedQuery("INSERT INTO generator.job (id, tenantid, name, createdat, status, total, done, "
                        + "failed, specjson, published, publishedcount, updatedat) "
                        + "VALUES ($1, $2, 'stored-as-text', now(), 'COMPLETED', 1, 1, 0, $3, true, 1, now())")
                .execute(Tuple.of(jobId, tenant, new String(EventJson.write(submitted), StandardCharsets.UTF_8)))
                .await()
                .atMost(Duration.ofSeconds(10));

        JobSpec spec = specOf(jobId);

        assertThat(spec.name()).isEqualTo("stored-as-text");
        assertThat(spec.questions()).extracting(Question::question).containsExactly("Clubs à Zürich ?");
    }

    private JobSpec specOf(UUID jobId) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> jobs.specOf(jobId)));
    }

    @Test
    void shouldDeadLetterAnUnreadableJobEventAndKeepConsuming() {
        String poison = "poison-" + UUID.randomUUID();
        try (TopicClient topics = new TopicClient()) {
            topics.send(Topics.JOB_EVENTS, poison, "{not json".getBytes(StandardCharsets.UTF_8));
        }
        List<ConsumerRecord<String, byte[]>> dead = TopicClient.await(
                Topics.deadLetter(Topics.JOB_EVENTS, "generator"),
                r -> poison.equals(r.key()),
                1,
                Duration.ofSeconds(30));
        assertThat(dead).hasSize(1);
        assertThat(TopicClient.headers(dead.get(0))).containsKey("dead-letter-reason");

        // The channel is still alive: a real job goes through after the poison message.
        String key = TestTenants.create("team-after-poison");
        awaitWork(submit(key, "after-poison"), 3);
    }

    private static UUID submit(String key, String name) {
        // q3 has no recorded prediction: its item runs the gold and fails.
        Map<String, Object> job = new HashMap<>(TestTenants.job(name, QUESTIONS, PREDICTIONS));
        job.put("allowMissingPredictions", true);
        String id = TestTenants.submitJob(key, job).statusCode(202).extract().path("jobId");
        return UUID.fromString(id);
    }

    private static List<InferenceRequested> awaitWork(UUID jobId, int count) {
        List<InferenceRequested> work = TopicClient.awaitInferenceRequests(jobId, count, Duration.ofSeconds(30));
        assertThat(work).hasSize(count);
        return work;
    }
}
