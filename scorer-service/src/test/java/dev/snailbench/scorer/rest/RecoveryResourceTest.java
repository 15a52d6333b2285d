package dev.snailbench.scorer.rest;

import static dev.snailbench.scorer.TestEvents.columns;
import static dev.snailbench.scorer.TestEvents.completed;
import static dev.snailbench.scorer.TestEvents.ok;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.scorer.InMemoryTier;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.service.ItemScorer;
import dev.snailbench.scorer.service.report.JobReports;
import dev.snailbench.scorer.service.stats.JobProgress;
import dev.snailbench.testkit.InMemoryTenant;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.mockito.InjectSpy;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Schema-Refiner experiment report over three scored jobs (original, injected, refined schema). The jobs' items
 * are scored by the real {@link ItemScorer} and their summaries computed by the real {@link JobReports}; only the read
 * of the stored items is stubbed (storing them is the consumer's, over the real stack).
 */
@QuarkusTest
@InMemoryTier
class RecoveryResourceTest extends InMemoryTenantTest {

    @InjectSpy
    JobReports reports;

    @Inject
    ItemScorer scorer;

    private final UUID original = UUID.randomUUID();
    private final UUID injected = UUID.randomUUID();
    private final UUID refined = UUID.randomUUID();

    @BeforeEach
    void scoredJobs() {
        doAnswer(call -> Uni.createFrom().failure(new NotFound("no results for job " + call.getArgument(0))))
                .when(reports)
                .items(any(), any());
        stored(original, 2); // both questions right
        stored(injected, 0); // both wrong
        stored(refined, 1); // one right
    }

    @Test
    void shouldReportRecoveryAndAttainedPerMetricForThreeJobsOfOneExperiment() {
        given().header(ApiKeys.HEADER, key())
                .queryParam("original", original)
                .queryParam("injected", injected)
                .queryParam("refined", refined)
                .when()
                .get("/experiments/recovery.json")
                .then()
                .statusCode(200)
                .body("rows.find { it.metric == 'executionAccuracy' }.original", equalTo(1.0f))
                .body("rows.find { it.metric == 'executionAccuracy' }.injected", equalTo(0.0f))
                .body("rows.find { it.metric == 'executionAccuracy' }.refined", equalTo(0.5f))
                .body("rows.find { it.metric == 'executionAccuracy' }.recovery", equalTo(0.5f))
                .body("rows.find { it.metric == 'executionAccuracy' }.attained", equalTo(0.5f));
        given().header(ApiKeys.HEADER, key())
                .queryParam("original", original)
                .queryParam("injected", injected)
                .queryParam("refined", refined)
                .when()
                .get("/experiments/recovery.csv")
                .then()
                .statusCode(200)
                .body(containsString("executionAccuracy,1.0000,0.0000,0.5000,0.5000,0.5000"));
        given().header(ApiKeys.HEADER, key())
                .queryParam("original", original)
                .queryParam("injected", injected)
                .queryParam("refined", refined)
                .when()
                .get("/experiments/recovery.html")
                .then()
                .statusCode(200)
                .header("Content-Security-Policy", containsString("default-src 'none'"));
    }

    @Test
    void shouldNameTheMissingOrMalformedJobField() {
        given().header(ApiKeys.HEADER, key())
                .queryParam("original", original)
                .queryParam("injected", injected)
                .when()
                .get("/experiments/recovery.json")
                .then()
                .statusCode(400)
                .body("field", equalTo("refined"));
        given().header(ApiKeys.HEADER, key())
                .queryParam("original", original)
                .queryParam("injected", "x")
                .queryParam("refined", refined)
                .when()
                .get("/experiments/recovery.json")
                .then()
                .statusCode(400)
                .body("field", equalTo("injected"))
                .body("error", equalTo("injected 'x' is not a UUID"));
        UUID unknown = UUID.randomUUID();
        given().header(ApiKeys.HEADER, key())
                .queryParam("original", unknown)
                .queryParam("injected", injected)
                .queryParam("refined", refined)
                .when()
                .get("/experiments/recovery.json")
                .then()
                .statusCode(404)
                .body("error", equalTo("original: no results for job " + unknown));
    }

    @Test
    void shouldRefuseACallerWithoutAKeyBeforeReadingAnyJob() {
        given().queryParam("original", original)
                .queryParam("injected", injected)
                .queryParam("refined", refined)
                .when()
                .get("/experiments/recovery.json")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo(ApiKeys.HEADER));
        verifyNoInteractions(reports);
    }

    /** A scored job of two questions of the in-memory tenant, {@code right} of them answered correctly. */
    private void stored(UUID job, int right) {
        var cols = columns("name", "TEXT");
        List<ItemResult> items = new ArrayList<>();
        for (int q = 1; q <= 2; q++) {
            String predicted = q <= right ? "SELECT name FROM team" : "SELECT code FROM team";
            items.add(scorer.score(completed(
                    job,
                    InMemoryTenant.TENANT,
                    "q" + q,
                    "SELECT name FROM team",
                    predicted,
                    ok(cols, List.of(List.of("Brazil"))),
                    ok(cols, List.of(List.of(q <= right ? "Brazil" : "BRA"))))));
        }
        doReturn(Uni.createFrom().item(new JobReports.JobItems(JobProgress.of(items, false, null), items)))
                .when(reports)
                .items(job, InMemoryTenant.TENANT);
    }
}
