package dev.snailbench.generator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.model.Topics;
import dev.snailbench.model.event.ItemAbandoned;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A job's own stall deadline ({@code stallTimeoutSeconds}): with no other service running here, no verdict ever
 * comes, so the watchdog fails the items of the job that asked for a short deadline, and only those.
 * Beyond the in-memory tier: the watchdog's claim of the job in PostgreSQL and the abandonments on the real topic.
 */
@QuarkusTest
@RealInfrastructure
class JobStallTimeoutTest {

    private static final List<Map<String, String>> QUESTIONS = List.of(
            Map.of("id", "q1", "question", "How many clubs?", "goldSql", "SELECT count(*) FROM club"),
            Map.of("id", "q2", "question", "How many players?", "goldSql", "SELECT count(*) FROM player"));

    @Test
    void shouldFailTheItemsOfAJobWithoutProgressForItsOwnStallTimeoutAndLeaveOtherJobsRunning() {
        String key = TestTenants.create("team-stall-" + UUID.randomUUID());
        Map<String, Object> impatient = new HashMap<>(TestTenants.job("impatient", QUESTIONS, null));
        impatient.put("stallTimeoutSeconds", 10);
        UUID impatientJob = submit(key, impatient);
        UUID patientJob = submit(key, TestTenants.job("patient", QUESTIONS, null));
        Set<UUID> jobs = Set.of(impatientJob, patientJob);

        List<ItemAbandoned> abandoned = TopicClient.await(
                        Topics.ITEMS_ABANDONED,
                        r -> jobs.contains(
                                EventJson.read(r.value(), ItemAbandoned.class).jobId()),
                        QUESTIONS.size(),
                        Duration.ofSeconds(90))
                .stream()
                .map(r -> EventJson.read(r.value(), ItemAbandoned.class))
                .toList();

        assertThat(abandoned)
                .as("the impatient job's items, failed after its 10 s")
                .hasSize(QUESTIONS.size())
                .allSatisfy(item -> {
                    assertThat(item.jobId()).isEqualTo(impatientJob);
                    assertThat(item.reason())
                            .isEqualTo("timed out in the pipeline (inference, execution or "
                                    + "scoring): no verdict 10 s after the job's last progress");
                });
        assertThat(abandoned.stream().map(ItemAbandoned::workItemId).collect(Collectors.toSet()))
                .hasSize(QUESTIONS.size());
    }

    @Test
    void shouldNameTheFieldOfAStallTimeoutOutOfRange() {
        String key = TestTenants.create("team-stall-bad-" + UUID.randomUUID());
        for (int seconds : new int[] {0, 9, 86_401}) {
            Map<String, Object> job = new HashMap<>(TestTenants.job("bad stall " + seconds, QUESTIONS, null));
            job.put("stallTimeoutSeconds", seconds);

            TestTenants.submitJob(key, job)
                    .statusCode(400)
                    .body("field", equalTo("stallTimeoutSeconds"))
                    .body("error", equalTo("stallTimeoutSeconds: must be between 10 and 86400 seconds"));
        }
    }

    private static UUID submit(String key, Map<String, Object> job) {
        return UUID.fromString(
                TestTenants.submitJob(key, job).statusCode(202).extract().path("jobId"));
    }
}
