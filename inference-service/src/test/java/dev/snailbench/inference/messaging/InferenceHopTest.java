package dev.snailbench.inference.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.inference.support.Hop;
import dev.snailbench.inference.support.TeamSchemas;
import dev.snailbench.inference.support.WorkItems;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hop over the real broker: InferenceBatch records in on queries.to-infer, ExecutionRequested out per item.
 * Beyond the in-memory tier: a redelivered item re-emitting its stored answer, bad records on the dead-letter topic.
 */
@QuarkusTest
@RealInfrastructure
class InferenceHopTest {

    /** A team's schema with its crosswalk: club/clb/CB, club_name/clb_nm/CNM, country/ctry/CY. */
    private static final TeamSchema TEAM = new TeamSchema(
            "team db",
            TeamSchemas.of(TeamSchemas.table(
                    "club",
                    List.of(
                            new DatabaseSchema.Column(
                                    "club_name", "varchar", ResultColumn.ValueType.TEXT, false, List.of()),
                            new DatabaseSchema.Column(
                                    "country", "varchar", ResultColumn.ValueType.TEXT, true, List.of())),
                    List.of(),
                    List.of())),
            List.of(
                    CrosswalkEntry.table("club", "club", "clb", "CB"),
                    CrosswalkEntry.column("club_name", "club_name", "clb_nm", "CNM"),
                    CrosswalkEntry.column("country", "country", "ctry", "CY")));

    private TopicClient topics;

    @Inject
    JobCancellationConsumer cancellations;

    @Inject
    MeterRegistry metrics;

    @BeforeEach
    void open() {
        topics = new TopicClient();
    }

    @AfterEach
    void close() {
        topics.close();
    }

    @Test
    void shouldForwardTheRecordedPredictionOfAReplayItemWithItsGoldSql() {
        WorkItem item = WorkItems.replay(
                "q1", "How many clubs?", "SELECT count(*) FROM club", "SELECT count(*) FROM club WHERE 1 = 1");
        InferenceRequested request = WorkItems.request(item);

        send(request);

        ExecutionRequested out = Hop.await(item.workItemId(), 1).get(0);
        assertThat(out.jobId()).isEqualTo(request.jobId());
        assertThat(out.tenantId()).isEqualTo("tenant-a");
        assertThat(out.item().goldSql()).isEqualTo("SELECT count(*) FROM club");
        assertThat(out.inference().succeeded()).isTrue();
        assertThat(out.inference().predictedSql()).isEqualTo("SELECT count(*) FROM club WHERE 1 = 1");
    }

    @Test
    void shouldUnwrapARecordedPredictionFromItsMarkdownFenceAsAModelsAnswerIs() {
        WorkItem item = WorkItems.replay(
                "q-fenced",
                "How many clubs?",
                "SELECT count(*) FROM club",
                "Here it is:\n```sql\nSELECT count(*)\nFROM club;\n```\nHope that helps.");

        send(WorkItems.request(item));

        ExecutionRequested out = Hop.await(item.workItemId(), 1).get(0);
        assertThat(out.inference().succeeded()).isTrue();
        assertThat(out.inference().predictedSql()).isEqualTo("SELECT count(*)\nFROM club");
    }

    @Test
    void shouldForwardAFailedInferenceSoTheGoldStillRunsWhenNoPredictionWasRecorded() {
        WorkItem item = WorkItems.replay("q-missing", "How many players?", "SELECT count(*) FROM player", null);

        send(WorkItems.request(item));

        ExecutionRequested out = Hop.await(item.workItemId(), 1).get(0);
        assertThat(out.inference().succeeded()).isFalse();
        assertThat(out.inference().error()).isEqualTo("no recorded prediction for question q-missing");
        assertThat(out.item().goldSql()).isEqualTo("SELECT count(*) FROM player");
    }

