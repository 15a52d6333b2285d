package dev.snailbench.scorer.messaging;

import static dev.snailbench.scorer.TestEvents.columns;
import static dev.snailbench.scorer.TestEvents.completed;
import static dev.snailbench.scorer.TestEvents.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.SqlFacts;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.ItemAbandoned;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.scorer.TestEvents;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The scorer's hop over the real broker: results-to-score in, scores out, one stored result per item.
 * Beyond the in-memory tier: a redelivery stored once, other hops' dead-letter topics read into failed verdicts.
 */
@QuarkusTest
@RealInfrastructure
class ScoringHopTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void shouldScoreCompletedExecutionAndEmitVerdict() {
        ExecutionCompleted event = completed(
                UUID.randomUUID(),
                "t-hop",
                "q1",
                "SELECT a, b FROM t ORDER BY a",
                "SELECT a, b FROM t",
                ok(columns("a", "NUMBER", "b", "TEXT"), List.of(List.of("1", "x"), List.of("2", "y"))),
                ok(columns("a", "NUMBER", "b", "TEXT"), List.of(List.of("2", "y"), List.of("1.0", "x"))));
        TestEvents.send(event);

        ItemScored scored = awaitScores(event.workItemId(), 1).get(0);
        assertThat(scored.failed()).isFalse();
        assertThat(scored.strictMatch()).isFalse();
        assertThat(scored.setMatch()).isTrue();
        assertThat(scored.reason()).startsWith("ROW_ORDER_DIFFERS");
        assertThat(scored.questionId()).isEqualTo("q1");
        assertThat(scored.jobId()).isEqualTo(event.jobId());
    }

    @Test
    void shouldStoreOneResultAndReemitVerdictWhenEventIsRedelivered() throws Exception {
        ExecutionCompleted event = completed(
                UUID.randomUUID(),
                "t-hop",
                "q2",
                "SELECT n FROM t",
                "SELECT n FROM t",
                ok(columns("n", "NUMBER"), List.of(List.of("3"))),
                ok(columns("n", "NUMBER"), List.of(List.of("3.00"))));
        TestEvents.send(event);
        awaitScores(event.workItemId(), 1);
        TestEvents.send(TestEvents.redelivery(event));

        List<ItemScored> both = awaitScores(event.workItemId(), 2);
        assertThat(both).hasSize(2).allSatisfy(s -> assertThat(s.strictMatch()).isTrue());
        assertThat(storedRows(event.workItemId())).isEqualTo(1);
    }

    @Test
    void shouldScoreTheLinkingFromTheExecutorsReadingOfTheSqlWhenTheEventCarriesIt() throws Exception {
        ExecutionCompleted plain = completed(
                UUID.randomUUID(),
                "t-hop",
                "q-read",
                "SELECT a FROM t",
                "SELECT a FROM t",
                ok(columns("a", "NUMBER"), List.of(List.of("1"))),
                ok(columns("a", "NUMBER"), List.of(List.of("1"))));
        // What the executor read from its guard's trees is taken as given: the texts are not parsed again here (a
        // reading that differs from the texts' shows which one was scored).
        SqlFacts read = new SqlFacts(
                new SqlFacts.Gold(true, "medium", Set.of("t:t", "c:a", "c:b"), null),
                new SqlFacts.Predicted(Set.of("t:t", "c:a"), "parsed", 1));
        ExecutionCompleted event = new ExecutionCompleted(
                plain.eventId(),
                plain.jobId(),
                plain.tenantId(),
                plain.workItemId(),
                plain.occurredAt(),
                plain.schemaVersion(),
                plain.item(),
                plain.inference(),
                plain.gold(),
                plain.predicted(),
                null,
                read);
        TestEvents.send(event);
        awaitScores(event.workItemId(), 1);

        try (Connection c = LocalStack.postgres().connect(Postgres.PLATFORM_DATABASE);
                PreparedStatement ps =
                        c.prepareStatement("select queryrecall, hardness, linkingmethod, goldidentifiers "
                                + "from scorer.item_result where workitemid = ?")) {
            ps.setObject(1, event.workItemId());
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getDouble(1)).isCloseTo(2.0 / 3, offset(1e-9));
                assertThat(rs.getString(2)).isEqualTo("medium");
                assertThat(rs.getString(3)).isEqualTo("parsed");
                assertThat(rs.getString(4)).contains("c:b");
            }
        }
    }

    @Test
    void shouldReportGoldFailureWithTheDatabaseError() {
        ExecutionOutcome goldFailed = ExecutionOutcome.failed(
                ExecutionStatus.ERROR, "relation \"match_fact\" does not exist", "42P01", 0.002);
        ExecutionCompleted event = completed(
                UUID.randomUUID(),
                "t-hop",
                "q3",
                "SELECT * FROM match_fact",
                "SELECT 1",
                goldFailed,
                ok(columns("x", "NUMBER"), List.of(List.of("1"))));
        TestEvents.send(event);

        ItemScored scored = awaitScores(event.workItemId(), 1).get(0);
        assertThat(scored.failed()).isTrue();
        assertThat(scored.strictMatch()).isFalse();
        assertThat(scored.reason()).isEqualTo("gold failed: ERROR 42P01 relation \"match_fact\" does not exist");
    }

    @Test
    void shouldReportInferenceFailureAsFailedItem() {
        ExecutionCompleted event = completed(
                UUID.randomUUID(),
                "t-hop",
                "q4",
                "SELECT 1",
                null,
                ok(columns("x", "NUMBER"), List.of(List.of("1"))),
                ExecutionOutcome.notRun("no SQL"));
        TestEvents.send(event);

        ItemScored scored = awaitScores(event.workItemId(), 1).get(0);
        assertThat(scored.failed()).isTrue();
        assertThat(scored.reason()).isEqualTo("inference failed: model timed out");
    }

    @Test
    void shouldDeadLetterAnEventWithoutWorkItemIdAndKeepScoring() {
        ExecutionCompleted valid = completed(
                UUID.randomUUID(),
                "t-hop",
                "q5",
                "SELECT 1",
                "SELECT 1",
                ok(columns("x", "NUMBER"), List.of(List.of("1"))),
                ok(columns("x", "NUMBER"), List.of(List.of("1"))));
        ExecutionCompleted broken = new ExecutionCompleted(
                UUID.randomUUID(),
                valid.jobId(),
                valid.tenantId(),
                null,
                valid.occurredAt(),
                1,
                valid.item(),
                valid.inference(),
                valid.gold(),
                valid.predicted());
        String key = "broken-" + UUID.randomUUID();
        TestEvents.send(
                Topics.RESULTS_TO_SCORE,
                key,
                EventJson.write(new ExecutionsCompleted(
                        UUID.randomUUID(),
                        valid.jobId(),
                        valid.tenantId(),
                        valid.occurredAt(),
                        1,
                        null,
                        List.of(broken))));
        TestEvents.send(valid);

        List<ConsumerRecord<String, byte[]>> dead = TestEvents.await(
                Topics.deadLetter(Topics.RESULTS_TO_SCORE, "scorer"), r -> key.equals(r.key()), 1, WAIT);
        assertThat(dead).hasSize(1);
        assertThat(TopicClient.headers(dead.get(0)).get("dead-letter-reason")).contains("lacks workItemId");
        assertThat(awaitScores(valid.workItemId(), 1).get(0).strictMatch()).isTrue();
    }

    @Test
    void shouldScoreABurstOnceEachWhileAnUnscorableEventAndARedeliveryArriveAmongIt() throws Exception {
        UUID jobId = UUID.randomUUID();
        List<ExecutionCompleted> burst = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            burst.add(completed(
                    jobId,
                    "t-hop",
                    "burst-" + i,
                    "SELECT " + i,
                    "SELECT " + i,
                    ok(columns("n", "NUMBER"), List.of(List.of(Integer.toString(i)))),
                    ok(columns("n", "NUMBER"), List.of(List.of(Integer.toString(i % 2 == 0 ? i : -i))))));
        }
        ExecutionCompleted first = burst.get(0);
        burst.add(
                150,
                new ExecutionCompleted(
                        UUID.randomUUID(),
                        jobId,
                        "t-hop",
                        null,
                        first.occurredAt(),
                        1,
                        first.item(),
                        first.inference(),
                        first.gold(),
                        first.predicted()));
        burst.add(TestEvents.redelivery(first));
        TestEvents.sendAll(burst);

        // Verdicts are at least once: a rebalance while the burst is in flight hands uncommitted records to another
        // consumer, which finds them stored and sends the same verdict again. So wait for every item and for the
        // redelivered one's second verdict, then check that duplicates agree rather than that none exist.
        List<ItemsScored> records = TestEvents.awaitUntil(
                        Topics.SCORES, r -> carries(r, jobId), found -> coversBurst(found, first.workItemId()), WAIT)
                .stream()
                .map(ScoringHopTest::read)
                .toList();
        List<ItemScored> verdicts =
                records.stream().flatMap(r -> r.verdicts().stream()).toList();
        // Verdicts reached together travel together: every record is this job's, and records hold several (the
        // burst arrives in the producer's batches, so the scorer's polls take many items at once).
        assertThat(records)
                .allSatisfy(r ->
                        assertThat(r.verdicts()).extracting(ItemScored::jobId).containsOnly(jobId))
                .anySatisfy(r -> assertThat(r.verdicts()).hasSizeGreaterThan(1));
        Map<UUID, List<ItemScored>> byItem = verdicts.stream().collect(Collectors.groupingBy(ItemScored::workItemId));
        // 300 items; the event without a work item id: none.
        assertThat(byItem).hasSize(300);
        assertThat(byItem.values())
                .allSatisfy(same -> assertThat(
                                same.stream().map(ItemScored::strictMatch).distinct())
                        .as("verdicts of one item agree")
                        .hasSize(1));
        assertThat(byItem.values().stream().filter(same -> same.get(0).strictMatch()))
                .hasSize(150);
        assertThat(byItem.get(first.workItemId()))
                .hasSizeGreaterThanOrEqualTo(2)
                .allSatisfy(v -> assertThat(v.strictMatch()).isTrue());
        assertThat(storedRowsOfJob(jobId)).isEqualTo(300);
        assertThat(storedRows(first.workItemId())).isEqualTo(1);
        assertThat(TestEvents.await(
                        Topics.deadLetter(Topics.RESULTS_TO_SCORE, "scorer"),
                        r -> new String(r.value(), StandardCharsets.UTF_8).contains(jobId.toString()),
                        1,
                        WAIT))
                .hasSize(1);
    }

    @Test
    void shouldGiveAFailedVerdictToAWorkItemThatAnotherHopDeadLettered() throws Exception {
        ExecutionCompleted template = completed(
                UUID.randomUUID(),
                "t-hop",
                "q6",
                "SELECT 1",
                "SELECT 1",
                ok(columns("x", "NUMBER"), List.of(List.of("1"))),
                ok(columns("x", "NUMBER"), List.of(List.of("1"))));
        ExecutionRequested request = new ExecutionRequested(
                UUID.randomUUID(),
                template.jobId(),
                template.tenantId(),
                template.workItemId(),
                template.occurredAt(),
                1,
                template.item(),
                template.inference());
        TestEvents.send(
                Topics.deadLetter(Topics.SQL_TO_EXECUTE, "executor"),
                request.key(),
                EventJson.write(ExecutionsRequested.of(List.of(request))),
                Map.of("dead-letter-reason", "RecordTooLargeException: 1856898 bytes"));

        ItemScored scored = awaitScores(request.workItemId(), 1).get(0);
        assertThat(scored.failed()).isTrue();
        assertThat(scored.questionId()).isEqualTo("q6");
        assertThat(scored.reason())
                .isEqualTo("could not be scored: execution failed: RecordTooLargeException: 1856898 bytes");
        assertThat(storedRows(request.workItemId())).isEqualTo(1);

        // The real outcome arriving late does not change the verdict: the first one stands, sent again.
        TestEvents.send(template);
        assertThat(awaitScores(request.workItemId(), 2))
                .allSatisfy(s -> assertThat(s.failed()).isTrue());
        assertThat(storedRows(request.workItemId())).isEqualTo(1);
    }

    @Test
    void shouldGiveEveryWorkItemOfADeadLetteredRecordOfSeveralItemsItsOwnFailedVerdict() {
        ExecutionCompleted first = completed(
                UUID.randomUUID(),
                "t-hop",
                "q8",
                "SELECT 1",
                "SELECT 1",
                ok(columns("x", "NUMBER"), List.of(List.of("1"))),
                ok(columns("x", "NUMBER"), List.of(List.of("1"))));
        ExecutionCompleted second = completed(
                first.jobId(),
                "t-hop",
                "q9",
                "SELECT 2",
                "SELECT 2",
                ok(columns("x", "NUMBER"), List.of(List.of("2"))),
                ok(columns("x", "NUMBER"), List.of(List.of("2"))));
        InferenceBatch record =
                InferenceBatch.of(first.jobId(), first.tenantId(), null, List.of(first.item(), second.item()));
        TestEvents.send(
                Topics.deadLetter(Topics.QUERIES_TO_INFER, "inference"),
                record.key(),
                EventJson.write(record),
                Map.of("dead-letter-reason", "model backend unavailable"));

        for (ExecutionCompleted item : List.of(first, second)) {
            ItemScored scored = awaitScores(item.workItemId(), 1).get(0);
            assertThat(scored.failed()).isTrue();
            assertThat(scored.questionId()).isEqualTo(item.item().questionId());
            assertThat(scored.reason()).isEqualTo("could not be scored: inference failed: model backend unavailable");
        }
    }

    @Test
    void shouldGiveAFailedVerdictToAnItemTheWatchdogAbandoned() {
        ExecutionCompleted template = completed(
                UUID.randomUUID(),
                "t-hop",
                "q7",
                "SELECT 1",
                "SELECT 1",
                ok(columns("x", "NUMBER"), List.of(List.of("1"))),
                ok(columns("x", "NUMBER"), List.of(List.of("1"))));
        ItemAbandoned abandoned = ItemAbandoned.of(
                template.jobId(),
                template.tenantId(),
                template.item(),
                "pipeline",
                "timed out in the pipeline (inference, execution or scoring): no verdict 600 s after the job's last "
                        + "progress");
        TestEvents.send(Topics.ITEMS_ABANDONED, abandoned.key(), EventJson.write(abandoned));

        ItemScored scored = awaitScores(abandoned.workItemId(), 1).get(0);
        assertThat(scored.failed()).isTrue();
        assertThat(scored.reason()).startsWith("could not be scored: timed out in the pipeline");
    }

    /** The first {@code count} verdicts on a work item, from whichever records of the topic carry them. */
    private static List<ItemScored> awaitScores(UUID workItemId, int count) {
        List<ItemScored> verdicts = verdictsOn(
                TestEvents.awaitUntil(
                        Topics.SCORES,
                        r -> carries(r, workItemId),
                        found -> verdictsOn(found, workItemId).size() >= count,
                        WAIT),
                workItemId);
        assertThat(verdicts).as("verdicts on %s", workItemId).hasSizeGreaterThanOrEqualTo(count);
        return verdicts.subList(0, count);
    }

    private static List<ItemScored> verdictsOn(List<ConsumerRecord<String, byte[]>> records, UUID workItemId) {
        return records.stream()
                .flatMap(r -> read(r).verdicts().stream())
                .filter(v -> workItemId.equals(v.workItemId()))
                .toList();
    }

    private static boolean carries(ConsumerRecord<String, byte[]> record, UUID id) {
        return new String(record.value(), StandardCharsets.UTF_8).contains(id.toString());
    }

    private static ItemsScored read(ConsumerRecord<String, byte[]> record) {
        return EventJson.read(record.value(), ItemsScored.class);
    }

    private static boolean coversBurst(List<ConsumerRecord<String, byte[]>> found, UUID redelivered) {
        List<ItemScored> verdicts =
                found.stream().flatMap(r -> read(r).verdicts().stream()).toList();
        return verdicts.stream().map(ItemScored::workItemId).distinct().count() >= 300
                && verdicts.stream()
                                .filter(v -> redelivered.equals(v.workItemId()))
                                .count()
                        >= 2;
    }

    private static int storedRows(UUID workItemId) throws Exception {
        return count("select count(*) from scorer.item_result where workitemid = ?", workItemId);
    }

    private static int storedRowsOfJob(UUID jobId) throws Exception {
        return count("select count(*) from scorer.item_result where jobid = ?", jobId);
    }

    private static int count(String sql, UUID id) throws Exception {
        try (Connection c = LocalStack.postgres().connect(Postgres.PLATFORM_DATABASE);
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
