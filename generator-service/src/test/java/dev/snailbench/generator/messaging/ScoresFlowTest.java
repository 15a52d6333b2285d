package dev.snailbench.generator.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.generator.repository.JobSql;
import dev.snailbench.generator.repository.VerdictCounts;
import dev.snailbench.generator.repository.WorkItemStateSql.Verdict;
import dev.snailbench.model.Channels;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import dev.snailbench.model.event.JobEnded;
import dev.snailbench.testkit.MemoryChannels;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * {@link ScoresConsumer} on in-memory channels, the verdict counts and the work publisher mocked: a batch of verdict
 * records is counted once per work item (a verdict delivered twice in one batch counts once, the first), a failed
 * item keeps its grouped reason, the publisher is kicked and each job the verdicts completed goes out on jobs-ended;
 * a record holding a verdict of another job is nacked alone; a batch whose count fails for good is nacked whole. Counting
 * exactly once across redeliveries and replicas (the rows locked) and offsets committed after the database commit
 * are {@code JobFlowKafkaTest}'s and {@code JobWindowTest}'s (real stack).
 */
@QuarkusTest
@InMemoryTier
class ScoresFlowTest {

    private static final String TENANT = "tenant-scores";

    @Inject
    @Any
    MemoryChannels channels;

    @InjectMock
    VerdictCounts counts;

    @InjectMock
    WorkPublisher publisher;

    /** What happened to each record sent: "ack" or the nack's reason. */
    private final ConcurrentLinkedQueue<String> outcomes = new ConcurrentLinkedQueue<>();

    @BeforeEach
    void completeNothing() {
        channels.clear(Channels.JOBS_ENDED_OUT);
        when(counts.count(any())).thenReturn(Uni.createFrom().item(List.of()));
    }

    @Test
    void shouldCountEachItemsFirstVerdictOnceKickThePublisherAndEndTheJobsItCompleted() {
        UUID job = UUID.randomUUID();
        UUID item = UUID.randomUUID();
        UUID failing = UUID.randomUUID();
        ItemScored right = verdict(job, item, false, null);
        ItemScored again = verdict(job, item, true, "redelivered later");
        ItemScored wrong = verdict(job, failing, true, "");
        when(counts.count(any())).thenReturn(Uni.createFrom().item(List.of(new JobSql.Completed(job, TENANT))));

        channels.sendBatch(
                Channels.SCORES,
                List.of(record(ItemsScored.of(List.of(right, wrong))), record(ItemsScored.of(List.of(again)))));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes).containsExactly("ack", "ack");
        @SuppressWarnings("unchecked")
        ArgumentCaptor<Map<UUID, Verdict>> counted = ArgumentCaptor.forClass(Map.class);
        verify(counts).count(counted.capture());
        assertThat(counted.getValue().values())
                .extracting(Verdict::id, Verdict::failed, Verdict::reason)
                .containsExactly(tuple(item, false, null), tuple(failing, true, "no reason given"));
        verify(publisher).kick();
        assertThat(ended()).extracting(JobEnded::jobId, JobEnded::tenantId).containsExactly(tuple(job, TENANT));
    }

    @Test
    void shouldNackARecordHoldingAnotherJobsVerdictAloneAndCountTheOthers() {
        UUID job = UUID.randomUUID();
        ItemScored own = verdict(job, UUID.randomUUID(), false, null);
        ItemScored stray = verdict(UUID.randomUUID(), UUID.randomUUID(), false, null);
        ItemsScored mixed = new ItemsScored(UUID.randomUUID(), job, TENANT, Instant.now(), 1, List.of(own, stray));
        ItemScored fine = verdict(job, UUID.randomUUID(), false, null);

        channels.sendBatch(Channels.SCORES, List.of(record(mixed), record(ItemsScored.of(List.of(fine)))));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes)
                .containsExactlyInAnyOrder(
                        "ack",
                        "ItemsScored " + mixed.eventId()
                                + ": the verdict on work item " + stray.workItemId() + " is of job " + stray.jobId()
                                + " and tenant "
                                + TENANT + ", not the record's");
        @SuppressWarnings("unchecked")
        ArgumentCaptor<Map<UUID, Verdict>> counted = ArgumentCaptor.forClass(Map.class);
        verify(counts).count(counted.capture());
        assertThat(counted.getValue()).containsOnlyKeys(fine.workItemId());
        assertThat(ended()).isEmpty();
    }

    @Test
    void shouldNackTheWholeBatchWhenItsCountFails() {
        // Not transient (an IllegalArgumentException): nacked without the retries a transient failure gets.
        when(counts.count(any()))
                .thenReturn(Uni.createFrom().failure(new IllegalArgumentException("a verdict the database refuses")));
        UUID job = UUID.randomUUID();

        channels.sendBatch(
                Channels.SCORES,
                List.of(
                        record(ItemsScored.of(List.of(verdict(job, UUID.randomUUID(), false, null)))),
                        record(ItemsScored.of(List.of(verdict(job, UUID.randomUUID(), false, null))))));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes).allSatisfy(outcome -> assertThat(outcome).contains("a verdict the database refuses"));
        verify(publisher, never()).kick();
        assertThat(ended()).isEmpty();
    }

    private static ItemScored verdict(UUID job, UUID item, boolean failed, String reason) {
        return new ItemScored(
                UUID.randomUUID(), job, TENANT, item, Instant.now(), 1, "q-" + item, !failed, !failed, failed, reason);
    }

    private Message<ItemsScored> record(ItemsScored record) {
        return MemoryChannels.tracked(record, outcomes::add);
    }

    private List<JobEnded> ended() {
        return channels.<Record<String, JobEnded>>sent(Channels.JOBS_ENDED_OUT).stream()
                .map(message -> message.getPayload().value())
                .toList();
    }
}
