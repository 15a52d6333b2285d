package dev.snailbench.generator.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.event.IdentifiersClassified;
import dev.snailbench.testkit.MemoryChannels;
import dev.snailbench.workbench.crosswalk.CrosswalkBuilds;
import dev.snailbench.workbench.messaging.ClassificationAnswerConsumer;
import dev.snailbench.workbench.messaging.DatabaseTaskAnswerConsumer;
import dev.snailbench.workbench.messaging.DatabaseTaskClient;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The schema workbench's consumers on in-memory channels: {@link DatabaseTaskAnswerConsumer} hands the executor's
 * answer to the {@link DatabaseTaskClient} request that waits for it (a task goes out on database-tasks, its answer
 * comes back on database-task-results; an answer to another replica's task is skipped); {@link
 * ClassificationAnswerConsumer} hands the classifier's answer to the crosswalk builds (mocked) and acks it once they
 * are done, nacks it (dead-letter) when they fail. A build answered over the broker is {@code CrosswalkBuildKafkaTest}'s
 * (real stack).
 */
@QuarkusTest
@InMemoryTier
class WorkbenchAnswersFlowTest {

    @Inject
    @Any
    MemoryChannels channels;

    @Inject
    DatabaseTaskClient tasks;

    @InjectMock
    CrosswalkBuilds builds;

    /** What happened to each record sent: "ack" or the nack's reason. */
    private final ConcurrentLinkedQueue<String> outcomes = new ConcurrentLinkedQueue<>();

    @BeforeEach
    void forget() {
        channels.clear(Channels.DATABASE_TASKS_OUT);
    }

    @Test
    void shouldAnswerATaskWithTheExecutorsAnswerToItAndSkipOthers() {
        DatabaseTaskRequested request = DatabaseTaskRequested.schemas("tenant-tasks", UUID.randomUUID());
        CompletableFuture<DatabaseTaskCompleted> answered =
                tasks.ask(request, Duration.ofSeconds(30), false).subscribeAsCompletionStage();

        await().until(() -> !channels.sent(Channels.DATABASE_TASKS_OUT).isEmpty());
        assertThat(channels.<Record<String, DatabaseTaskRequested>>sent(Channels.DATABASE_TASKS_OUT))
                .singleElement()
                .satisfies(sent -> {
                    assertThat(sent.getPayload().key())
                            .isEqualTo(request.databaseId().toString());
                    assertThat(sent.getPayload().value()).isEqualTo(request);
                });
        DatabaseTaskRequested someoneElses = DatabaseTaskRequested.schemas("tenant-tasks", request.databaseId());
        channels.send(
                Channels.DATABASE_TASK_RESULTS,
                record(DatabaseTaskCompleted.schemas(
                        someoneElses, SqlDialect.POSTGRESQL, false, List.of("other"), "other-db")));
        channels.send(
                Channels.DATABASE_TASK_RESULTS,
                record(DatabaseTaskCompleted.schemas(
                        request, SqlDialect.POSTGRESQL, false, List.of("public", "football"), "team-db")));

        await().until(answered::isDone);
        assertThat(answered.join().schemas()).containsExactly("public", "football");
        assertThat(answered.join().databaseName()).isEqualTo("team-db");
        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes).containsExactly("ack", "ack");
    }

    @Test
    void shouldAckAClassificationAnswerOnceItsBuildIsDoneAndNackOneItsBuildFailed() {
        IdentifiersClassified done = answer();
        IdentifiersClassified failing = answer();
        when(builds.complete(any())).thenReturn(Uni.createFrom().voidItem());
        when(builds.complete(failing))
                .thenReturn(Uni.createFrom().failure(new IllegalArgumentException("crosswalk build refused")));

        channels.send(Channels.IDENTIFIERS_CLASSIFIED, record(done));
        channels.send(Channels.IDENTIFIERS_CLASSIFIED, record(failing));

        await().until(() -> outcomes.size() == 2);
        assertThat(outcomes).containsExactlyInAnyOrder("ack", "crosswalk build refused");
        verify(builds).complete(done);
        verify(builds).complete(failing);
    }

    private static IdentifiersClassified answer() {
        return new IdentifiersClassified(
                UUID.randomUUID(),
                null,
                "tenant-crosswalks",
                Instant.now(),
                1,
                UUID.randomUUID(),
                UUID.randomUUID(),
                "model-1",
                List.of());
    }

    private <T> Message<T> record(T payload) {
        return MemoryChannels.tracked(payload, outcomes::add);
    }
}
