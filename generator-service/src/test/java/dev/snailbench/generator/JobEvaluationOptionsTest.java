package dev.snailbench.generator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.testing.PlayedExecutor;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.EvaluationOptions.GoldScreening;
import dev.snailbench.model.domain.EvaluationOptions.Linking;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The job options {@code linking} and {@code goldScreening}: validated, and carried on every work item. * Beyond the in-memory tier: the options read back from the work items the stored job publishes on the real topic.
 */
@QuarkusTest
@RealInfrastructure
class JobEvaluationOptionsTest {

    private static final List<Map<String, String>> QUESTIONS =
            List.of(Map.of("id", "q1", "question", "How many clubs?", "goldSql", "SELECT count(*) FROM club"));

    private static EvaluationOptions evaluationOfWorkItem(String key, Map<String, Object> job) {
        String jobId = TestTenants.submitJob(key, job).statusCode(202).extract().path("jobId");
        return TopicClient.awaitInferenceRequests(UUID.fromString(jobId), 1, Duration.ofSeconds(60))
                .get(0)
                .item()
                .evaluation();
    }

    @Test
    void shouldCarryTheJobsLinkingAndGoldScreeningToItsWorkItems() {
        String key = TestTenants.create("team-options");
        Map<String, Object> job = new HashMap<>(TestTenants.job("snails conventions", QUESTIONS, null));
        job.put("linking", "snails");
        job.put("goldScreening", "exclude");

        assertThat(evaluationOfWorkItem(key, job))
                .isEqualTo(new EvaluationOptions(Linking.SNAILS, GoldScreening.EXCLUDE));
    }

    @Test
    void shouldCarryTheJobsOptionsToItsWorkItemsOnARegisteredDatabase() {
        String key = TestTenants.create("team-options-registered");
        UUID database = UUID.randomUUID();
        Map<String, Object> job = new HashMap<>(Map.of(
                "name",
                "registered with options",
                "database",
                Map.of("databaseId", database.toString()),
                "dialect",
                "postgresql",
                "questions",
                QUESTIONS,
                "predictions",
                List.of(Map.of("questionId", "q1", "predictedSql", "SELECT count(*) FROM club")),
                "model",
                "gpt-4o-mini",
                "linking",
                "snails",
                "goldScreening",
                "off"));

        String jobId = PlayedExecutor.answering(
                database,
                task -> null,
                () -> TestTenants.submitJob(key, job).statusCode(202).extract().<String>path("jobId"));

        InferenceRequested sent = TopicClient.awaitInferenceRequests(UUID.fromString(jobId), 1, Duration.ofSeconds(60))
                .get(0);
        assertThat(sent.item().database().name()).isEqualTo(PlayedExecutor.NAME);
        assertThat(sent.item().evaluation()).isEqualTo(new EvaluationOptions(Linking.SNAILS, GoldScreening.OFF));
    }

    @Test
    void shouldDefaultToThePlatformsLinkingAndFlaggingUnstableGolds() {
        String key = TestTenants.create("team-defaults");

        assertThat(evaluationOfWorkItem(key, new HashMap<>(TestTenants.job("defaults", QUESTIONS, null))))
                .isEqualTo(EvaluationOptions.DEFAULT);
    }

    @Test
    void shouldNameTheFieldOfAnUnknownOption() {
        String key = TestTenants.create("team-bad-options");
        Map<String, Object> linking = new HashMap<>(TestTenants.job("bad linking", QUESTIONS, null));
        linking.put("linking", "paper");
        Map<String, Object> screening = new HashMap<>(TestTenants.job("bad screening", QUESTIONS, null));
        screening.put("goldScreening", "strict");

        TestTenants.submitJob(key, linking)
                .statusCode(400)
                .body("field", equalTo("linking"))
                .body("error", equalTo("linking: unknown value 'paper' (expected platform or snails)"));
        TestTenants.submitJob(key, screening)
                .statusCode(400)
                .body("field", equalTo("goldScreening"))
                .body("error", equalTo("goldScreening: unknown value 'strict' (expected off or flag or exclude)"));
    }
}
