package dev.snailbench.generator.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.model.serde.EventRecords;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class InferenceRecordsTest {

    private static final UUID JOB = UUID.randomUUID();

    @Test
    void shouldPutUpToTheConfiguredNumberOfItemsInARecordInTheirOrder() {
        List<WorkItem> items = items(7);

        List<EventRecords.Encoded> records = new InferenceRecords(3, 1 << 20).encode(JOB, "t1", null, items);

        assertThat(records).extracting(r -> read(r).requests().size()).containsExactly(3, 3, 1);
        assertThat(records.stream().flatMap(r -> read(r).requests().stream()).map(InferenceRequested::workItemId))
                .containsExactlyElementsOf(
                        items.stream().map(WorkItem::workItemId).toList());
        assertThat(records)
                .allSatisfy(r ->
                        assertThat(r.key()).isEqualTo(read(r).requests().get(0).key()));
    }

    @Test
    void shouldSplitARecordThatTheTeamSchemaMakesTooLargeUntilEveryPartFits() {
        TeamSchema schema = schema(20_000);
        int schemaBytes = EventJson.write(InferenceBatch.of(JOB, "t1", schema, items(1))).length;
        List<WorkItem> items = items(10);
        // Room for the schema and about three items.
        int limit = schemaBytes
                + 3
                        * (EventJson.write(InferenceBatch.of(JOB, "t1", null, items(2))).length
                                - EventJson.write(InferenceBatch.of(JOB, "t1", null, items(1))).length);

        List<EventRecords.Encoded> records = new InferenceRecords(10, limit).encode(JOB, "t1", schema, items);

        assertThat(records)
                .hasSizeGreaterThan(1)
                .allSatisfy(r -> assertThat(r.json().length).isLessThanOrEqualTo(limit));
        assertThat(records.stream().flatMap(r -> read(r).withSchema().stream()).toList())
                .extracting(InferenceRequested::workItemId)
                .containsExactlyElementsOf(
                        items.stream().map(WorkItem::workItemId).toList());
        assertThat(records).allSatisfy(r -> assertThat(read(r).schema()).isEqualTo(schema));
    }

    @Test
    void shouldRefuseAnItemThatCannotFitEvenAlone() {
        assertThatThrownBy(() -> new InferenceRecords(10, 5_000).encode(JOB, "t1", schema(20_000), items(2)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("over the record limit of 5000");
    }

    private static InferenceBatch read(EventRecords.Encoded record) {
        return EventJson.read(record.json(), InferenceBatch.class);
    }

    private static List<WorkItem> items(int n) {
        return IntStream.range(0, n)
                .mapToObj(i -> new WorkItem(
                        UUID.randomUUID(),
                        "q" + i,
                        "question " + i,
                        "SELECT " + i,
                        SqlDialect.POSTGRESQL,
                        null,
                        ModelRef.replay("m"),
                        NaturalnessLevel.NATIVE,
                        null,
                        null,
                        "SELECT " + i))
                .toList();
    }

    /** A team schema of about {@code chars} characters of sample values. */
    private static TeamSchema schema(int chars) {
        List<String> samples = new ArrayList<>(Collections.nCopies(chars / 100, "x".repeat(100)));
        return new TeamSchema(
                "team",
                new DatabaseSchema(
                        "PostgreSQL",
                        "team",
                        List.of(new DatabaseSchema.Table(
                                "public",
                                "t",
                                "TABLE",
                                List.of(new DatabaseSchema.Column(
                                        "c", "text", ResultColumn.ValueType.TEXT, true, samples)),
                                List.of(),
                                List.of())),
                        false),
                List.of());
    }
}