    @Test
    void shouldReEmitTheStoredAnswerWhenAWorkItemIsDeliveredAgain() {
        WorkItem item = WorkItems.replay("q2", "Oldest stadium?", "SELECT 1", "SELECT 'first answer'");
        InferenceRequested first = WorkItems.request(item);
        send(first);
        Hop.await(item.workItemId(), 1);

        // The same work item again, as after a crash before the commit; if the answer were recomputed it
        // would now be the changed prediction.
        WorkItem changed = new WorkItem(
                item.workItemId(),
                item.questionId(),
                item.question(),
                item.goldSql(),
                item.dialect(),
                item.database(),
                item.model(),
                item.level(),
                item.promptOptions(),
                item.schemaId(),
                "SELECT 'second answer'");
        send(WorkItems.request(changed));

        List<ExecutionRequested> both = Hop.await(item.workItemId(), 2);
        assertThat(both).hasSize(2);
        assertThat(both)
                .extracting(e -> e.inference().predictedSql())
                .containsExactly("SELECT 'first answer'", "SELECT 'first answer'");
    }

    @Test
    void shouldMapAPredictionBackThroughTheTeamsOwnCrosswalkCarriedByTheRequest() {
        WorkItem item = new WorkItem(
                UUID.randomUUID(),
                "q-team",
                "Swiss clubs?",
                "SELECT club_name FROM club WHERE country = 'Switzerland'",
                SqlDialect.POSTGRESQL,
                WorkItems.DB,
                ModelRef.replay("gpt-replay"),
                NaturalnessLevel.LOW,
                null,
                null,
                "SELECT clb_nm FROM clb WHERE ctry = 'Switzerland'");

        send(InferenceRequested.of(UUID.randomUUID(), WorkItems.TENANT, item, TEAM));

        ExecutionRequested out = Hop.await(item.workItemId(), 1).get(0);
        assertThat(out.inference().error()).isNull();
        assertThat(out.inference().predictedSql())
                .isEqualToIgnoringCase("SELECT club_name FROM club WHERE country = 'Switzerland'");
    }

    @Test
    void shouldAnswerEveryItemOfARecordOnTheTeamSchemaTheRecordCarriesOnce() {
        UUID job = UUID.randomUUID();
        WorkItem low = new WorkItem(
                UUID.randomUUID(),
                "q-low",
                "Swiss clubs?",
                "SELECT club_name FROM club WHERE country = 'Switzerland'",
                SqlDialect.POSTGRESQL,
                WorkItems.DB,
                ModelRef.replay("gpt-replay"),
                NaturalnessLevel.LOW,
                null,
                null,
                "SELECT clb_nm FROM clb WHERE ctry = 'Switzerland'");
        WorkItem least = new WorkItem(
                UUID.randomUUID(),
                "q-least",
                "Clubs?",
                "SELECT club_name FROM club",
                SqlDialect.POSTGRESQL,
                WorkItems.DB,
                ModelRef.replay("gpt-replay"),
                NaturalnessLevel.LEAST,
                null,
                null,
                "SELECT CNM FROM CB");
        InferenceBatch record = InferenceBatch.of(job, WorkItems.TENANT, TEAM, List.of(low, least));

        topics.send(Topics.QUERIES_TO_INFER, record.key(), EventJson.write(record));

        assertThat(Hop.await(low.workItemId(), 1).get(0).inference().predictedSql())
                .isEqualToIgnoringCase("SELECT club_name FROM club WHERE country = 'Switzerland'");
        ExecutionRequested leastOut = Hop.await(least.workItemId(), 1).get(0);
        assertThat(leastOut.inference().predictedSql()).isEqualToIgnoringCase("SELECT club_name FROM club");
        assertThat(leastOut.jobId()).isEqualTo(job);
    }

