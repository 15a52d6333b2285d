package dev.snailbench.executor.messaging;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.support.Requests;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SqlFacts;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import dev.snailbench.testkit.TopicClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.assertj.core.groups.Tuple;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The hop over the real broker: ExecutionRequested on sql.to-execute in, ExecutionCompleted on results.to-score out.
 * Beyond the in-memory tier: a redelivery answered under its event id, a job's results in one record, real SQL runs.
 */
@QuarkusTest
@RealInfrastructure
class ExecutionHopTest {

    private static TopicClient topics;

    @Inject
    JobCancellationConsumer cancellations;

    @Inject
    MeterRegistry metrics;

    @BeforeAll
    static void connect() {
        LocalStack.targetsWithFootballDb();
        topics = new TopicClient();
    }

    @AfterAll
    static void disconnect() {
        topics.close();
    }

    @Test
    void shouldForwardGoldAndPredictedResultsOfARequest() throws Exception {
        long teams2018 = count("SELECT count(*) FROM exp_v1.national_team WHERE year = 2018");
        ExecutionRequested request = Requests.request(
                UUID.randomUUID(),
                "t-hop",
                Requests.footballDb("t-hop", "v1"),
                "SELECT count(*) AS teams FROM national_team WHERE year = 2018",
                Requests.predicted("SELECT teamname FROM national_team WHERE year = 2018 ORDER BY teamname"));

        ExecutionCompleted completed = sendAndAwait(request, 1).get(0);

        assertThat(completed.workItemId()).isEqualTo(request.workItemId());
        assertThat(completed.jobId()).isEqualTo(request.jobId());
        assertThat(completed.gold().status()).isEqualTo(ExecutionStatus.OK);
        assertThat(completed.gold().columns())
                .extracting(ResultColumn::name, ResultColumn::type)
                .containsExactly(Tuple.tuple("teams", ResultColumn.ValueType.NUMBER));
        assertThat(completed.gold().rows()).containsExactly(List.of(Long.toString(teams2018)));
        assertThat(completed.predicted().status()).isEqualTo(ExecutionStatus.OK);
        assertThat(completed.predicted().rows()).hasSize((int) teams2018);
        assertThat(completed.predicted().rows().get(0).get(0))
                .isLessThanOrEqualTo(completed.predicted().rows().get(1).get(0));
        // What the scorer reads from both texts travels with the results, read from the guard's parse.
        assertThat(completed.sql().gold())
                .isEqualTo(new SqlFacts.Gold(false, "easy", Set.of("t:national_team", "c:year"), null));
        assertThat(completed.sql().predicted())
                .isEqualTo(new SqlFacts.Predicted(Set.of("t:national_team", "c:teamname", "c:year"), "parsed", 1));
    }

    @Test
    void shouldSendTheResultsOfAJobThatFinishTogetherInOneRecordEachAnsweredOnce() {
        UUID jobId = UUID.randomUUID();
        DatabaseRef database = Requests.footballDb("t-hop", "v1"); // the job's one database, as the generator sends it
        List<ExecutionRequested> requests = IntStream.range(0, 20)
                .mapToObj(i -> Requests.request(
                        jobId, "t-hop", database, "SELECT " + i + " AS n", Requests.predicted("SELECT " + i + " AS n")))
                .toList();
        ExecutionsRequested record = ExecutionsRequested.of(requests);
        topics.send(Topics.SQL_TO_EXECUTE, record.key(), EventJson.write(record));

        List<TopicClient.Carried<ExecutionCompleted>> results =
                Requests.results((ExecutionCompleted c) -> jobId.equals(c.jobId()), 20, Duration.ofSeconds(60));

        assertThat(results)
                .extracting(r -> r.event().workItemId())
                .containsExactlyInAnyOrderElementsOf(
                        requests.stream().map(ExecutionRequested::workItemId).toList());
        assertThat(results)
                .allSatisfy(r -> assertThat(r.event().gold().rows())
                        .isEqualTo(r.event().predicted().rows()));
        // Twenty quick items of one tenant, two at a time: they finish within the group's wait of each other.
        assertThat(results.stream()
                        .map(r -> r.record().offset() + "@" + r.record().partition())
                        .distinct()
                        .count())
                .as("records carrying the 20 results")
                .isLessThan(20);
        assertThat(results)
                .allSatisfy(r -> assertThat(r.record().key())
                        .isEqualTo(EventJson.read(r.record().value(), ExecutionsCompleted.class)
                                .results()
                                .get(0)
                                .key()));
    }

