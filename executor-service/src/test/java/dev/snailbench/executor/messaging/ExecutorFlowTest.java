package dev.snailbench.executor.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.snailbench.executor.InMemoryTier;
import dev.snailbench.executor.service.DatabaseUses;
import dev.snailbench.executor.service.TargetResolver;
import dev.snailbench.executor.service.tasks.DatabaseTasks;
import dev.snailbench.executor.support.Requests;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.event.JobEnded;
import dev.snailbench.model.serde.EventJson;
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
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The executor's consumers on in-memory channels, what reaches a database mocked ({@link TargetResolver},
 * {@link DatabaseUses}, {@link DatabaseTasks}): work items in, one result each out on results-to-score (a database
 * that cannot be resolved fails its items, a linking-only item runs nothing), items of a cancelled job skipped, a
 * record mixing jobs refused alone; database tasks answered under their key; an ended job's databases released.
 * Queries run on real databases, redelivery, rebalances, dead-letter topics and fairness between tenants over the
 * broker are the hop tests' ({@code ExecutionHopTest}, {@code DatabaseTaskHopTest}, {@code FairnessTest}: real stack).
 */
@QuarkusTest
@InMemoryTier
class ExecutorFlowTest {

    private static final String TENANT = "tenant-flow";

    @Inject
    @Any
    MemoryChannels channels;

    @InjectMock
    TargetResolver targets;

    @InjectMock
    DatabaseUses uses;

    @InjectMock
    DatabaseTasks tasks;

    @Inject
    JobCancellationConsumer cancellations;

    /**
     * What happened to each record sent, by its label: "ack" or the nack's reason, the first settlement only (a batch
     * acknowledged whole acknowledges its records again).
     */
    private final Map<String, String> outcomes = new ConcurrentHashMap<>();

    @BeforeEach
    void nothingSentYet() {
        channels.clear(Channels.RESULTS_TO_SCORE_OUT);
        channels.clear(Channels.DATABASE_TASK_RESULTS_OUT);
        when(uses.used(any())).thenReturn(Uni.createFrom().voidItem());
        when(uses.release(any())).thenReturn(Uni.createFrom().voidItem());
        when(targets.resolve(any(), any()))
                .thenAnswer(call -> Uni.createFrom()
                        .failure(new IllegalArgumentException(
                                "database " + call.<DatabaseRef>getArgument(1).databaseId() + " is not registered")));
    }

    @Test
    void shouldAnswerEveryItemOnResultsToScoreFailingThoseWhoseDatabaseCannotBeResolved() {
        UUID job = UUID.randomUUID();
        String missing = UUID.randomUUID().toString();
        ExecutionRequested first =
                Requests.request(job, TENANT, Requests.registered(missing), "SELECT 1", Requests.predicted("SELECT 1"));
        ExecutionRequested second = Requests.request(job, TENANT, Requests.registered(missing), "SELECT 2", null);
        ExecutionRequested linkingOnly =
                Requests.request(job, TENANT, null, "SELECT 3", Requests.predicted("SELECT 3"));

        channels.sendBatch(
                Channels.SQL_TO_EXECUTE,
                List.of(tracked("items", ExecutionsRequested.of(List.of(first, second, linkingOnly)))));

        await().until(() -> outcomes.size() == 1);
        assertThat(outcomes).containsExactly(Map.entry("items", "ack"));
        List<ExecutionCompleted> results = results();
        assertThat(results)
                .extracting(ExecutionCompleted::workItemId)
                .containsExactlyInAnyOrder(first.workItemId(), second.workItemId(), linkingOnly.workItemId());
        String why = "database " + missing + " is not registered";
        assertThat(results)
                .filteredOn(r -> !r.workItemId().equals(linkingOnly.workItemId()))
                .extracting(r -> r.gold().status(), r -> r.gold().error())
                .containsOnly(tuple(ExecutionStatus.ERROR, why));
        assertThat(results)
                .filteredOn(r -> r.workItemId().equals(first.workItemId()))
                .singleElement()
                .satisfies(r -> assertThat(r.predicted().error()).isEqualTo(why));
        // The database was resolved once for the two items naming it; the linking-only item names none.
        verify(targets).resolve(eq(TENANT), eq(Requests.registered(missing)));
    }