    @Test
    void shouldDeadLetterARecordWithAnItemLackingItsIdsWithEveryItemItHolds() {
        WorkItem item = WorkItems.replay("q-with-a-broken-neighbour", "One?", "SELECT 1", "SELECT 1");
        InferenceRequested good = WorkItems.request(item);
        InferenceRequested broken = new InferenceRequested(
                UUID.randomUUID(), good.jobId(), WorkItems.TENANT, null, good.occurredAt(), 1, null, null);
        InferenceBatch record = new InferenceBatch(
                UUID.randomUUID(), good.jobId(), WorkItems.TENANT, good.occurredAt(), 1, null, List.of(good, broken));

        ConsumerRecord<String, byte[]> dead = sendAndAwaitDeadLetter(record);

        assertThat(TopicClient.headers(dead).get("dead-letter-reason"))
                .contains("InferenceRequested " + broken.eventId() + " lacks workItemId or jobId");
        assertThat(EventJson.read(dead.value(), InferenceBatch.class).requests())
                .extracting(InferenceRequested::eventId)
                .containsExactly(good.eventId(), broken.eventId());
    }

    @Test
    void shouldDeadLetterARecordCarryingAnotherTenantsItemRatherThanAskItOnThisTenantsSchema() {
        InferenceRequested own = WorkItems.request(WorkItems.replay("q-own", "One?", "SELECT 1", "SELECT 1"));
        InferenceRequested theirs = InferenceRequested.of(
                own.jobId(), "another-tenant", WorkItems.replay("q-theirs", "Two?", "SELECT 2", "SELECT 2"));
        InferenceBatch record = new InferenceBatch(
                UUID.randomUUID(), own.jobId(), WorkItems.TENANT, own.occurredAt(), 1, TEAM, List.of(own, theirs));

        ConsumerRecord<String, byte[]> dead = sendAndAwaitDeadLetter(record);

        assertThat(TopicClient.headers(dead).get("dead-letter-reason"))
                .contains("InferenceRequested " + theirs.eventId() + " (work item " + theirs.workItemId()
                        + ") is of job " + own.jobId() + " and tenant another-tenant, not the record's");
    }

    /** Sends the record and returns it as the hop dead-lettered it (exactly once). */
    private ConsumerRecord<String, byte[]> sendAndAwaitDeadLetter(InferenceBatch record) {
        topics.send(Topics.QUERIES_TO_INFER, record.key(), EventJson.write(record));
        List<ConsumerRecord<String, byte[]>> dead = TopicClient.await(
                Topics.deadLetter(Topics.QUERIES_TO_INFER, "inference"),
                r -> record.key().equals(r.key()),
                1,
                Duration.ofSeconds(60));
        assertThat(dead).hasSize(1);
        return dead.get(0);
    }

    @Test
    void shouldMapAPredictionOnASchemaVariantsNamesBackToThePhysicalColumnsOfEachTable() {
        // An injected homonym: two different columns shown under one generic name, told apart by their tables.
        TeamSchema team = new TeamSchema(
                "team db",
                TeamSchemas.of(
                        TeamSchemas.table(
                                "club",
                                List.of(
                                        new DatabaseSchema.Column(
                                                "club_id", "int4", ResultColumn.ValueType.NUMBER, false, List.of()),
                                        new DatabaseSchema.Column(
                                                "country", "varchar", ResultColumn.ValueType.TEXT, true, List.of())),
                                List.of(),
                                List.of()),
                        TeamSchemas.table(
                                "stadium",
                                List.of(
                                        new DatabaseSchema.Column(
                                                "club_id", "int4", ResultColumn.ValueType.NUMBER, false, List.of()),
                                        new DatabaseSchema.Column(
                                                "city", "varchar", ResultColumn.ValueType.TEXT, true, List.of())),
                                List.of(),
                                List.of())),
                List.of(),
                new TeamSchema.Variant(
                        "injected seed=1 rate=0.1",
                        List.of(
                                new TeamSchema.ShownColumn("club", "country", "place"),
                                new TeamSchema.ShownColumn("stadium", "city", "place"))));
        WorkItem item = new WorkItem(
                UUID.randomUUID(),
                "q-variant",
                "Clubs and their stadiums' cities?",
                "SELECT c.country, s.city FROM club c JOIN stadium s ON c.club_id = s.club_id",
                SqlDialect.POSTGRESQL,
                WorkItems.DB,
                ModelRef.replay("variant-replay"),
                NaturalnessLevel.NATIVE,
                null,
                null,
                "SELECT c.place, s.place FROM club c JOIN stadium s ON c.club_id = s.club_id",
                "variant job",
                team.variant().label());

        send(InferenceRequested.of(UUID.randomUUID(), WorkItems.TENANT, item, team));

        ExecutionRequested out = Hop.await(item.workItemId(), 1).get(0);
        assertThat(out.inference().error()).isNull();
        assertThat(out.inference().predictedSql())
                .isEqualToIgnoringCase("SELECT c.country, s.city FROM club c JOIN stadium s ON c.club_id = s.club_id");
        assertThat(out.item().schemaVariant()).isEqualTo("injected seed=1 rate=0.1");
    }