    @Test
    void shouldMarkThePredictionNotRunWhenInferenceFailed() {
        ExecutionRequested request = Requests.request(
                UUID.randomUUID(),
                "t-hop",
                Requests.footballDb("t-hop", "v1"),
                "SELECT 1 AS one",
                Inference.failed("model answered with prose"));

        ExecutionCompleted completed = sendAndAwait(request, 1).get(0);

        assertThat(completed.gold().rows()).containsExactly(List.of("1"));
        assertThat(completed.predicted().status()).isEqualTo(ExecutionStatus.NOT_RUN);
        assertThat(completed.predicted().error()).isEqualTo("model answered with prose");
    }

    @Test
    void shouldRejectADestructivePredictionAndStillScoreTheGold() throws Exception {
        long before = count("SELECT count(*) FROM exp_v1.national_team");
        ExecutionRequested request = Requests.request(
                UUID.randomUUID(),
                "t-hop",
                Requests.footballDb("t-hop", "v1"),
                "SELECT count(*) FROM national_team",
                Requests.predicted("DELETE FROM national_team"));

        ExecutionCompleted completed = sendAndAwait(request, 1).get(0);

        assertThat(completed.gold().rows()).containsExactly(List.of(Long.toString(before)));
        assertThat(completed.predicted().status()).isEqualTo(ExecutionStatus.REJECTED);
        assertThat(completed.predicted().error()).contains("only SELECT");
        // A refused text is still linked, read from its text as the scorer would read it (a DELETE by its tokens).
        assertThat(completed.sql().predicted())
                .isEqualTo(new SqlFacts.Predicted(Set.of("t:national_team"), "tokens", 1));
        assertThat(count("SELECT count(*) FROM exp_v1.national_team")).isEqualTo(before);
    }

