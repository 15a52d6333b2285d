package dev.snailbench.model.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.PromptOptions;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.ItemAbandoned;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class EventRecordsTest {

    private static final UUID JOB = UUID.randomUUID();

    @Test
    void shouldPutUpToTheGivenNumberOfItemsInARecordInTheirOrderKeyedByTheFirst() {
        List<ItemScored> verdicts = verdicts(7, "q");

        List<EventRecords.Encoded> records = pack(verdicts, 3, 1 << 20);

        assertThat(records).extracting(r -> read(r).verdicts().size()).containsExactly(3, 3, 1);
        assertThat(records.stream().flatMap(r -> read(r).verdicts().stream()).toList())
                .containsExactlyElementsOf(verdicts);
        assertThat(records).allSatisfy(r -> {
            ItemsScored record = read(r);
            assertThat(r.key()).isEqualTo(record.verdicts().get(0).key());
            assertThat(record.jobId()).isEqualTo(JOB);
            assertThat(record.tenantId()).isEqualTo("t1");
        });
        assertThat(records.stream().map(r -> read(r).eventId()).distinct())
                .as("an event id per record")
                .hasSize(3);
    }

    @Test
    void shouldStartANewRecordWhereTheNextItemWouldCrossTheByteLimit() {
        List<ItemScored> verdicts = verdicts(16, "a question id long enough to weigh ".repeat(20));
        int one = EventJson.write(ItemsScored.of(verdicts.subList(0, 1))).length;
        int limit = 5 * one;

        List<EventRecords.Encoded> records = pack(verdicts, 16, limit);

        assertThat(records)
                .hasSizeGreaterThan(3)
                .allSatisfy(r -> assertThat(r.json().length).isLessThanOrEqualTo(limit));
        // Full records: no two neighbours could have been one.
        assertThat(records.get(0).json().length + records.get(1).json().length).isGreaterThan(limit);
        assertThat(records.stream().flatMap(r -> read(r).verdicts().stream()).toList())
                .containsExactlyElementsOf(verdicts);
    }

    @Test
    void shouldPackEachJobsItemsInRecordsOfTheirOwnWhateverTheirOrder() {
        UUID other = UUID.randomUUID();
        List<ItemScored> mine = verdicts(3, "q");
        List<ItemScored> theirs = IntStream.range(0, 2)
                .mapToObj(i -> new ItemScored(
                        UUID.randomUUID(),
                        other,
                        "t2",
                        UUID.randomUUID(),
                        Instant.now(),
                        1,
                        "r" + i,
                        false,
                        false,
                        true,
                        "gold failed"))
                .toList();
        List<ItemScored> interleaved = List.of(mine.get(0), theirs.get(0), mine.get(1), theirs.get(1), mine.get(2));

        List<EventRecords.Encoded> records = EventRecords.packByJob(
                interleaved.stream().map(EventRecords.Item::of).toList(),
                10,
                1 << 20,
                (job, tenant, none) -> ItemsScored.empty(job, tenant));

        assertThat(records).hasSize(2);
        assertThat(read(records.get(0)).verdicts()).containsExactlyElementsOf(mine);
        assertThat(read(records.get(1)).verdicts()).containsExactlyElementsOf(theirs);
        assertThat(read(records.get(1)).jobId()).isEqualTo(other);
        assertThat(read(records.get(1)).tenantId()).isEqualTo("t2");
        assertThat(read(records.get(1)).refusal()).isNull();
    }

    @Test
    void shouldNameTheItemThatCannotFitEvenAlone() {
        List<ItemScored> verdicts = verdicts(2, "q".repeat(10_000));

        assertThatThrownBy(() -> pack(verdicts, 10, 5_000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("work item " + verdicts.get(0).workItemId())
                .hasMessageContaining("over the record limit of 5000");
    }

    private static List<EventRecords.Encoded> pack(List<ItemScored> verdicts, int perRecord, int maxBytes) {
        return EventRecords.pack(
                verdicts.stream().map(EventRecords.Item::of).toList(),
                perRecord,
                maxBytes,
                (job, tenant, none) -> ItemsScored.empty(job, tenant));
    }

    @Test
    void shouldWriteTheJobsFieldsOnceARecordAndGiveEveryItemItsOwnBack() {
        WorkItem first = item("q1", "replay-run", DATABASE);
        List<ExecutionRequested> requests = List.of(
                request(first),
                request(item("q2", "replay-run", DATABASE)),
                request(item("q3", "replay-run", DATABASE)));

        List<EventRecords.Encoded> records = EventRecords.packByJob(
                requests.stream().map(EventRecords.Item::of).toList(), 10, 1 << 20, ExecutionsRequested::empty);

        assertThat(records).hasSize(1);
        String json = new String(records.get(0).json(), StandardCharsets.UTF_8);
        assertThat(json.split(DATABASE.jdbcUrl(), -1))
                .as("the database once, not once per item")
                .hasSize(2);
        assertThat(json.split("replay-run", -1)).hasSize(2);
        ExecutionsRequested back = EventJson.read(records.get(0).json(), ExecutionsRequested.class);
        assertThat(back.requests()).containsExactlyElementsOf(requests);
        assertThat(back.requests().get(0).item().database()).isEqualTo(DATABASE);
        assertThat(back.requests().get(0).item().promptOptions()).isEqualTo(first.promptOptions());
        assertThat(back.requests().get(0).item().evaluation()).isEqualTo(first.evaluation());
        assertThat(back.refusal()).isNull();
        // What the scorer reads from a dead-lettered record: each item with its job's fields too.
        assertThat(new AbandonedItemsDeserializer()
                        .deserialize("t", records.get(0).json()))
                .extracting(ItemAbandoned::item)
                .containsExactlyElementsOf(
                        requests.stream().map(ExecutionRequested::item).toList());
    }

    @Test
    void shouldGiveItemsWhoseJobFieldsDifferRecordsOfTheirOwn() {
        DatabaseRef other = new DatabaseRef(
                SqlDialect.POSTGRESQL, "jdbc:postgresql://10.0.0.9:5432/other", "reader", "sealed-2", "db-2");
        List<ExecutionRequested> requests = List.of(
                request(item("q1", "a", DATABASE)),
                request(item("q2", "a", DATABASE)),
                request(item("q3", "b", DATABASE)),
                request(item("q4", "b", other)));

        List<EventRecords.Encoded> records = EventRecords.packByJob(
                requests.stream().map(EventRecords.Item::of).toList(), 10, 1 << 20, ExecutionsRequested::empty);

        assertThat(records)
                .extracting(r -> EventJson.read(r.json(), ExecutionsRequested.class)
                        .requests()
                        .size())
                .containsExactly(2, 1, 1);
        assertThat(records.stream()
                        .flatMap(r -> EventJson.read(r.json(), ExecutionsRequested.class).requests().stream())
                        .toList())
                .containsExactlyElementsOf(requests);
    }

    @Test
    void shouldRefuseAnEnvelopeWithoutTheJobFieldsItsItemsAreWrittenWithout() {
        List<EventRecords.Item> items = List.of(EventRecords.Item.of(request(item("q1", "a", DATABASE))));

        assertThatThrownBy(() -> EventRecords.pack(
                        items, 10, 1 << 20, (job, tenant, context) -> ExecutionsRequested.empty(job, tenant, null)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("must carry the job's fields");
    }

    @Test
    void shouldReadARecordOfAnEarlierVersionWhoseItemsCarryTheirOwnJobFields() {
        List<ExecutionRequested> requests =
                List.of(request(item("q1", "a", DATABASE)), request(item("q2", "a", DATABASE)));
        byte[] earlier = EventJson.write(
                new ExecutionsRequested(UUID.randomUUID(), JOB, "t1", Instant.now(), 1, null, requests));

        ExecutionsRequested back = EventJson.read(earlier, ExecutionsRequested.class);

        assertThat(back.job()).isNull();
        assertThat(back.requests()).containsExactlyElementsOf(requests);
    }

    private static final DatabaseRef DATABASE = new DatabaseRef(
            SqlDialect.POSTGRESQL, "jdbc:postgresql://10.0.0.8:5432/football", "reader", "sealed", "db-1", "football");

    private static WorkItem item(String questionId, String jobName, DatabaseRef database) {
        ModelRef model = ModelRef.replay("m");
        return new WorkItem(
                WorkItem.idFor(JOB, "db", questionId, model, NaturalnessLevel.NATIVE),
                questionId,
                "How many clubs?",
                "SELECT count(*) FROM club",
                SqlDialect.POSTGRESQL,
                database,
                model,
                NaturalnessLevel.LOW,
                new PromptOptions(true, 3, 2, "random", 7, 4000),
                "football-v1",
                null,
                jobName,
                "abbreviated",
                "easy",
                new EvaluationOptions(EvaluationOptions.Linking.SNAILS, EvaluationOptions.GoldScreening.EXCLUDE));
    }

    private static ExecutionRequested request(WorkItem item) {
        return new ExecutionRequested(
                UUID.randomUUID(),
                JOB,
                "t1",
                item.workItemId(),
                Instant.now(),
                Event.SCHEMA_VERSION,
                item,
                new Inference("SELECT count(*) FROM club", null, null, 12));
    }

    private static ItemsScored read(EventRecords.Encoded record) {
        return EventJson.read(record.json(), ItemsScored.class);
    }

    private static List<ItemScored> verdicts(int n, String questionPrefix) {
        return IntStream.range(0, n)
                .mapToObj(i -> new ItemScored(
                        UUID.randomUUID(),
                        JOB,
                        "t1",
                        UUID.randomUUID(),
                        Instant.now(),
                        1,
                        questionPrefix + i,
                        true,
                        true,
                        false,
                        "match"))
                .toList();
    }
}