    @Test
    void shouldMapARecordedPredictionWrittenAtTheItemsLevelBackToNativeNames() {
        WorkItem item = new WorkItem(
                UUID.randomUUID(),
                "ATBI:1",
                "Species in nests?",
                "select distinct CommonName from tbl_Nests",
                SqlDialect.SQLSERVER,
                WorkItems.DB,
                ModelRef.replay("gpt-replay"),
                NaturalnessLevel.LEAST,
                null,
                "ATBI",
                "SELECT DISTINCT [CMNM] FROM [NSTS] WHERE [CMNM] <> 'CMNM'");

        send(WorkItems.request(item));

        ExecutionRequested out = Hop.await(item.workItemId(), 1).get(0);
        assertThat(out.inference().predictedSql())
                .isEqualTo("SELECT DISTINCT [CommonName] FROM [tbl_Nests] WHERE [CommonName] <> 'CMNM'");
        // The answer as recorded stays in the stored inference; the event carries only what later hops read.
        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + item.workItemId())
                .then()
                .statusCode(200)
                .body("rawAnswer", equalTo("SELECT DISTINCT [CMNM] FROM [NSTS] WHERE [CMNM] <> 'CMNM'"));
        assertThat(out.inference().rawAnswer()).isNull();
        assertThat(out.item().recordedPrediction()).isNull();
    }

    @Test
    void shouldSkipTheItemsOfACancelledJobWithoutAskingTheModel() {
        UUID cancelledJob = UUID.randomUUID();
        JobCancelled cancellation = JobCancelled.of(cancelledJob, WorkItems.TENANT, "cancelled by the tenant");
        topics.send(Topics.JOBS_CANCELLED, cancellation.key(), EventJson.write(cancellation));
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> cancellations.contains(cancelledJob));
        double skippedBefore = skipped();
        List<WorkItem> doomed = IntStream.range(0, 5)
                .mapToObj(i -> WorkItems.replay("qc" + i, "question " + i, "SELECT " + i, "SELECT " + i))
                .toList();
        WorkItem other = WorkItems.replay("q-live", "Still asked?", "SELECT 1", "SELECT 1");

        doomed.forEach(item -> send(InferenceRequested.of(cancelledJob, WorkItems.TENANT, item)));
        send(WorkItems.request(other));

        assertThat(Hop.await(other.workItemId(), 1).get(0).inference().predictedSql())
                .isEqualTo("SELECT 1");
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> skipped() - skippedBefore >= doomed.size());
        assertThat(skipped() - skippedBefore).isEqualTo(doomed.size());
        Set<String> keys =
                doomed.stream().map(item -> item.workItemId().toString()).collect(Collectors.toSet());
        // Each skipped item counted after its record was handled: a request forwarded for it is on the topic.
        assertThat(TopicClient.<ExecutionRequested>itemsToEnd(
                        Topics.SQL_TO_EXECUTE, ExecutionsRequested.class, r -> keys.contains(r.key())))
                .as("requests forwarded for the cancelled job's items")
                .isEmpty();
    }

    private double skipped() {
        return metrics.counter(InferenceConsumer.SKIPPED_METRIC).count();
    }

    private void send(InferenceRequested request) {
        topics.send(Topics.QUERIES_TO_INFER, request.key(), EventJson.write(InferenceBatch.of(request)));
    }
}
