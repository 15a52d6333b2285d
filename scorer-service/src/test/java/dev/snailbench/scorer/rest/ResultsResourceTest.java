package dev.snailbench.scorer.rest;

import static dev.snailbench.scorer.TestEvents.columns;
import static dev.snailbench.scorer.TestEvents.completed;
import static dev.snailbench.scorer.TestEvents.ok;
import static dev.snailbench.scorer.rest.ReportHeads.assertReportsStartWith;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.problem.Conflict;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.scorer.InMemoryResultsTest;
import dev.snailbench.scorer.InMemoryTier;
import dev.snailbench.scorer.TestEvents;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.service.ItemScorer;
import dev.snailbench.scorer.service.report.JobReports;
import dev.snailbench.scorer.service.review.ReviewQueue;
import dev.snailbench.tenancy.TenantKey;
import dev.snailbench.tenancy.TenantKeyRepository;
import dev.snailbench.testkit.InMemoryTenant;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.assertj.core.api.Assertions;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The results API ({@link ResultsResource}, {@link TenantResource}) on the in-memory tier: the items are scored by the
 * real {@link ItemScorer} and every report computed by the real {@link JobReports}; only what is read from the
 * database is stubbed ({@link InMemoryResults}) and the review is the mocked {@link ReviewQueue}'s. Storing, one
 * tenant's rows hidden from another, and reviews written in a transaction are {@code ResultsStoredTest}'s (real
 * stack).
 */
@QuarkusTest
@InMemoryTier
class ResultsResourceTest extends InMemoryResultsTest {

    private static final String TENANT = InMemoryTenant.TENANT;

    @InjectMock
    ReviewQueue review;

    @InjectMock
    TenantKeyRepository keys;

    private UUID jobId;

    @BeforeEach
    void scoreAJob() {
        jobId = UUID.randomUUID();
        stored.store(jobId, TestEvents.permutedAndGoldFailed(jobId, TENANT));
    }

    @Test
    void shouldGiveExecutionAccuracyOneMeaningTheStrictMatchAndQatchsItsOwnName() {
        // q1's columns are permuted: QATCH's execution accuracy (cells sorted inside rows) says 1, the strict match no.
        TenantCalls.read(key(), "/jobs/{id}/results", jobId)
                .body("[0].strictMatch", equalTo(false))
                .body("[0].executionAccuracy", equalTo(0.0f))
                .body("[0].qatchExecutionAccuracy", equalTo(1.0f))
                .body("[1].executionAccuracy", nullValue())
                .body("[1].qatchExecutionAccuracy", nullValue());
        TenantCalls.read(key(), "/jobs/{id}/summary", jobId)
                .body("overall.metrics.executionAccuracy.mean", equalTo(0.0f))
                .body("overall.metrics.qatchExecutionAccuracy.mean", equalTo(1.0f));
        String header = TenantCalls.text(key(), "/jobs/{id}/report.csv", jobId).split("\r\n")[1];
        Assertions.assertThat(header)
                .contains(",tupleOrder,executionAccuracy,qatchExecutionAccuracy,validEfficiencyScore,"
                        + "rewardBasedEfficiencyScore,");
    }

    @Test
    void shouldListEveryQuestionWithExecutionStatusesAndVerdicts() {
        TenantCalls.read(key(), "/jobs/{id}/results", jobId)
                .body("[0].questionId", equalTo("q1"))
                .body("[0].goldStatus", equalTo("OK"))
                .body("[0].predictedStatus", equalTo("OK"))
                .body("[0].goldError", nullValue())
                .body("[0].strictMatch", equalTo(false))
                .body("[0].setMatch", equalTo(false))
                .body("[0].relaxedMatch", equalTo(true))
                .body("[0].reason", equalTo("COLUMN_ORDER_DIFFERS: gold columns are at predicted positions [2, 1]"))
                .body("[0].relaxed.reason", equalTo("MATCH_WITH_COLUMN_ORDER_DIFFERENCE"))
                .body("[0].cellPrecision", equalTo(1.0f))
                .body("[0].tupleConstraint", equalTo(1.0f))
                .body("[0].softF1", equalTo(1.0f))
                .body("[0].queryRecall", equalTo(1.0f))
                .body("[0].hardness", equalTo("medium"))
                .body("[1].questionId", equalTo("q2"))
                .body("[1].failed", equalTo(true))
                .body("[1].goldStatus", equalTo("ERROR"))
                .body("[1].goldError", equalTo("42P01 relation \"match_fact\" does not exist"))
                .body("[1].reason", equalTo("gold failed: ERROR 42P01 relation \"match_fact\" does not exist"))
                .body("[1].cellPrecision", nullValue())
                .body("[1].scoredAt", notNullValue());
    }

