package dev.snailbench.executor.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.support.Requests;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.EvaluationOptions.GoldScreening;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Gold screening over the real broker: the verdict on a gold whose LIMIT cuts through tied rows (FootballDB's 2018
 * teams all share the year they are sorted by) travels on ExecutionCompleted for {@code flag} and {@code exclude},
 * not for {@code off}, and for every item of a job that repeats the gold; a deterministic gold is not flagged.
 * Beyond the in-memory tier: the ties are found by running the gold on FootballDB's data in a real PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
class GoldScreeningHopTest {

    static final String TIED = "SELECT teamname FROM national_team WHERE year = 2018 ORDER BY year LIMIT 3";
    static final String TOTAL = "SELECT teamname FROM national_team WHERE year = 2018 ORDER BY teamname LIMIT 3";

    @BeforeAll
    static void footballDb() {
        LocalStack.targetsWithFootballDb();
    }

    private static ExecutionCompleted run(String gold, GoldScreening mode) {
        return run(UUID.randomUUID(), gold, mode);
    }

    private static ExecutionCompleted run(UUID jobId, String gold, GoldScreening mode) {
        ExecutionRequested request = Requests.request(
                jobId,
                "t-screen",
                Requests.footballDb("t-screen", "v1"),
                gold,
                Requests.predicted(TOTAL),
                new EvaluationOptions(null, mode));
        TopicClient.sendInOneBatch(
                Topics.SQL_TO_EXECUTE,
                List.of(Map.entry(request.key(), EventJson.write(ExecutionsRequested.of(List.of(request))))));
        ExecutionCompleted completed = Requests.resultOf(request);
        assertThat(completed.gold().status()).isEqualTo(ExecutionStatus.OK);
        return completed;
    }

    @Test
    void shouldFlagAGoldWhoseLimitCutsThroughTiesWhenScreeningFlagsOrExcludes() {
        for (GoldScreening mode : List.of(GoldScreening.FLAG, GoldScreening.EXCLUDE)) {
            ExecutionCompleted completed = run(TIED, mode);

            // JSqlParser prints the date-unit-like name "year" in capitals.
            assertThat(completed.goldNondeterministic())
                    .as(mode.id())
                    .isEqualToIgnoringCase(
                            "LIMIT 3 cuts through rows tied on ORDER BY year (rows 3 and 4 share the keys)");
            assertThat(completed.item().evaluation().goldScreening()).isEqualTo(mode);
        }
    }

    @Test
    void shouldGiveEveryItemOfAJobThatRepeatsAGoldTheVerdictOfItsFirst() {
        UUID job = UUID.randomUUID();
        ExecutionCompleted first = run(job, TIED, GoldScreening.FLAG);
        // Sent once the first is answered: the job's verdict on this gold is known, and the second item carries it.
        ExecutionCompleted again = run(job, TIED, GoldScreening.FLAG);

        assertThat(first.goldNondeterministic()).containsIgnoringCase("LIMIT 3 cuts through rows tied");
        assertThat(again.goldNondeterministic()).isEqualTo(first.goldNondeterministic());
        assertThat(again.workItemId()).isNotEqualTo(first.workItemId());
    }

    @Test
    void shouldNotScreenWhenTheJobTurnsScreeningOff() {
        assertThat(run(TIED, GoldScreening.OFF).goldNondeterministic()).isNull();
    }

    @Test
    void shouldNotFlagADeterministicGold() {
        assertThat(run(TOTAL, GoldScreening.FLAG).goldNondeterministic()).isNull();
    }
}
