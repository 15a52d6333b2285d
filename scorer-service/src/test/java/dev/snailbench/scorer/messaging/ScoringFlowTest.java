package dev.snailbench.scorer.messaging;

import static dev.snailbench.scorer.TestEvents.columns;
import static dev.snailbench.scorer.TestEvents.completed;
import static dev.snailbench.scorer.TestEvents.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.scorer.InMemoryTier;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResultSql;
import dev.snailbench.scorer.repository.JobCancellations;
import dev.snailbench.scorer.service.ItemScorer;
import dev.snailbench.testkit.MemoryChannels;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * {@link ExecutionResultsConsumer} and {@link JobCancellationConsumer} on in-memory channels, the stored results and
 * cancellations mocked: results in, each scored by the real {@link ItemScorer}, stored, and its verdict out on
 * scores-out; a result stored before (a redelivery) gets its first verdict again and is not stored twice; a record
 * lacking its item is nacked alone. Redelivery over the broker, the dead-letter topic and offsets committed after the
 * database commit are {@code ScoringHopTest}'s (real stack).
 */
@QuarkusTest
@InMemoryTier
class ScoringFlowTest {

    private static final String TENANT = "tenant-flow";

    @Inject
    @Any
    MemoryChannels channels;

    @InjectMock
    ItemResultSql results;

    @InjectMock
    JobCancellations cancellations;

    @Inject
    ItemScorer scorer;

    /** What happened to each record sent: "ack" or the nack's reason. */
    private final ConcurrentLinkedQueue<String> outcomes = new ConcurrentLinkedQueue<>();

    @BeforeEach
    void nothingStoredYet() {
        channels.clear(Channels.SCORES_OUT);
        when(results.findAll(any())).thenReturn(Uni.createFrom().item(Map.of()));
        when(results.insertNew(any())).thenAnswer(call -> {
            List<ItemResult> inserted = call.getArgument(0);
            Map<UUID, ItemResult> byItem = new LinkedHashMap<>();
            inserted.forEach(result -> byItem.put(result.workItemId, result));
            return Uni.createFrom().item(byItem);
        });
        when(cancellations.store(any())).thenReturn(Uni.createFrom().voidItem());
    }

    @Test
    void shouldScoreStoreAndPublishTheVerdictOfEveryResult() {
        UUID job = UUID.randomUUID();
        ExecutionCompleted right = result(job, "q1", "Brazil");
        ExecutionCompleted wrong = result(job, "q2", "BRA");

        channels.sendBatch(Channels.RESULTS_TO_SCORE, List.of(record(ExecutionsCompleted.of(List.of(right, wrong)))));

        await().until(() -> outcomes.size() == 1);
        assertThat(outcomes).containsExactly("ack");
        assertThat(verdicts())
                .extracting(ItemScored::workItemId, ItemScored::strictMatch, ItemScored::failed)
                .containsExactly(tuple(right.workItemId(), true, false), tuple(wrong.workItemId(), false, false));
        @SuppressWarnings("unchecked")
        ArgumentCaptor<List<ItemResult>> stored = ArgumentCaptor.forClass(List.class);
        verify(results).insertNew(stored.capture());
        assertThat(stored.getValue())
                .extracting(result -> result.workItemId, result -> result.tenantId)
                .containsExactly(tuple(right.workItemId(), TENANT), tuple(wrong.workItemId(), TENANT));
    }

    @Test
    void shouldAnswerARedeliveredResultWithItsFirstVerdictWithoutStoringItAgain() {
        UUID job = UUID.randomUUID();
        ExecutionCompleted first = result(job, "q1", "Brazil");
        ItemResult stored = scorer.score(result(job, "q1", "BRA"));
        stored.workItemId = first.workItemId();
        when(results.findAll(any())).thenReturn(Uni.createFrom().item(Map.of(first.workItemId(), stored)));

        channels.sendBatch(Channels.RESULTS_TO_SCORE, List.of(record(ExecutionsCompleted.of(List.of(first)))));

        await().until(() -> outcomes.size() == 1);
        assertThat(outcomes).containsExactly("ack");
        // The stored verdict (a wrong answer) stands, not the redelivered event's.
        assertThat(verdicts())
                .extracting(ItemScored::workItemId, ItemScored::strictMatch)
                .containsExactly(tuple(first.workItemId(), false));
        verify(results, never()).insertNew(any());
    }

    @Test
    void shouldNackARecordLackingItsItemAloneAndScoreTheOthers() {
        UUID job = UUID.randomUUID();
        ExecutionCompleted good = result(job, "q1", "Brazil");
        ExecutionCompleted lacking = result(job, "q2", "Brazil");
        lacking = new ExecutionCompleted(
                lacking.eventId(),
                job,
                TENANT,
                lacking.workItemId(),
                lacking.occurredAt(),
                lacking.schemaVersion(),
                null,
                lacking.inference(),
                lacking.gold(),
                lacking.predicted(),
                lacking.goldNondeterministic(),
                lacking.sql());
        ExecutionsCompleted broken = ExecutionsCompleted.of(List.of(lacking));

        channels.sendBatch(
                Channels.RESULTS_TO_SCORE, List.of(record(broken), record(ExecutionsCompleted.of(List.of(good)))));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes).contains("ack").anyMatch(reason -> reason.startsWith("ExecutionsCompleted "));
        assertThat(verdicts()).extracting(ItemScored::workItemId).containsExactly(good.workItemId());
    }

    @Test
    void shouldStoreACancellationAndRefuseOneLackingItsTenant() {
        UUID job = UUID.randomUUID();
        JobCancelled cancelled = JobCancelled.of(job, TENANT, "cancelled by the team");
        ConcurrentLinkedQueue<String> cancelOutcomes = new ConcurrentLinkedQueue<>();

        channels.send(Channels.JOBS_CANCELLED, MemoryChannels.tracked(cancelled, cancelOutcomes::add));
        channels.send(
                Channels.JOBS_CANCELLED,
                MemoryChannels.tracked(JobCancelled.of(UUID.randomUUID(), null, "no tenant"), cancelOutcomes::add));

        await().until(() -> cancelOutcomes.size() == 2);
        assertThat(cancelOutcomes).contains("ack").anyMatch(reason -> reason.endsWith("lacks jobId or tenantId"));
        verify(cancellations).store(cancelled);
    }

    private static ExecutionCompleted result(UUID job, String questionId, String predictedValue) {
        var cols = columns("name", "TEXT");
        return completed(
                job,
                TENANT,
                questionId,
                "SELECT name FROM team",
                "SELECT x FROM team",
                ok(cols, List.of(List.of("Brazil"))),
                ok(cols, List.of(List.of(predictedValue))));
    }

    private Message<ExecutionsCompleted> record(ExecutionsCompleted record) {
        return MemoryChannels.tracked(record, outcomes::add);
    }

    private List<ItemScored> verdicts() {
        return channels.<byte[]>sent(Channels.SCORES_OUT).stream()
                .flatMap(message -> EventJson.read(message.getPayload(), ItemsScored.class).items().stream())
                .toList();
    }
}
