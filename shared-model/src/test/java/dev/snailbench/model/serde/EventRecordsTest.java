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

        List<EventRecords.Encoded> records = records(3, 1 << 20).encode(verdicts);

        assertThat(records).extracting(r -> read(r).verdicts().size()).containsExactly(3, 3, 1);
        assertThat(records.stream().flatMap(r -> read(r).verdicts().stream()).toList())
                .containsExactlyElementsOf(verdicts);
        assertThat(records).allSatisfy(r -> assertThat(r.key()).isEqualTo(read(r).verdicts().get(0).key()));
    }

    @Test
    void shouldSplitARecordOverTheByteLimitInHalvesUntilEveryPartFits() {
        List<ItemScored> verdicts = verdicts(16, "a question id long enough to weigh ".repeat(20));
        int one = EventJson.write(ItemsScored.of(verdicts.subList(0, 1))).length;
        int limit = 5 * one;

        List<EventRecords.Encoded> records = records(16, limit).encode(verdicts);

        assertThat(records).hasSizeGreaterThan(3).allSatisfy(r -> assertThat(r.json().length).isLessThanOrEqualTo(limit));
        assertThat(records.stream().flatMap(r -> read(r).verdicts().stream()).toList())
                .containsExactlyElementsOf(verdicts);
    }

    @Test
    void shouldNameTheItemThatCannotFitEvenAlone() {
        List<ItemScored> verdicts = verdicts(2, "q".repeat(10_000));

        assertThatThrownBy(() -> records(10, 5_000).encode(verdicts)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("verdict " + verdicts.get(0).workItemId())
                .hasMessageContaining("over the record limit of 5000");
    }

    private static EventRecords<ItemScored> records(int perRecord, int maxBytes) {
        return new EventRecords<>(perRecord, maxBytes, ItemsScored::of, v -> "verdict " + v.workItemId());
    }

    private static ItemsScored read(EventRecords.Encoded record) {
        return EventJson.read(record.json(), ItemsScored.class);
    }

    private static List<ItemScored> verdicts(int n, String questionPrefix) {
        return IntStream.range(0, n).mapToObj(i -> new ItemScored(UUID.randomUUID(), JOB, "t1", UUID.randomUUID(),
                Instant.now(), 1, questionPrefix + i, true, true, false, "match")).toList();
    }
}
