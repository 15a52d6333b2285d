package dev.snailbench.model.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
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
        assertThat(records.stream().map(r -> read(r).eventId()).distinct()).as("an event id per record").hasSize(3);
    }

    @Test
    void shouldStartANewRecordWhereTheNextItemWouldCrossTheByteLimit() {
        List<ItemScored> verdicts = verdicts(16, "a question id long enough to weigh ".repeat(20));
        int one = EventJson.write(ItemsScored.of(verdicts.subList(0, 1))).length;
        int limit = 5 * one;

        List<EventRecords.Encoded> records = pack(verdicts, 16, limit);

        assertThat(records).hasSizeGreaterThan(3)
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
        List<ItemScored> theirs = IntStream.range(0, 2).mapToObj(i -> new ItemScored(UUID.randomUUID(), other, "t2",
                UUID.randomUUID(), Instant.now(), 1, "r" + i, false, false, true, "gold failed")).toList();
        List<ItemScored> interleaved = List.of(mine.get(0), theirs.get(0), mine.get(1), theirs.get(1), mine.get(2));

        List<EventRecords.Encoded> records = EventRecords.packByJob(interleaved.stream().map(EventRecords.Item::of)
                .toList(), 10, 1 << 20, ItemsScored::empty);

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

        assertThatThrownBy(() -> pack(verdicts, 10, 5_000)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("work item " + verdicts.get(0).workItemId())
                .hasMessageContaining("over the record limit of 5000");
    }

    private static List<EventRecords.Encoded> pack(List<ItemScored> verdicts, int perRecord, int maxBytes) {
        return EventRecords.pack(verdicts.stream().map(EventRecords.Item::of).toList(), perRecord, maxBytes,
                () -> ItemsScored.empty(JOB, "t1"));
    }

    private static ItemsScored read(EventRecords.Encoded record) {
        return EventJson.read(record.json(), ItemsScored.class);
    }

    private static List<ItemScored> verdicts(int n, String questionPrefix) {
        return IntStream.range(0, n).mapToObj(i -> new ItemScored(UUID.randomUUID(), JOB, "t1", UUID.randomUUID(),
                Instant.now(), 1, questionPrefix + i, true, true, false, "match")).toList();
    }
}
