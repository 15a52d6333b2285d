package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.config.JobsConfig;
import dev.snailbench.model.Topics;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Flow control per job: a job has at most a window of items in the pipeline, so another tenant's small job is not
 * queued behind a large one. No other service runs here: verdicts arrive only when the test sends them.
 * Beyond the in-memory tier: the window is judged on the counts PostgreSQL keeps as the job's verdicts are counted.
 */
@QuarkusTest
@RealInfrastructure
class JobWindowTest {

    @Inject
    JobsConfig config;

    @Test
    void shouldKeepAWindowOfAJobInThePipelineLetASmallJobThroughAndPublishMoreAsVerdictsArrive() {
        int window = config.window();
        String bigKey = TestTenants.create("team-window-big");
        String big = submit(bigKey, "big job", window * 3);

        List<InferenceRequested> first = published(big, window, Duration.ofSeconds(30));
        assertThat(first).hasSize(window);
        // No verdict came back: nothing more of the big job goes out.
        assertThat(published(big, window + 1, Duration.ofSeconds(3))).hasSize(window);

        String small = submit(TestTenants.create("team-window-small"), "small job", 10);
        assertThat(published(small, 10, Duration.ofSeconds(10))).hasSize(10);

        // Verdicts for 100 of the big job's items make room for exactly 100 more.
        List<InferenceRequested> scoredOnes = first.subList(0, 100);
        TopicClient.withOwnClassLoader(() -> {
            try (TopicClient client = new TopicClient()) {
                ItemsScored verdicts = ItemsScored.of(scoredOnes.stream()
                        .map(item -> new ItemScored(
                                UUID.randomUUID(),
                                item.jobId(),
                                item.tenantId(),
                                item.workItemId(),
                                Instant.now(),
                                ItemScored.SCHEMA_VERSION,
                                item.item().questionId(),
                                true,
                                true,
                                false,
                                null))
                        .toList());
                client.send(Topics.SCORES, verdicts.key(), EventJson.write(verdicts));
            }
            return null;
        });
        assertThat(published(big, window + 100, Duration.ofSeconds(30))).hasSize(window + 100);
        assertThat(published(big, window + 101, Duration.ofSeconds(3))).hasSize(window + 100);
        Awaitility.await()
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> given().header("X-API-Key", bigKey)
                        .get("/jobs/" + big)
                        .then()
                        .statusCode(200)
                        .body("done", equalTo(100))
                        .body("status", equalTo("running")));
    }

    private static String submit(String key, String name, int size) {
        List<Map<String, String>> questions = new ArrayList<>();
        List<Map<String, String>> predictions = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            questions.add(Map.of("id", "q" + i, "question", "question " + i, "goldSql", "SELECT " + i));
            predictions.add(Map.of("questionId", "q" + i, "predictedSql", "SELECT " + i));
        }
        return TestTenants.submitJob(key, TestTenants.job(name, questions, predictions))
                .statusCode(202)
                .extract()
                .path("jobId");
    }

    /** The job's items on the work topic, waiting until {@code count} are there or the timeout passes. */
    private static List<InferenceRequested> published(String jobId, int count, Duration timeout) {
        return TopicClient.withOwnClassLoader(
                () -> TopicClient.awaitInferenceRequests(UUID.fromString(jobId), count, timeout));
    }
}
