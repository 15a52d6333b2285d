package dev.snailbench.executor.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.support.Requests;
import dev.snailbench.localstack.LocalStack;
import dev.snailbench.localstack.testing.TopicClient;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.serde.EventJson;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A cancelled job's items still on the topic are skipped: not run, not answered; other jobs' items run as before. */
@QuarkusTest
class JobCancellationTest {

    private static TopicClient topics;

    @Inject
    JobCancellationConsumer cancellations;

    @Inject
    MeterRegistry metrics;

    @BeforeAll
    static void connect() {
        LocalStack.targetsWithFootballDb();
        topics = new TopicClient();
    }

    @AfterAll
    static void disconnect() {
        topics.close();
    }

    @Test
    void shouldSkipTheItemsOfACancelledJobAndRunTheOthers() {
        UUID cancelled = UUID.randomUUID();
        JobCancelled event = JobCancelled.of(cancelled, "t-cancel", "cancelled by the tenant");
        topics.send(Topics.JOBS_CANCELLED, event.key(), EventJson.write(event));
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> cancellations.contains(cancelled));
        double skippedBefore = skipped();

        List<ExecutionRequested> doomed = IntStream.range(0, 20).mapToObj(i -> Requests.request(cancelled, "t-cancel",
                Requests.footballDb("v1"), "SELECT " + i + " AS n", Requests.predicted("SELECT 1"))).toList();
        ExecutionRequested other = Requests.request(UUID.randomUUID(), "t-cancel", Requests.footballDb("v1"),
                "SELECT 42 AS n", Requests.predicted("SELECT 42 AS n"));
        doomed.forEach(request -> topics.send(Topics.SQL_TO_EXECUTE, request.key(), EventJson.write(request)));
        topics.send(Topics.SQL_TO_EXECUTE, other.key(), EventJson.write(other));

        ExecutionCompleted answered = EventJson.read(TopicClient.await(Topics.RESULTS_TO_SCORE,
                r -> other.key().equals(r.key()), 1, Duration.ofSeconds(60)).get(0).value(), ExecutionCompleted.class);
        assertThat(answered.gold().status()).isEqualTo(ExecutionStatus.OK);
        assertThat(answered.gold().rows()).containsExactly(List.of("42"));
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> skipped() - skippedBefore >= doomed.size());
        assertThat(skipped() - skippedBefore).isEqualTo(doomed.size());
        Set<String> doomedKeys = doomed.stream().map(ExecutionRequested::key).collect(Collectors.toSet());
        assertThat(TopicClient.await(Topics.RESULTS_TO_SCORE, r -> doomedKeys.contains(r.key()), 1,
                Duration.ofSeconds(3))).as("answers to the cancelled job's items").isEmpty();
    }

    private double skipped() {
        return metrics.counter(ExecutionRequestConsumer.SKIPPED_METRIC).count();
    }
}
