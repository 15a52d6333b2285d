package dev.snailbench.inference.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.snailbench.inference.InMemoryTier;
import dev.snailbench.inference.service.InferenceService;
import dev.snailbench.inference.support.WorkItems;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.DatabaseLoginFailed;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.MemoryChannels;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Multi;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * {@link InferenceConsumer}, {@link JobCancellationConsumer} and {@link LoginFailureConsumer} on in-memory
 * channels, the answering mocked ({@link InferenceService}: the model calls and the stored answers): a batch of
 * records in, each answered item out towards the executor with its job's items together, the batch acked after; a
 * record of a cancelled job is skipped; a record lacking an item is nacked alone; a failed login is learnt for its
 * job's database. Redelivery, the dead-letter topic and offsets committed after the database commit are shown over the
 * real broker ({@link InferenceHopTest}).
 */
@QuarkusTest
@InMemoryTier
class InferenceFlowTest {

    @Inject
    @Any
    MemoryChannels channels;

    @InjectMock
    InferenceService inference;

    /** What happened to each record sent: "ack" or the nack's reason. */
    private final ConcurrentLinkedQueue<String> outcomes = new ConcurrentLinkedQueue<>();

    @BeforeEach
    void answerEveryItem() {
        channels.clear(Channels.SQL_TO_EXECUTE_OUT);
        when(inference.inferAll(any())).thenAnswer(call -> {
            List<InferenceRequested> requests = call.getArgument(0);
            return Multi.createFrom()
                    .item(requests.stream()
                            .map(request -> new InferenceService.Answered(
                                    request,
                                    new Inference("SELECT '" + request.item().questionId() + "'", null, null, 5)))
                            .toList());
        });
    }

    @Test
    void shouldForwardEveryAnsweredItemOfABatchAndAckItAfter() {
        UUID job = UUID.randomUUID();
        WorkItem first = item("ATBI:1");
        WorkItem second = item("ATBI:2");
        WorkItem third = item("ATBI:3");

        channels.sendBatch(
                Channels.QUERIES_TO_INFER,
                List.of(
                        record(InferenceBatch.of(job, WorkItems.TENANT, null, List.of(first, second))),
                        record(InferenceBatch.of(job, WorkItems.TENANT, null, List.of(third)))));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes).containsExactly("ack", "ack");
        List<ExecutionRequested> forwarded = forwarded();
        assertThat(forwarded)
                .extracting(ExecutionRequested::workItemId)
                .containsExactly(first.workItemId(), second.workItemId(), third.workItemId());
        assertThat(forwarded).allSatisfy(request -> {
            assertThat(request.jobId()).isEqualTo(job);
            assertThat(request.tenantId()).isEqualTo(WorkItems.TENANT);
        });
        assertThat(forwarded)
                .extracting(request -> request.inference().predictedSql())
                .containsExactly("SELECT 'ATBI:1'", "SELECT 'ATBI:2'", "SELECT 'ATBI:3'");
        // The three items were answered together: one call for the batch.
        @SuppressWarnings("unchecked")
        ArgumentCaptor<List<InferenceRequested>> asked = ArgumentCaptor.forClass(List.class);
        verify(inference).inferAll(asked.capture());
        assertThat(asked.getValue())
                .extracting(InferenceRequested::workItemId)
                .containsExactly(first.workItemId(), second.workItemId(), third.workItemId());
    }

    @Test
    void shouldSkipTheItemsOfACancelledJobWithoutAskingTheModel() {
        UUID job = UUID.randomUUID();
        channels.send(Channels.JOBS_CANCELLED, JobCancelled.of(job, WorkItems.TENANT, "cancelled by the team"));
        await().until(() -> channels.sent(Channels.SQL_TO_EXECUTE_OUT).isEmpty() && cancelledJobIsKnown(job));

        channels.sendBatch(
                Channels.QUERIES_TO_INFER,
                List.of(record(InferenceBatch.of(job, WorkItems.TENANT, null, List.of(item("ATBI:4"))))));

        await().until(() -> outcomes.size() == 1);
        assertThat(outcomes).containsExactly("ack");
        verify(inference, never()).inferAll(any());
        assertThat(forwarded()).isEmpty();
    }

    @Test
    void shouldNackARecordLackingAnItemAloneAndAnswerTheOthers() {
        UUID job = UUID.randomUUID();
        WorkItem good = item("ATBI:5");
        InferenceBatch broken = InferenceBatch.of(job, WorkItems.TENANT, null, List.of(item("ATBI:6")));
        InferenceRequested itemless = broken.requests().get(0);
        broken = new InferenceBatch(
                broken.eventId(),
                job,
                WorkItems.TENANT,
                broken.occurredAt(),
                broken.schemaVersion(),
                null,
                List.of(new InferenceRequested(
                        itemless.eventId(),
                        job,
                        WorkItems.TENANT,
                        itemless.workItemId(),
                        itemless.occurredAt(),
                        itemless.schemaVersion(),
                        null,
                        null)));

        channels.sendBatch(
                Channels.QUERIES_TO_INFER,
                List.of(record(broken), record(InferenceBatch.of(job, WorkItems.TENANT, null, List.of(good)))));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes)
                .containsExactlyInAnyOrder(
                        "ack",
                        "InferenceBatch " + broken.eventId() + ": InferenceRequested " + itemless.eventId()
                                + " lacks its item");
        assertThat(forwarded()).extracting(ExecutionRequested::workItemId).containsExactly(good.workItemId());
    }

    @Test
    void shouldLearnAFailedLoginOfAJobsDatabase() {
        UUID job = UUID.randomUUID();
        InferenceRequested request = InferenceRequested.of(job, WorkItems.TENANT, item("ATBI:7"));
        assertThat(logins.reason(request)).isNull();

        channels.send(
                Channels.DATABASE_LOGINS_FAILED,
                DatabaseLoginFailed.of(
                        job, WorkItems.TENANT, request.item().database(), "password authentication failed"));

        await().until(() -> logins.reason(request) != null);
        assertThat(logins.reason(request)).contains("password authentication failed");
        assertThat(logins.reason(InferenceRequested.of(UUID.randomUUID(), WorkItems.TENANT, item("ATBI:8"))))
                .isNull();
    }

    @Inject
    JobCancellationConsumer cancellations;

    @Inject
    LoginFailureConsumer logins;

    private boolean cancelledJobIsKnown(UUID job) {
        return cancellations.contains(job);
    }

    private static WorkItem item(String questionId) {
        return WorkItems.replay(questionId, "How many clubs?", "SELECT count(*) FROM club", null);
    }

    private Message<InferenceBatch> record(InferenceBatch batch) {
        return MemoryChannels.tracked(batch, outcomes::add);
    }

    private List<ExecutionRequested> forwarded() {
        return channels.<byte[]>sent(Channels.SQL_TO_EXECUTE_OUT).stream()
                .flatMap(message -> EventJson.read(message.getPayload(), ExecutionsRequested.class).items().stream())
                .toList();
    }
}