    @Test
    void shouldSkipTheItemsOfACancelledJobAndRefuseARecordMixingJobsAlone() {
        UUID cancelled = UUID.randomUUID();
        channels.send(Channels.JOBS_CANCELLED, JobCancelled.of(cancelled, TENANT, "cancelled by its tenant"));
        await().until(() -> cancellations.contains(cancelled));
        ExecutionRequested skipped =
                Requests.request(cancelled, TENANT, null, "SELECT 1", Requests.predicted("SELECT 1"));
        UUID job = UUID.randomUUID();
        ExecutionRequested mine = Requests.request(job, TENANT, null, "SELECT 1", Requests.predicted("SELECT 1"));
        ExecutionRequested another =
                Requests.request(UUID.randomUUID(), TENANT, null, "SELECT 1", Requests.predicted("SELECT 1"));

        channels.sendBatch(
                Channels.SQL_TO_EXECUTE,
                List.of(
                        tracked("cancelled", ExecutionsRequested.of(List.of(skipped))),
                        tracked(
                                "mixed",
                                new ExecutionsRequested(
                                        UUID.randomUUID(),
                                        job,
                                        TENANT,
                                        Instant.now(),
                                        1,
                                        null,
                                        List.of(mine, another)))));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes.get("cancelled")).isEqualTo("ack");
        assertThat(outcomes.get("mixed")).contains("is of job " + another.jobId());
        assertThat(results()).isEmpty();
    }

    @Test
    void shouldAnswerEveryDatabaseTaskUnderItsKeyAndRefuseOneLackingItsTaskId() {
        DatabaseTaskRequested task = DatabaseTaskRequested.schemas(TENANT, UUID.randomUUID());
        DatabaseTaskCompleted answer =
                DatabaseTaskCompleted.schemas(task, SqlDialect.POSTGRESQL, false, List.of("public"), "football");
        when(tasks.prepare(task))
                .thenReturn(Uni.createFrom().item(Uni.createFrom().item(answer)));
        DatabaseTaskRequested lacking = new DatabaseTaskRequested(
                UUID.randomUUID(),
                null,
                TENANT,
                Instant.now(),
                1,
                null,
                UUID.randomUUID(),
                DatabaseTaskRequested.Kind.SCHEMAS,
                null,
                null,
                null,
                null,
                0);

        channels.sendBatch(Channels.DATABASE_TASKS, List.of(tracked("task", task), tracked("lacking", lacking)));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes.get("task")).isEqualTo("ack");
        assertThat(outcomes.get("lacking")).endsWith("lacks taskId");
        List<Message<Record<String, DatabaseTaskCompleted>>> sent = channels.sent(Channels.DATABASE_TASK_RESULTS_OUT);
        assertThat(sent)
                .extracting(
                        m -> m.getPayload().key(), m -> m.getPayload().value().schemas())
                .containsExactly(tuple(task.taskId().toString(), List.of("public")));
        verify(tasks, never()).prepare(lacking);
    }

    @Test
    void shouldReleaseTheDatabasesOfAnEndedJobAndRefuseAnEventWithoutAJob() {
        UUID job = UUID.randomUUID();
        channels.send(Channels.JOBS_ENDED, tracked("ended", JobEnded.of(job, TENANT, "completed")));
        channels.send(
                Channels.JOBS_ENDED,
                tracked("no job", new JobEnded(UUID.randomUUID(), null, TENANT, Instant.now(), 1, "completed")));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes.get("ended")).isEqualTo("ack");
        assertThat(outcomes.get("no job")).endsWith("lacks jobId");
        verify(uses).release(job);
        verify(uses, never()).release(null);
    }

    private <T> Message<T> tracked(String label, T payload) {
        return MemoryChannels.tracked(payload, outcome -> outcomes.putIfAbsent(label, outcome));
    }

    private List<ExecutionCompleted> results() {
        return channels.<byte[]>sent(Channels.RESULTS_TO_SCORE_OUT).stream()
                .flatMap(message -> EventJson.read(message.getPayload(), ExecutionsCompleted.class).items().stream())
                .toList();
    }
}
