package dev.snailbench.generator.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A job's id is what it evaluates, for whom: the same request is the same job, nothing else is. */
class JobIdTest {

    @Test
    void shouldGiveTheSameIdToTheSameRequestWhateverItsPassword() {
        assertThat(JobService.jobIdOf("t1", request("secret-1", "SELECT 1")))
                .isEqualTo(JobService.jobIdOf("t1", request("secret-2", "SELECT 1")));
    }

    @Test
    void shouldGiveAnotherIdToAnotherQuestionOrAnotherTenant() {
        UUID id = JobService.jobIdOf("t1", request("secret", "SELECT 1"));
        assertThat(JobService.jobIdOf("t1", request("secret", "SELECT 2"))).isNotEqualTo(id);
        assertThat(JobService.jobIdOf("t2", request("secret", "SELECT 1"))).isNotEqualTo(id);
    }

    @Test
    void shouldNotLetAnAbsentOptionalFieldChangeTheId() {
        // Absent (null) fields are left out of the hashed JSON: an option added to the API later, and not used,
        // leaves existing requests' ids as they were. Here: no prompt options vs. no prompt options, no models.
        JobRequest plain = request("secret", "SELECT 1");
        JobRequest same = new JobRequest(plain.name(), plain.database(), plain.dialect(), plain.model(), null,
                null, null, null, plain.questions(), null, plain.predictions());
        assertThat(JobService.jobIdOf("t1", same)).isEqualTo(JobService.jobIdOf("t1", plain));
        assertThat(JobService.jobIdOf("t1", plain).toString()).isEqualTo(UUID.nameUUIDFromBytes(("t1|"
                + "{\"database\":{\"jdbcUrl\":\"jdbc:postgresql://db/team\",\"kind\":\"postgresql\",\"user\":\"reader\"},"
                + "\"dialect\":\"postgresql\",\"model\":\"m\",\"name\":\"job\","
                + "\"predictions\":[{\"predictedSql\":\"SELECT 1\",\"questionId\":\"q1\"}],"
                + "\"questions\":[{\"goldSql\":\"SELECT 1\",\"id\":\"q1\",\"question\":\"one?\"}]}")
                .getBytes(StandardCharsets.UTF_8)).toString());
    }

    private static JobRequest request(String password, String sql) {
        return new JobRequest("job", new JobRequest.DatabaseRequest("postgresql", "jdbc:postgresql://db/team",
                "reader", password, null), "postgresql", "m", null, null, null, null,
                List.of(new JobRequest.QuestionRequest("q1", "one?", sql, null)), null,
                List.of(new JobRequest.PredictionRequest("q1", sql, null)));
    }
}
