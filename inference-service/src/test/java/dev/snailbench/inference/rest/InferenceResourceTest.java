package dev.snailbench.inference.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.snailbench.inference.InMemoryTier;
import dev.snailbench.inference.repository.InferenceRecord;
import dev.snailbench.inference.repository.InferenceRecordRepository;
import dev.snailbench.testkit.InMemoryTenant;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A stored inference holds a team's prompt (schema, sample values) and model answer: only its tenant reads it. The
 * stored records are mocked; storing them is the hop's ({@code InferenceHopTest}, on the real stack).
 */
@QuarkusTest
@InMemoryTier
class InferenceResourceTest extends InMemoryTenantTest {

    @InjectMock
    InferenceRecordRepository records;

    private final UUID own = UUID.randomUUID();
    private final UUID others = UUID.randomUUID();

    @BeforeEach
    void stored() {
        when(records.stored(any())).thenReturn(Uni.createFrom().nullItem());
        when(records.stored(own)).thenReturn(Uni.createFrom().item(record(own, InMemoryTenant.TENANT)));
        when(records.stored(others)).thenReturn(Uni.createFrom().item(record(others, "another-tenant")));
    }

    private static InferenceRecord record(UUID workItemId, String tenant) {
        InferenceRecord record = new InferenceRecord();
        record.workItemId = workItemId;
        record.jobId = UUID.randomUUID();
        record.tenantId = tenant;
        record.questionId = "ATBI:1";
        record.prompt = "### the prompt of " + tenant;
        record.predictedSql = "SELECT count(club_id) FROM club";
        record.cached = true;
        return record;
    }

    @Test
    void shouldServeAnInferenceToItsOwnTenant() {
        given().header("X-API-Key", key())
                .get("/inferences/" + own)
                .then()
                .statusCode(200)
                .body("workItemId", equalTo(own.toString()))
                .body("predictedSql", equalTo("SELECT count(club_id) FROM club"))
                .body("cached", equalTo(true));
    }

    @Test
    void shouldAnswerAnotherTenantsInferenceAsOneThatDoesNotExist() {
        String missing = UUID.randomUUID().toString();
        String otherError = given().header("X-API-Key", key())
                .get("/inferences/" + others)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(others.toString()))
                .extract()
                .path("error");
        given().header("X-API-Key", key())
                .get("/inferences/" + missing)
                .then()
                .statusCode(404)
                .body("error", equalTo(otherError.replace(others.toString(), missing)));
    }

    @Test
    void shouldRefuseACallerWithoutAValidKeyBeforeLookingAnythingUp() {
        given().get("/inferences/" + own).then().statusCode(401).body("field", equalTo("X-API-Key"));
        given().header("X-API-Key", "sb_not-a-key")
                .get("/inferences/" + own)
                .then()
                .statusCode(401)
                .body("field", equalTo("X-API-Key"));
        verifyNoInteractions(records);
    }

    @Test
    void shouldAnswerAWorkItemIdThatIsNotAUuidAsOneThatDoesNotExist() {
        given().header("X-API-Key", key())
                .get("/inferences/not-a-uuid")
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString("not-a-uuid"));
        verifyNoInteractions(records);
    }
}