    @Test
    void shouldTurnAnUnknownDatabaseIntoErrorOutcomesInsteadOfLosingTheItem() {
        String missing = UUID.randomUUID().toString();
        ExecutionRequested request = Requests.request(
                UUID.randomUUID(), "t-hop", Requests.registered(missing), "SELECT 1", Requests.predicted("SELECT 2"));

        ExecutionCompleted completed = sendAndAwait(request, 1).get(0);

        assertThat(completed.gold().status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(completed.gold().error()).contains(missing).contains("not registered");
        assertThat(completed.predicted().status()).isEqualTo(ExecutionStatus.ERROR);
    }

    @Test
    void shouldAnswerARedeliveredRequestAgainUnderTheSameEventId() {
        ExecutionRequested request = Requests.request(
                UUID.randomUUID(),
                "t-hop",
                Requests.footballDb("t-hop", "v2"),
                "SELECT 1 AS one",
                Requests.predicted("SELECT 2 AS two"));
        byte[] payload = EventJson.write(ExecutionsRequested.of(List.of(request)));

        topics.send(Topics.SQL_TO_EXECUTE, request.key(), payload);
        ExecutionCompleted first = await(request, 1).get(0);
        topics.send(Topics.SQL_TO_EXECUTE, request.key(), payload);
        List<ExecutionCompleted> both = await(request, 2);

        // The scorer keeps the first result of a work item: a repeat must be recognisable as the same answer.
        assertThat(both).hasSize(2);
        assertThat(both.get(1).eventId()).isEqualTo(first.eventId());
        assertThat(both.get(1).workItemId()).isEqualTo(request.workItemId());
        assertThat(both.get(1).gold().rows()).isEqualTo(first.gold().rows());
        assertThat(both.get(1).predicted().rows()).containsExactly(List.of("2"));
    }

    @Test
    void shouldRunOnADatabaseRegisteredByTheTenant() {
        TenantKeys.Tenant tenant = TenantKeys.register("hop", answers("/databases", 200));
        String databaseId = given().header(ApiKeys.HEADER, tenant.apiKey())
                .contentType(ContentType.JSON)
                .body(DatabaseRegistration.postgresql(
                        "v3", LocalStack.targets().jdbcUrl("footballdb_v3"), Postgres.USER, Postgres.PASSWORD))
                .post("/databases")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        ExecutionRequested request = Requests.request(
                UUID.randomUUID(),
                tenant.tenantId(),
                Requests.registered(databaseId),
                "SELECT current_database() AS db",
                Requests.predicted("SELECT 1"));
        ExecutionRequested otherTenant = Requests.request(
                UUID.randomUUID(),
                "someone-else",
                Requests.registered(databaseId),
                "SELECT current_database() AS db",
                Requests.predicted("SELECT 1"));

        ExecutionCompleted completed = sendAndAwait(request, 1).get(0);
        ExecutionCompleted refused = sendAndAwait(otherTenant, 1).get(0);

        assertThat(completed.gold().rows()).containsExactly(List.of("footballdb_v3"));
        assertThat(refused.gold().status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(refused.gold().error()).contains("not registered for tenant someone-else");
    }

    @Test
    void shouldApplyTheShorterPredictedTimeoutToThePredictionOnly() throws Exception {
        // The prediction waits on a lock this test holds, so its wait is the same on a fast or a slow machine (a
        // CPU-bound query finished under the 1 s predicted timeout of the test profile on a fast one); the gold reads
        // another table, under its 60 s timeout.
        String gold = "SELECT count(*) AS teams FROM national_team WHERE year = 2018";
        long expected = count("SELECT count(*) FROM exp_v1.national_team WHERE year = 2018");
        ExecutionRequested request = Requests.request(
                UUID.randomUUID(),
                "t-hop",
                Requests.footballDb("t-hop", "v1"),
                gold,
                Requests.predicted("SELECT count(*) AS stadiums FROM stadium"));

        ExecutionCompleted completed;
        try (Connection holder = LocalStack.targets().connect("footballdb_v1")) {
            holder.setAutoCommit(false);
            holder.createStatement().execute("LOCK TABLE exp_v1.stadium IN ACCESS EXCLUSIVE MODE");
            completed = sendAndAwait(request, 1).get(0);
            holder.rollback();
        }

        assertThat(completed.predicted().status()).isEqualTo(ExecutionStatus.TIMEOUT);
        assertThat(completed.predicted().sqlState()).isEqualTo("57014");
        assertThat(completed.gold().status()).isEqualTo(ExecutionStatus.OK);
        assertThat(completed.gold().rows()).containsExactly(List.of(String.valueOf(expected)));
    }

    @Test
    void shouldRunTheSameGoldOnlyOncePerJob() {
        UUID job = UUID.randomUUID();
        String gold = "SELECT clock_timestamp() AS at";
        ExecutionRequested first =
                Requests.request(job, "t-hop", Requests.footballDb("t-hop", "v1"), gold, Requests.predicted(gold));
        ExecutionRequested second = Requests.request(
                job,
                "t-hop",
                Requests.footballDb("t-hop", "v1"),
                "select  clock_timestamp()  AS at",
                Requests.predicted(gold));
        ExecutionRequested otherJob = Requests.request(
                UUID.randomUUID(), "t-hop", Requests.footballDb("t-hop", "v1"), gold, Requests.predicted(gold));

        ExecutionCompleted a = sendAndAwait(first, 1).get(0);
        ExecutionCompleted b = sendAndAwait(second, 1).get(0);
        ExecutionCompleted c = sendAndAwait(otherJob, 1).get(0);

        // clock_timestamp() differs on every execution: equal golds mean one execution.
        assertThat(b.gold().rows()).isEqualTo(a.gold().rows());
        assertThat(c.gold().rows()).isNotEqualTo(a.gold().rows());
        assertThat(b.predicted().rows()).isNotEqualTo(a.predicted().rows());
    }

    /** Attack suite (inline targets): the generator passes an inline URL as given; the executor refuses it. */
    @Test
    void shouldRefuseInlineTargetsOnThePlatformsServerWithDriverPropertiesOrWithAnotherTenantsSealedPassword() {
        DatabaseRef team = Requests.footballDb("t-hop", "v1");
        String platformUrl =
                "jdbc:postgresql://127.0.0.1:" + LocalStack.postgres().port() + "/" + Postgres.PLATFORM_DATABASE;
        DatabaseRef platform = new DatabaseRef(
                SqlDialect.POSTGRESQL,
                platformUrl,
                Postgres.PLATFORM_USER,
                new SecretCipher(Requests.TEST_KEY)
                        .seal(Postgres.PLATFORM_PASSWORD, SecretCipher.inlineBinding("t-hop")),
                null);
        DatabaseRef readWrite = new DatabaseRef(
                SqlDialect.POSTGRESQL,
                team.jdbcUrl() + "?options=-c%20default_transaction_read_only=off",
                team.user(),
                team.sealedPassword(),
                null);
        String sql = "SELECT count(*) FROM pg_catalog.pg_class";

        ExecutionCompleted toPlatform = sendAndAwait(
                        Requests.request(UUID.randomUUID(), "t-hop", platform, sql, Requests.predicted(sql)), 1)
                .get(0);
        ExecutionCompleted withOptions = sendAndAwait(
                        Requests.request(UUID.randomUUID(), "t-hop", readWrite, sql, Requests.predicted(sql)), 1)
                .get(0);
        // Bob replays Alice's sealed password (bound to tenant t-hop) in his own work item: it does not open.
        ExecutionCompleted replayed = sendAndAwait(
                        Requests.request(UUID.randomUUID(), "t-bob", team, sql, Requests.predicted(sql)), 1)
                .get(0);

        assertThat(toPlatform.gold().status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(toPlatform.gold().error()).contains("database.jdbcUrl").contains("is not an allowed target");
        assertThat(withOptions.gold().error()).contains("database.jdbcUrl").contains("options");
        assertThat(replayed.gold().error()).contains("database.sealedPassword").contains("another record");
        assertThat(List.of(toPlatform, withOptions, replayed)).allSatisfy(c -> {
            assertThat(c.gold().rows()).isEmpty();
            assertThat(c.predicted().status()).isEqualTo(ExecutionStatus.ERROR);
        });
    }

    @Test
    void shouldSkipTheItemsOfACancelledJobAndRunTheOthers() {
        UUID cancelled = UUID.randomUUID();
        JobCancelled event = JobCancelled.of(cancelled, "t-cancel", "cancelled by the tenant");
        topics.send(Topics.JOBS_CANCELLED, event.key(), EventJson.write(event));
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> cancellations.contains(cancelled));
        double skippedBefore = skipped();

        List<ExecutionRequested> doomed = IntStream.range(0, 20)
                .mapToObj(i -> Requests.request(
                        cancelled,
                        "t-cancel",
                        Requests.footballDb("t-cancel", "v1"),
                        "SELECT " + i + " AS n",
                        Requests.predicted("SELECT 1")))
                .toList();
        ExecutionRequested other = Requests.request(
                UUID.randomUUID(),
                "t-cancel",
                Requests.footballDb("t-cancel", "v1"),
                "SELECT 42 AS n",
                Requests.predicted("SELECT 42 AS n"));
        // The cancelled job's items in one record (as the inference service sends them), the other job's in its own.
        ExecutionsRequested doomedRecord = ExecutionsRequested.of(doomed);
        topics.send(Topics.SQL_TO_EXECUTE, doomedRecord.key(), EventJson.write(doomedRecord));
        topics.send(Topics.SQL_TO_EXECUTE, other.key(), EventJson.write(ExecutionsRequested.of(List.of(other))));

        ExecutionCompleted answered = await(other, 1).get(0);
        assertThat(answered.gold().status()).isEqualTo(ExecutionStatus.OK);
        assertThat(answered.gold().rows()).containsExactly(List.of("42"));
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> skipped() - skippedBefore >= doomed.size());
        assertThat(skipped() - skippedBefore).isEqualTo(doomed.size());
        Set<String> doomedKeys = doomed.stream().map(ExecutionRequested::key).collect(Collectors.toSet());
        assertThat(Requests.results(c -> doomedKeys.contains(c.key()), 1, Duration.ofSeconds(3)))
                .as("answers to the cancelled job's items")
                .isEmpty();
    }

    private double skipped() {
        return metrics.counter(ExecutionRequestConsumer.SKIPPED_METRIC).count();
    }

    private static List<ExecutionCompleted> sendAndAwait(ExecutionRequested request, int count) {
        topics.send(Topics.SQL_TO_EXECUTE, request.key(), EventJson.write(ExecutionsRequested.of(List.of(request))));
        List<ExecutionCompleted> found = await(request, count);
        assertThat(found).as("ExecutionCompleted for " + request.workItemId()).hasSize(count);
        return found;
    }

    /** The item's results, from whichever records of results.to-score carry them. */
    private static List<ExecutionCompleted> await(ExecutionRequested request, int count) {
        return Requests.results(c -> request.workItemId().equals(c.workItemId()), count, Duration.ofSeconds(60))
                .stream()
                .map(TopicClient.Carried::event)
                .limit(count)
                .toList();
    }

    private static long count(String sql) throws Exception {
        try (Connection c = LocalStack.targets().connect("footballdb_v1");
                ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
