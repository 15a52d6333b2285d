package dev.snailbench.generator.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.snailbench.model.request.JobRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
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
        JobRequest same = new JobRequest(
                plain.name(),
                plain.database(),
                plain.dialect(),
                plain.model(),
                null,
                null,
                null,
                null,
                plain.questions(),
                null,
                plain.predictions());
        assertThat(JobService.jobIdOf("t1", same)).isEqualTo(JobService.jobIdOf("t1", plain));
        assertThat(JobService.jobIdOf("t1", plain).toString())
                .isEqualTo(UUID.nameUUIDFromBytes(("t1|"
                                        + "{\"database\":{\"jdbcUrl\":\"jdbc:postgresql://db/team\",\"kind\":\"postgresql\",\"user\":\"reader\"},"
                                        + "\"dialect\":\"postgresql\",\"model\":\"m\",\"name\":\"job\","
                                        + "\"predictions\":[{\"predictedSql\":\"SELECT 1\",\"questionId\":\"q1\"}],"
                                        + "\"questions\":[{\"goldSql\":\"SELECT 1\",\"id\":\"q1\",\"question\":\"one?\"}]}")
                                .getBytes(StandardCharsets.UTF_8))
                        .toString());
    }

    @Test
    void shouldHashEveryPartOfARequestAsItsCanonicalJson() throws Exception {
        // The id's definition, spelled out: MD5 (a version-3 UUID) of "tenant|" and the request's JSON with object
        // keys sorted at every depth, null fields left out and the password removed. Jobs submitted before keep
        // their ids, so resubmitting them still finds them.
        ObjectMapper json = new ObjectMapper();
        JobRequest full = new JobRequest(
                "full",
                new JobRequest.DatabaseRequest("postgresql", "jdbc:postgresql://db/team", "reader", "secret", null),
                "postgresql",
                null,
                List.of(new JobRequest.ModelRequest("a", "openai", "gpt", 0.0, 512, 7L, null)),
                List.of("native", "least"),
                new JobRequest.PromptOptionsRequest(true, 3, null, null, null, 2000),
                null,
                List.of(
                        new JobRequest.QuestionRequest("q1", "one?", "SELECT 1", "easy"),
                        new JobRequest.QuestionRequest("q2", "two?", "SELECT 2", null)),
                new JobRequest.QuestionSetRequest(
                        null,
                        null,
                        null,
                        null,
                        "spider",
                        json.readTree("[{\"query\": \"SELECT 3\", \"db_id\": \"x\", \"question\": \"three?\","
                                + " \"sql\": {\"where\": [], \"from\": {\"table_units\": [[\"table_unit\", 0]],"
                                + " \"conds\": [null]}, \"limit\": null, \"score\": 1.5}}]"),
                        null,
                        null),
                List.of(
                        new JobRequest.PredictionRequest("q1", "SELECT 1", "least"),
                        new JobRequest.PredictionRequest("q2", "SELECT 2", null)),
                "public",
                null,
                new JobRequest.SchemaVariantRequest("injected", 1L, 0.1, null),
                "snails",
                "exclude");
        ObjectMapper canonical = new ObjectMapper()
                .setSerializationInclusion(JsonInclude.Include.NON_NULL)
                .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
        Map<String, Object> identity = canonical.convertValue(full, new TypeReference<Map<String, Object>>() {});
        ((Map<?, ?>) identity.get("database")).remove("password");
        byte[] text = ("t1|" + canonical.writeValueAsString(identity)).getBytes(StandardCharsets.UTF_8);

        assertThat(new String(text, StandardCharsets.UTF_8))
                .contains("\"questionSet\":{\"format\":\"spider\","
                        + "\"items\":[{\"db_id\":\"x\",\"query\":\"SELECT 3\",\"question\":\"three?\","
                        + "\"sql\":{\"from\":{\"conds\":[null],\"table_units\":[[\"table_unit\",0]]},\"score\":1.5,"
                        + "\"where\":[]}}]}")
                .contains("{\"goldSql\":\"SELECT 2\",\"id\":\"q2\",\"question\":\"two?\"}")
                .doesNotContain("secret");
        assertThat(JobService.jobIdOf("t1", full)).isEqualTo(UUID.nameUUIDFromBytes(text));
    }

    /** A replay of model {@code m} on an inline database, as a client sends it. */
    private static JobRequest request(String password, String sql) {
        try {
            return new ObjectMapper().readValue("""
                            {"name": "job",
                             "database": {"kind": "postgresql", "jdbcUrl": "jdbc:postgresql://db/team",
                                          "user": "reader", "password": "%s"},
                             "dialect": "postgresql", "model": "m",
                             "questions": [{"id": "q1", "question": "one?", "goldSql": "%s"}],
                             "predictions": [{"questionId": "q1", "predictedSql": "%s"}]}
                            """.formatted(password, sql, sql), JobRequest.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
