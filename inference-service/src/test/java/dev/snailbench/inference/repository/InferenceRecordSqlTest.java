package dev.snailbench.inference.repository;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.snailbench.inference.support.Hop;
import dev.snailbench.inference.support.WorkItems;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The work-item path's SQL against the table Hibernate made: what it stores is what the REST read (Hibernate) shows,
 * and an item stored meanwhile by another delivery keeps its first answer.
 * Beyond the in-memory tier: the work-item path's SQL run on PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
class InferenceRecordSqlTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    InferenceRecordSql sql;

    @Test
    void shouldKeepTheAnswerStoredFirstWhenAnotherDeliveryStoredTheItemMeanwhile() {
        InferenceRecord first = record(UUID.randomUUID(), "SELECT 'first answer'");
        InferenceRecord alone = record(UUID.randomUUID(), "SELECT 'alone'");
        sql.storeFirst(List.of(first)).await().atMost(WAIT);

        InferenceRecord second = record(first.workItemId, "SELECT 'second answer'");
        Map<UUID, Inference> stored =
                sql.storeFirst(List.of(second, alone)).await().atMost(WAIT);

        assertThat(stored.get(first.workItemId).predictedSql()).isEqualTo("SELECT 'first answer'");
        assertThat(stored.get(alone.workItemId).predictedSql()).isEqualTo("SELECT 'alone'");
        assertThat(sql.answers(List.of(first.workItemId, alone.workItemId, UUID.randomUUID()))
                        .await()
                        .atMost(WAIT))
                .hasSize(2)
                .extractingByKey(first.workItemId)
                .extracting(Inference::predictedSql)
                .isEqualTo("SELECT 'first answer'");
        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + first.workItemId)
                .then()
                .statusCode(200)
                .body("predictedSql", equalTo("SELECT 'first answer'"));
    }

    @Test
    void shouldServeEveryColumnAsStoredWithNonAsciiAndLargeTexts() {
        InferenceRecord r = record(UUID.randomUUID(), "SELECT \"Größe\" FROM \"Café\" -- 名前 🐌");
        r.prompt = "Ä".repeat(300_000);
        r.rawAnswer = "```sql\n" + r.predictedSql + "\n```";
        r.rawResponse = "{\"choices\":[]}";
        r.latencyMillis = 1234;
        r.promptTokens = 100_000;
        r.completionTokens = 42;
        r.costUsd = new BigDecimal("0.123456");
        r.cached = true;
        r.unknownIdentifiers = "Größe, Café (ambiguous)";
        r.denaturalization = "tokens";
        sql.storeFirst(List.of(r)).await().atMost(WAIT);

        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + r.workItemId)
                .then()
                .statusCode(200)
                .body("jobId", equalTo(r.jobId.toString()))
                .body("questionId", equalTo("q-sql"))
                .body("backend", equalTo("replay"))
                .body("model", equalTo("gpt-3.5-turbo"))
                .body("level", equalTo("Low"))
                .body("prompt.length()", equalTo(300_000))
                .body("rawAnswer", equalTo(r.rawAnswer))
                .body("predictedSql", equalTo(r.predictedSql))
                .body("error", nullValue())
                .body("rawResponse", equalTo("{\"choices\":[]}"))
                .body("latencyMillis", equalTo(1234))
                .body("promptTokens", equalTo(100_000))
                .body("completionTokens", equalTo(42))
                .body("costUsd", equalTo(0.123456f))
                .body("cached", equalTo(true))
                .body("unknownIdentifiers", equalTo("Größe, Café (ambiguous)"))
                .body("denaturalization", equalTo("tokens"));
    }

    @Test
    void shouldServeARecordWhoseNullableColumnsAreAllNull() {
        InferenceRecord r = new InferenceRecord();
        r.workItemId = UUID.randomUUID();
        r.tenantId = WorkItems.TENANT;
        r.error = "work item has no model";
        Map<UUID, Inference> stored = sql.storeFirst(List.of(r)).await().atMost(WAIT);

        assertThat(stored.get(r.workItemId)).isEqualTo(new Inference(null, null, "work item has no model", 0));
        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + r.workItemId)
                .then()
                .statusCode(200)
                .body("jobId", nullValue())
                .body("prompt", nullValue())
                .body("predictedSql", nullValue())
                .body("promptTokens", nullValue())
                .body("costUsd", nullValue())
                .body("createdAt", nullValue())
                .body("error", equalTo("work item has no model"))
                .body("cached", equalTo(false));
    }

    private static InferenceRecord record(UUID workItemId, String predictedSql) {
        InferenceRecord r = new InferenceRecord();
        r.workItemId = workItemId;
        r.jobId = UUID.randomUUID();
        r.tenantId = WorkItems.TENANT;
        r.questionId = "q-sql";
        r.backend = "replay";
        r.model = "gpt-3.5-turbo";
        r.level = "Low";
        r.predictedSql = predictedSql;
        r.createdAt = Instant.now();
        return r;
    }
}
