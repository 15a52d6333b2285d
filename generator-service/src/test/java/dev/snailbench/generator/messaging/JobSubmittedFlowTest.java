package dev.snailbench.generator.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.generator.repository.Job;
import dev.snailbench.generator.repository.JobStatus;
import dev.snailbench.generator.repository.JobStore;
import dev.snailbench.generator.repository.WorkItemState;
import dev.snailbench.generator.testing.ReplaySpecs;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.domain.Prediction;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.event.JobSubmitted;
import dev.snailbench.testkit.MemoryChannels;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
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
 * {@link JobSubmittedConsumer} on in-memory channels, the job store and the work publisher mocked: a submitted job is
 * stored queued with one item per question, handed to the publisher and acked; a job that cannot be expanded is
 * stored failed with its reason and acked; a record without its job id is nacked (dead-lettered) and stores nothing;
 * a store that fails for a moment is tried again. The dead-letter topic, offsets committed after the database commit
 * and a redelivered record finding its job stored are {@code JobFlowKafkaTest}'s and {@code JobLifecycleTest}'s (real
 * stack).
 */
@QuarkusTest
@InMemoryTier
class JobSubmittedFlowTest {

    private static final String TENANT = "tenant-intake";

    @Inject
    @Any
    MemoryChannels channels;

    @InjectMock
    JobStore store;

    @InjectMock
    WorkPublisher publisher;

    /** What happened to each record sent: "ack" or the nack's reason. */
    private final ConcurrentLinkedQueue<String> outcomes = new ConcurrentLinkedQueue<>();

    @BeforeEach
    void storeEverything() {
        when(store.storeQueued(any(), any(), anyList()))
                .thenReturn(Uni.createFrom().voidItem());
        when(store.storeFailed(any())).thenReturn(Uni.createFrom().voidItem());
    }

    @Test
    void shouldStoreAJobQueuedWithItsItemsHandItToThePublisherAndAckIt() {
        UUID jobId = UUID.randomUUID();
        JobSpec spec =
                spec("two questions", List.of(new Prediction("q1", "SELECT 1"), new Prediction("q2", "SELECT 2")));

        channels.send(Channels.JOB_EVENTS, record(JobSubmitted.of(jobId, TENANT, spec)));

        await().until(() -> outcomes.size() == 1);
        assertThat(outcomes).containsExactly("ack");
        ArgumentCaptor<Job> job = ArgumentCaptor.forClass(Job.class);
        @SuppressWarnings("unchecked")
        ArgumentCaptor<List<WorkItemState>> items = ArgumentCaptor.forClass(List.class);
        ArgumentCaptor<byte[]> stored = ArgumentCaptor.forClass(byte[].class);
        verify(store).storeQueued(job.capture(), stored.capture(), items.capture());
        assertThat(job.getValue().id).isEqualTo(jobId);
        assertThat(job.getValue().tenantId).isEqualTo(TENANT);
        assertThat(job.getValue().status).isEqualTo(JobStatus.QUEUED);
        assertThat(job.getValue().total).isEqualTo(2);
        assertThat(job.getValue().name).isEqualTo("two questions");
        assertThat(stored.getValue()).isEqualTo(Job.compressSpec(spec));
        assertThat(items.getValue()).extracting(item -> item.jobId).containsOnly(jobId);
        assertThat(items.getValue()).extracting(item -> item.questionId).containsExactly("q1", "q2");
        verify(publisher).remember(eq(jobId), eq(spec), anyList());
        verify(publisher).kick();
        verify(store, never()).storeFailed(any());
    }

    @Test
    void shouldStoreAJobThatCannotBeExpandedAsFailedWithItsReason() {
        UUID jobId = UUID.randomUUID();
        // Two predictions for one question: the REST API refuses it, the topic may still carry it.
        JobSpec broken =
                spec("broken spec", List.of(new Prediction("q1", "SELECT 1"), new Prediction("q1", "SELECT 2")));

        channels.send(Channels.JOB_EVENTS, record(JobSubmitted.of(jobId, TENANT, broken)));

        await().until(() -> outcomes.size() == 1);
        assertThat(outcomes).containsExactly("ack");
        ArgumentCaptor<Job> job = ArgumentCaptor.forClass(Job.class);
        verify(store).storeFailed(job.capture());
        assertThat(job.getValue().id).isEqualTo(jobId);
        assertThat(job.getValue().status).isEqualTo(JobStatus.FAILED);
        assertThat(job.getValue().name).isEqualTo("broken spec");
        assertThat(job.getValue().reason).startsWith("could not expand the job: ");
        verify(store, never()).storeQueued(any(), any(), anyList());
        verify(publisher, never()).kick();
    }

    @Test
    void shouldNackARecordWithoutItsJobIdAndStoreNothing() {
        JobSubmitted event = JobSubmitted.of(UUID.randomUUID(), TENANT, spec("no id", List.of()));
        JobSubmitted idless = new JobSubmitted(
                event.eventId(), null, TENANT, event.occurredAt(), event.schemaVersion(), event.spec());

        channels.send(Channels.JOB_EVENTS, record(idless));

        await().until(() -> outcomes.size() == 1);
        assertThat(outcomes).containsExactly("JobSubmitted " + event.eventId() + " lacks jobId or tenantId");
        verify(store, never()).storeQueued(any(), any(), anyList());
        verify(store, never()).storeFailed(any());
    }

    @Test
    void shouldTryAStoreThatFailedForAMomentAgain() {
        UUID jobId = UUID.randomUUID();
        when(store.storeQueued(any(), any(), anyList()))
                .thenReturn(Uni.createFrom().failure(new IllegalStateException("connection reset")))
                .thenReturn(Uni.createFrom().voidItem());

        channels.send(
                Channels.JOB_EVENTS,
                record(JobSubmitted.of(jobId, TENANT, spec("retried", List.of(new Prediction("q1", "SELECT 1"))))));

        await().until(() -> outcomes.size() == 1);
        assertThat(outcomes).containsExactly("ack");
        verify(store, times(2)).storeQueued(any(), any(), anyList());
        verify(publisher).kick();
    }

    /** A replay job asking the questions its predictions answer (q1 when there are none). */
    private static JobSpec spec(String name, List<Prediction> predictions) {
        List<Question> questions = predictions.stream()
                .map(Prediction::questionId)
                .distinct()
                .map(id -> new Question(id, "How many rows in " + id + "?", "SELECT count(*) FROM " + id))
                .toList();
        return ReplaySpecs.replay(
                name, questions.isEmpty() ? List.of(new Question("q1", "?", "SELECT 1")) : questions, predictions);
    }

    private Message<JobSubmitted> record(JobSubmitted event) {
        return MemoryChannels.tracked(event, outcomes::add);
    }
}