    @Test
    void shouldShowTheQuestionTheGoldSqlAndTheFirstRowsOfBothResultsForAnItemsDetail() {
        TenantCalls.read(key(), "/jobs/{id}/results", jobId)
                .body("[0].question", equalTo("question q1"))
                .body("[0].goldSql", equalTo("SELECT name, goals FROM p"))
                .body("[0].predictedSql", equalTo("SELECT goals, name FROM p"))
                .body("[0].preview.gold.columns", equalTo(List.of("name", "goals")))
                .body("[0].preview.gold.rows", equalTo(List.of(List.of("Pelé", "12"))))
                .body("[0].preview.predicted.columns", equalTo(List.of("goals", "name")))
                .body("[0].preview.predicted.rows", equalTo(List.of(List.of("12", "Pelé"))))
                .body("[0].preview.predicted.totalRows", equalTo(1))
                // The gold query failed: there is no gold result to show, only the predicted one.
                .body("[1].preview.gold", nullValue())
                .body("[1].preview.predicted.rows", equalTo(List.of(List.of("1"))));
    }

    @Test
    void shouldSummarizeTheJobWithConfidenceIntervalsAndReasons() {
        TenantCalls.read(key(), "/jobs/{id}/summary", jobId)
                .body("overall.items", equalTo(2))
                .body("overall.goldFailed", equalTo(1))
                .body("overall.metrics.executionAccuracy.mean", equalTo(0.0f))
                .body("overall.metrics.relaxedAccuracy.mean", equalTo(1.0f))
                .body("overall.metrics.relaxedAccuracy.n", equalTo(1))
                .body("overall.reasons.'gold failed'", equalTo(1))
                .body("overall.reasons.COLUMN_ORDER_DIFFERS", equalTo(1))
                .body("byModel[0].key.model", equalTo("gpt-test"))
                .body("byHardness.key.hardness", Matchers.hasItem("medium"))
                // No question of this job carries the dataset's label: nothing to group or compare by it.
                .body("byLabelledHardness", hasSize(0))
                .body("hardnessAgreement.labelled", equalTo(0));
    }

    @Test
    void shouldExportCsvAndSelfContainedHtml() {
        String csv = TenantCalls.read(key(), "/jobs/{id}/report.csv", jobId)
                .contentType(Matchers.containsString("text/csv"))
                .header("Content-Disposition", "attachment; filename=\"snailbench-" + jobId + ".csv\"")
                .extract()
                .asString();
        String[] lines = csv.split("\r\n");
        Assertions.assertThat(lines).hasSize(4);
        Assertions.assertThat(lines[0]).startsWith("# job " + jobId + ": ");
        Assertions.assertThat(lines[1])
                .startsWith("questionId,question,workItemId,model")
                .contains(",goldSql,predictedSql,");
        // A row says what was asked, what the gold answer and the prediction were: the CSV is read on its own.
        Assertions.assertThat(lines[2])
                .startsWith("q1,question q1,")
                .contains(",\"SELECT name, goals FROM p\",\"SELECT goals, name FROM p\",");
        Assertions.assertThat(lines[3])
                .contains("\"gold failed: ERROR 42P01 relation " + "\"\"match_fact\"\" does not exist\"");
        String html = TenantCalls.read(key(), "/jobs/{id}/report.html", jobId)
                .contentType(Matchers.containsString("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .extract()
                .asString();
        Assertions.assertThat(html)
                .contains("<svg", "Execution accuracy by naturalness level", "Items by reason")
                .doesNotContain("<script", "src=\"http", "href=\"http");
        // Titled by the job's name as the team gave it (escaped), not by its id.
        Assertions.assertThat(html)
                .contains(
                        "<title>Snailbench: FootballDB v1 &lt;nightly&gt;" + "</title>",
                        "<h1>FootballDB v1 &lt;nightly&gt;</h1>",
                        "<p>Job " + jobId + "</p>");
        TenantCalls.read(key(), "/jobs/{id}/report.json", jobId)
                .body("items", hasSize(2))
                .body("summary.overall.items", equalTo(2));
    }

    @Test
    void shouldQueueTheUncertainVerdictForReviewAndCountAStoredReviewAsManualAccuracy() {
        // q1: the same columns permuted (relaxed match, strict mismatch): a person should judge it. q2: gold failed.
        TenantCalls.read(key(), "/jobs/{id}/review", jobId)
                .body("", hasSize(1))
                .body("[0].questionId", equalTo("q1"))
                // A reviewer sees what was asked and what gold is, beside the prediction.
                .body("[0].question", equalTo("question q1"))
                .body("[0].goldSql", equalTo("SELECT name, goals FROM p"))
                .body("[0].predictedSql", equalTo("SELECT goals, name FROM p"));

        reviewed(stored.items(jobId).get(0), true, "same columns, permuted", "ana");

        TenantCalls.read(key(), "/jobs/{id}/review", jobId).body("", hasSize(0));
        TenantCalls.read(key(), "/jobs/{id}/review?all=true", jobId)
                .body("", hasSize(1))
                .body("[0].manualVerdict", equalTo("correct"));
        TenantCalls.read(key(), "/jobs/{id}/summary", jobId)
                .body("overall.metrics.executionAccuracy.mean", equalTo(0.0f))
                .body("overall.metrics.manualAccuracy.mean", equalTo(1.0f));
        String csv = TenantCalls.text(key(), "/jobs/{id}/report.csv", jobId);
        Assertions.assertThat(csv.split("\r\n")[1]).endsWith("manualVerdict,reviewNote,reviewedBy");
        Assertions.assertThat(csv).contains(",correct,\"same columns, permuted\",ana");
    }

    @Test
    void shouldHandTheReviewersVerdictToTheReviewQueueAndAnswerTheReviewedItem() {
        ItemResult q1 = stored.items(jobId).get(0);
        when(review.review(jobId, TENANT, "q1", true, "same columns, permuted", "ana"))
                .thenAnswer(call -> Uni.createFrom().item(reviewed(q1, true, "same columns, permuted", "ana")));

        TenantCalls.review(
                        key(),
                        jobId,
                        "q1",
                        Map.of("verdict", "correct", "note", "same columns, permuted", "reviewer", "ana"))
                .statusCode(200)
                .body("workItemId", equalTo(q1.workItemId.toString()))
                .body("manualVerdict", equalTo("correct"))
                .body("reviewNote", equalTo("same columns, permuted"))
                .body("reviewedBy", equalTo("ana"));
        verify(review).review(jobId, TENANT, "q1", true, "same columns, permuted", "ana");
    }

    @Test
    void shouldAnswerTheReviewQueuesRefusalsAsProblems() {
        when(review.review(any(), any(), any(), anyBoolean(), any(), any()))
                .thenReturn(Uni.createFrom().failure(new NotFound("no item or question q9 in job " + jobId)));
        TenantCalls.review(key(), jobId, "q9", Map.of("verdict", "correct"))
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", equalTo("no item or question q9 in job " + jobId));

        when(review.review(any(), any(), any(), anyBoolean(), any(), any()))
                .thenReturn(Uni.createFrom().failure(new Conflict("question q1 has 2 items in job " + jobId)));
        TenantCalls.review(key(), jobId, "q1", Map.of("verdict", "incorrect"))
                .statusCode(409)
                .body("status", equalTo(409))
                .body("error", equalTo("question q1 has 2 items in job " + jobId));
        verify(review).review(jobId, TENANT, "q1", false, null, null);
    }

    @Test
    void shouldRefuseABadReviewBeforeAskingTheReviewQueue() {
        TenantCalls.review(key(), jobId, "q1", Map.of("verdict", "maybe"))
                .statusCode(400)
                .body("field", equalTo("verdict"))
                .body("error", equalTo("verdict must be correct or incorrect"));
        TenantCalls.review(key(), jobId, "q1", Map.of("verdict", "correct", "note", "n".repeat(4001)))
                .statusCode(400)
                .body("field", equalTo("note"))
                .body("error", equalTo("note is longer than 4000 characters"));
        TenantCalls.review(key(), jobId, "q1", Map.of("verdict", "correct", "reviewer", "r".repeat(201)))
                .statusCode(400)
                .body("field", equalTo("reviewer"));
        TenantCalls.review(key(), "not-a-uuid", "q1", Map.of("verdict", "correct"))
                .statusCode(404)
                .body("error", equalTo("no results for job not-a-uuid"));
        given().contentType("application/json")
                .body(Map.of("verdict", "correct"))
                .when()
                .put("/jobs/{id}/items/{item}/review", jobId, "q1")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo(ApiKeys.HEADER));
        verifyNoInteractions(review);
    }

    @Test
    void shouldFlagAnAnswerOfSeveralStatementsLinkItOverAllOfThemAndCountItInTheSummaryAndReports() {
        // The executor refuses an answer of two statements (exactly one may run); linking reads both, as written.
        UUID job = UUID.randomUUID();
        var cols = columns("name", "TEXT", "goals", "NUMBER");
        stored.store(
                job,
                List.of(
                        completed(
                                job,
                                TENANT,
                                "m1",
                                "SELECT name, goals FROM p",
                                "SELECT name FROM p; SELECT goals FROM p;",
                                ok(cols, List.of(List.of("Pelé", "12"))),
                                ExecutionOutcome.failed(
                                        ExecutionStatus.REJECTED, "exactly one statement may run, got 2", null, 0.0)),
                        completed(
                                job,
                                TENANT,
                                "m2",
                                "SELECT name, goals FROM p",
                                "SELECT name FROM p",
                                ok(cols, List.of(List.of("Pelé", "12"))),
                                ok(columns("name", "TEXT"), List.of(List.of("Pelé"))))));

        TenantCalls.read(key(), "/jobs/{id}/results", job)
                .body("find { it.questionId == 'm1' }.multipleStatements", equalTo(true))
                .body("find { it.questionId == 'm1' }.queryRecall", equalTo(1.0f))
                .body("find { it.questionId == 'm1' }.failed", equalTo(true))
                .body(
                        "find { it.questionId == 'm1' }.reason",
                        equalTo("predicted failed: REJECTED exactly one " + "statement may run, got 2"))
                .body("find { it.questionId == 'm2' }.multipleStatements", equalTo(false))
                .body("find { it.questionId == 'm2' }.queryRecall", equalTo(2.0f / 3));
        TenantCalls.read(key(), "/jobs/{id}/summary", job)
                .body("overall.multipleStatements", equalTo(1))
                .body("byModel[0].multipleStatements", equalTo(1));
        String csv = TenantCalls.text(key(), "/jobs/{id}/report.csv", job);
        Assertions.assertThat(csv.split("\r\n")[1]).contains(",queryF1,multipleStatements,");
        Assertions.assertThat(csv.split("\r\n"))
                .filteredOn(l -> l.startsWith("m1,"))
                .singleElement()
                .asString()
                .contains(",1.0,1.0,1.0,true,");
        Assertions.assertThat(csv.split("\r\n"))
                .filteredOn(l -> l.startsWith("m2,"))
                .singleElement()
                .asString()
                .contains(",false,");
        String html = TenantCalls.text(key(), "/jobs/{id}/report.html", job);
        Assertions.assertThat(html).contains("1 of 2 predictions hold several statements");
    }

    @Test
    void shouldShowTheDatasetsHardnessLabelBesideTheComputedOneAndSayWhereTheyDisagree() {
        UUID job = UUID.randomUUID();
        var count = columns("count", "NUMBER");
        var teams = columns("teamname", "TEXT");
        String clubs = "SELECT count(*) FROM club";
        String teams2018 = "SELECT teamname FROM national_team WHERE year = 2018 ORDER BY teamname";
        stored.store(
                job,
                List.of(
                        // Two models answer "clubs": one question for the agreement, two items in the groups.
                        TestEvents.labelled(
                                completed(
                                        job,
                                        TENANT,
                                        "clubs",
                                        clubs,
                                        clubs,
                                        ok(count, List.of(List.of("9"))),
                                        ok(count, List.of(List.of("9")))),
                                "easy",
                                "gpt-a"),
                        TestEvents.labelled(
                                completed(
                                        job,
                                        TENANT,
                                        "clubs",
                                        clubs,
                                        clubs,
                                        ok(count, List.of(List.of("9"))),
                                        ok(count, List.of(List.of("8")))),
                                "easy",
                                "gpt-b"),
                        // Spider's hardness of this gold is medium (WHERE and ORDER BY); the dataset labels it hard.
                        TestEvents.labelled(
                                completed(
                                        job,
                                        TENANT,
                                        "teams",
                                        teams2018,
                                        teams2018,
                                        ok(teams, List.of(List.of("Brazil"))),
                                        ok(teams, List.of(List.of("Brazil")))),
                                "hard",
                                "gpt-a"),
                        completed(
                                job,
                                TENANT,
                                "unlabelled",
                                clubs,
                                clubs,
                                ok(count, List.of(List.of("9"))),
                                ok(count, List.of(List.of("9"))))));

        TenantCalls.read(key(), "/jobs/{id}/results", job)
                .body("find { it.questionId == 'teams' }.hardness", equalTo("medium"))
                .body("find { it.questionId == 'teams' }.labelledHardness", equalTo("hard"))
                .body("find { it.questionId == 'clubs' }.hardness", equalTo("easy"))
                .body("find { it.questionId == 'clubs' }.labelledHardness", equalTo("easy"))
                .body("find { it.questionId == 'unlabelled' }.labelledHardness", nullValue());
        TenantCalls.read(key(), "/jobs/{id}/summary", job)
                .body("byLabelledHardness.key.labelledHardness", equalTo(List.of("easy", "hard", "null")))
                .body("byLabelledHardness.items", equalTo(List.of(2, 1, 1)))
                .body("byLabelledHardness[0].metrics.executionAccuracy.mean", equalTo(0.5f))
                .body("hardnessAgreement.labelled", equalTo(2))
                .body("hardnessAgreement.agree", equalTo(1))
                .body(
                        "hardnessAgreement.disagreements",
                        equalTo(List.of(Map.of("questionId", "teams", "labelled", "hard", "computed", "medium"))));
        String csv = TenantCalls.text(key(), "/jobs/{id}/report.csv", job);
        Assertions.assertThat(csv.split("\r\n")[1]).contains(",level,hardness,labelledHardness,");
        Assertions.assertThat(csv.split("\r\n"))
                .filteredOn(l -> l.startsWith("teams,"))
                .singleElement()
                .asString()
                .contains(",Native,medium,hard,");
        String html = TenantCalls.text(key(), "/jobs/{id}/report.html", job);
        Assertions.assertThat(html)
                .contains(
                        "By the dataset&#39;s hardness label",
                        "Spider hardness of the gold SQL agrees with the dataset's label on 1 of 2 questions.");
    }

    @Test
    void shouldSayFirstInEveryReportWhetherTheJobRunsWasCancelledOrCompletedAndHowFarItGot() {
        UUID job = UUID.randomUUID();
        var cols = columns("name", "TEXT");
        ExecutionOutcome rows = ok(cols, List.of(List.of("Pelé")));
        // Two of the job's three items scored: the third has no verdict yet.
        stored.store(job, TestEvents.twoOfThreeScored(job, TENANT));

        ReportHeads.assertTwoOfThreeRunning(key(), job);

        // Its tenant cancels it: every report says so first.
        stored.cancel(job, "cancelled by its tenant");
        assertReportsStartWith(
                key(),
                job,
                "cancelled",
                "cancelled: 2/3 items done, 1 failed (cancelled: cancelled by its "
                        + "tenant; the other items will not be scored)");

        // A job whose every item has its verdict is completed.
        UUID done = UUID.randomUUID();
        stored.store(
                done,
                List.of(TestEvents.sized(
                        completed(done, TENANT, "d1", "SELECT name FROM p", "SELECT name FROM p", rows, rows),
                        1,
                        "gpt-test",
                        NaturalnessLevel.NATIVE)));
        assertReportsStartWith(key(), done, "completed", "completed: 1/1 items done, 0 failed");
    }

    @Test
    void shouldAnswerAJobWithoutResultsAs404OnEveryEndpoint() {
        UUID unknown = UUID.randomUUID();
        for (String path : List.of("results", "review", "summary", "report.json", "report.csv", "report.html")) {
            given().header(ApiKeys.HEADER, key())
                    .when()
                    .get("/jobs/{id}/" + path, unknown)
                    .then()
                    .statusCode(404)
                    .body("status", equalTo(404))
                    .body("error", equalTo("no results for job " + unknown));
        }
    }

    @Test
    void shouldRefuseACallerWithoutAKeyOnEveryEndpointBeforeReadingAnything() {
        for (String path : List.of("results", "review", "summary", "report.json", "report.csv", "report.html")) {
            given().when()
                    .get("/jobs/{id}/" + path, jobId)
                    .then()
                    .statusCode(401)
                    .body("status", equalTo(401))
                    .body("field", equalTo(ApiKeys.HEADER));
        }
        given().header(ApiKeys.HEADER, "sb_not-a-key")
                .when()
                .get("/jobs/{id}/results", jobId)
                .then()
                .statusCode(401)
                .body("field", equalTo(ApiKeys.HEADER));
        verify(reports, never()).results(any(), any());
        verify(reports, never()).items(any(), any());
    }

    @Test
    void shouldAnswerAJobIdThatIsNoUuidAsAJobWithoutResultsLikeEveryService() {
        given().header(ApiKeys.HEADER, key())
                .when()
                .get("/jobs/{id}/results", "not-a-uuid")
                .then()
                .statusCode(404)
                .body("error", equalTo("no results for job not-a-uuid"));
        given().header(ApiKeys.HEADER, key())
                .when()
                .get("/jobs/{id}/summary", "not-a-uuid")
                .then()
                .statusCode(404)
                .body("error", equalTo("no results for job not-a-uuid"));
    }

    @Test
    void shouldSayWhoseAKeyIsForTheWebUisSignIn() {
        TenantKey registered = new TenantKey();
        registered.tenantId = TENANT;
        registered.name = "tenant " + TENANT;
        when(keys.ofTenant(anyString())).thenReturn(Uni.createFrom().item(registered));
        TenantCalls.read(key(), "/tenants/me")
                .body("tenantId", equalTo(TENANT))
                .body("name", equalTo("tenant " + TENANT));
        verify(keys).ofTenant(TENANT);
        given().when().get("/tenants/me").then().statusCode(401).body("field", equalTo(ApiKeys.HEADER));
    }

    private static ItemResult reviewed(ItemResult item, boolean correct, String note, String reviewer) {
        item.review.verdict = correct;
        item.review.note = note;
        item.review.reviewer = reviewer;
        item.review.at = Instant.now();
        return item;
    }
}
