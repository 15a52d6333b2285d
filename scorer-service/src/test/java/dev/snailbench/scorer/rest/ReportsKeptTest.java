package dev.snailbench.scorer.rest;

import static dev.snailbench.scorer.TestEvents.columns;
import static dev.snailbench.scorer.TestEvents.completed;
import static dev.snailbench.scorer.TestEvents.ok;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.scorer.TestEvents;
import dev.snailbench.scorer.repository.ItemResultRepository;
import dev.snailbench.scorer.repository.ItemResultSql;
import dev.snailbench.scorer.repository.ResultsVersion;
import dev.snailbench.scorer.service.report.ReportCache;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The summary, the HTML report and report.json are computed once per version of the job and kept, a finished job's
 * when it finishes: these tests prove that the first requests after it finished are served what was kept, and that
 * they are computed again whenever what they say changes (a result scored, a review, a cancellation), also when
 * another replica stored the change (this scorer then learns it only from the database).
 * Beyond the in-memory tier: versions read from PostgreSQL, changes stored there by another replica.
 */
@QuarkusTest
@RealInfrastructure
class ReportsKeptTest {

    @Inject
    Pool pool;

    @Inject
    ItemResultSql sql;

    @Inject
    ItemResultRepository repository;

    @Inject
    ReportCache cache;

    @TestHTTPResource("/jobs")
    URI jobs;

    private String owner;
    private String key;

    @BeforeEach
    void tenant() {
        owner = "kept-" + UUID.randomUUID();
        key = ApiKeys.newKey();
        TenantKeys.register(
                owner,
                "tenant " + owner,
                key,
                k -> given().header(ApiKeys.HEADER, k)
                                .get("/jobs/{id}/summary", UUID.randomUUID())
                                .statusCode()
                        == 404);
    }

    private ExecutionCompleted item(UUID job, String question, int jobItems) {
        var cols = columns("name", "TEXT");
        ExecutionOutcome gold = ok(cols, List.of(List.of("Pelé"), List.of("Garrincha")));
        // The prediction has the rows in another order: a set match, not a strict one (an item to review).
        ExecutionOutcome predicted = ok(cols, List.of(List.of("Garrincha"), List.of("Pelé")));
        return TestEvents.sized(
                completed(
                        job,
                        owner,
                        question,
                        "SELECT name FROM p ORDER BY goals",
                        "SELECT name FROM p",
                        gold,
                        predicted),
                jobItems,
                "gpt-test",
                NaturalnessLevel.NATIVE);
    }

    private void awaitScored(UUID job, int items) {
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .untilAsserted(() -> given().header(ApiKeys.HEADER, key)
                        .get("/jobs/{id}/results", job)
                        .then()
                        .statusCode(200)
                        .body("", hasSize(items)));
    }

    private String html(UUID job) {
        String html = given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/report.html", job)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        return html.substring(html.indexOf("<body>"));
    }

    /** Which computation each kind kept for the job comes from (empty: none kept). */
    private List<OptionalLong> kept(UUID job) {
        return Arrays.stream(ReportCache.Kind.values())
                .map(kind -> cache.keptComputation(kind, job, owner))
                .toList();
    }

    private static boolean allKept(List<OptionalLong> kept) {
        return kept.stream().allMatch(OptionalLong::isPresent);
    }

    @Test
    void shouldServeTheFirstRequestsAfterAJobFinishesFromWhatWasKeptWhenItFinished() throws Exception {
        UUID job = UUID.randomUUID();
        TestEvents.send(item(job, "c1", 2));
        awaitScored(job, 1);
        // Running: nothing is computed ahead of a request.
        Assertions.assertThat(kept(job)).allMatch(OptionalLong::isEmpty);

        // The last item: the scorer computes the summary, the HTML report and report.json, no request asked.
        TestEvents.send(item(job, "c2", 2));
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> allKept(kept(job)));
        List<OptionalLong> computed = kept(job);

        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("job.status", equalTo("completed"))
                .body("overall.items", equalTo(2));
        Assertions.assertThat(html(job)).contains("Completed: 2/2 items done");
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/report.json", job)
                .then()
                .statusCode(200)
                .body("job.status", equalTo("completed"))
                .body("items", hasSize(2));
        // Served what was kept: no computation since.
        Assertions.assertThat(kept(job)).isEqualTo(computed);

        // A review: computed again in the background, before any request, and what is served says so.
        given().header(ApiKeys.HEADER, key)
                .contentType("application/json")
                .body("{\"verdict\": \"correct\", \"reviewer\": \"ana\"}")
                .put("/jobs/{id}/items/c1/review", job)
                .then()
                .statusCode(200);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    List<OptionalLong> now = kept(job);
                    for (int i = 0; i < now.size(); i++) {
                        if (now.get(i).isEmpty() || now.get(i).equals(computed.get(i))) {
                            return false;
                        }
                    }
                    return true;
                });
        List<OptionalLong> reviewed = kept(job);
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("overall.reviewed", equalTo(1))
                // c1 reviewed correct, c2 a set match without a strict one (0 until reviewed).
                .body("overall.metrics.manualAccuracy.mean", equalTo(0.5f));
        Assertions.assertThat(html(job)).contains("1 item reviewed by hand");

        // report.json as kept: gzip to a client that accepts it, the same document uncompressed to one that does not.
        HttpClient client = HttpClient.newHttpClient();
        URI report = URI.create(jobs + "/" + job + "/report.json");
        HttpResponse<byte[]> plain = client.send(
                HttpRequest.newBuilder(report).header(ApiKeys.HEADER, key).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        HttpResponse<byte[]> gzipped = client.send(
                HttpRequest.newBuilder(report)
                        .header(ApiKeys.HEADER, key)
                        .header("Accept-Encoding", "br;q=1.0, gzip;q=0.8")
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        Assertions.assertThat(plain.statusCode()).isEqualTo(200);
        Assertions.assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        Assertions.assertThat(gzipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
        byte[] gunzipped;
        try (var in = new GZIPInputStream(new ByteArrayInputStream(gzipped.body()))) {
            gunzipped = in.readAllBytes();
        }
        Assertions.assertThat(gunzipped).isEqualTo(plain.body());
        Assertions.assertThat(new String(plain.body(), StandardCharsets.UTF_8))
                .startsWith("{\"job\":{\"status\":\"completed\"")
                .contains("\"manualVerdict\":\"correct\"");
        Assertions.assertThat(kept(job)).isEqualTo(reviewed);
    }

    @Test
    void shouldNeverServeARunningJobsSummaryOnceItHasFinishedNorTheOtherWayRound() {
        UUID job = UUID.randomUUID();
        TestEvents.send(item(job, "k1", 2));
        awaitScored(job, 1);
        for (int i = 0; i < 2; i++) {
            given().header(ApiKeys.HEADER, key)
                    .get("/jobs/{id}/summary", job)
                    .then()
                    .statusCode(200)
                    .body("job.status", equalTo("running"))
                    .body("job.done", equalTo(1))
                    .body("overall.items", equalTo(1));
            Assertions.assertThat(html(job)).contains("Running: 1/2 items done");
        }
        // A finished job of the same tenant, asked in between, is kept apart.
        UUID finished = UUID.randomUUID();
        TestEvents.send(item(finished, "f1", 1));
        awaitScored(finished, 1);
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/summary", finished)
                .then()
                .statusCode(200)
                .body("job.status", equalTo("completed"));
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("job.status", equalTo("running"));

        TestEvents.send(item(job, "k2", 2));
        awaitScored(job, 2);
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("job.status", equalTo("completed"))
                .body("job.done", equalTo(2))
                .body("overall.items", equalTo(2));
        Assertions.assertThat(html(job)).contains("Completed: 2/2 items done").doesNotContain("Running:");
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/report.json", job)
                .then()
                .statusCode(200)
                .body("job.status", equalTo("completed"))
                .body("summary.overall.items", equalTo(2))
                .body("items", hasSize(2));
    }

    @Test
    void shouldComputeTheReportsAgainWhenAReviewChangesThem() {
        UUID job = UUID.randomUUID();
        TestEvents.send(item(job, "r1", 1));
        awaitScored(job, 1);
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("overall.reviewed", equalTo(0))
                .body("overall.metrics.manualAccuracy.mean", equalTo(0.0f));
        Assertions.assertThat(html(job)).doesNotContain("reviewed by hand");
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/report.json", job)
                .then()
                .statusCode(200)
                .body("summary.overall.reviewed", equalTo(0));

        given().header(ApiKeys.HEADER, key)
                .contentType("application/json")
                .body("{\"verdict\": \"correct\", \"note\": \"same rows\", \"reviewer\": \"ana\"}")
                .put("/jobs/{id}/items/r1/review", job)
                .then()
                .statusCode(200);

        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("overall.reviewed", equalTo(1))
                .body("overall.metrics.manualAccuracy.mean", equalTo(1.0f));
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/report.json", job)
                .then()
                .statusCode(200)
                .body("summary.overall.reviewed", equalTo(1))
                .body("items[0].manualVerdict", equalTo("correct"));
        Assertions.assertThat(html(job)).contains("1 item reviewed by hand");

        // The verdict changed again: computed again.
        given().header(ApiKeys.HEADER, key)
                .contentType("application/json")
                .body("{\"verdict\": \"incorrect\", \"reviewer\": \"ana\"}")
                .put("/jobs/{id}/items/r1/review", job)
                .then()
                .statusCode(200);
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("overall.metrics.manualAccuracy.mean", equalTo(0.0f));
    }

    @Test
    void shouldSeeAReviewAndACancellationThatAnotherReplicaStored() {
        UUID job = UUID.randomUUID();
        TestEvents.send(item(job, "o1", 2));
        awaitScored(job, 1);
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("overall.reviewed", equalTo(0))
                .body("job.status", equalTo("running"));
        Assertions.assertThat(html(job)).doesNotContain("reviewed by hand");

        // Another replica records a review: the row changes in the shared database, not through this process.
        pool.preparedQuery("UPDATE scorer.item_result SET manualverdict = true, reviewedby = 'other replica', "
                        + "reviewedat = now() WHERE jobid = $1 AND tenantid = $2")
                .execute(Tuple.of(job, owner))
                .await()
                .atMost(Duration.ofSeconds(10));
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/summary", job)
                .then()
                .statusCode(200)
                .body("overall.reviewed", equalTo(1));
        Assertions.assertThat(html(job)).contains("1 item reviewed by hand");

        // The job is cancelled (every replica stores the event; here it arrives on the topic).
        JobCancelled cancelled = JobCancelled.of(job, owner, "stopped by its tenant");
        TestEvents.send(Topics.JOBS_CANCELLED, cancelled.key(), EventJson.write(cancelled));
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(300))
                .untilAsserted(() -> given().header(ApiKeys.HEADER, key)
                        .get("/jobs/{id}/summary", job)
                        .then()
                        .statusCode(200)
                        .body("job.status", equalTo("cancelled")));
        Assertions.assertThat(html(job)).contains("Cancelled: 1/2 items done");
    }

    @Test
    void shouldReadTheSameVersionFromTheDatabaseAsFromTheItemsRead() throws Throwable {
        UUID job = UUID.randomUUID();
        TestEvents.sendAll(List.of(item(job, "v1", 2), item(job, "v2", 2)));
        awaitScored(job, 2);
        given().header(ApiKeys.HEADER, key)
                .contentType("application/json")
                .body("{\"verdict\": \"correct\", \"reviewer\": \"ana\"}")
                .put("/jobs/{id}/items/v1/review", job)
                .then()
                .statusCode(200);
        ResultsVersion stored = sql.version(job, owner).await().atMost(Duration.ofSeconds(10));
        ResultsVersion read = ResultsVersion.of(
                VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> repository.forJob(job, owner))));
        Assertions.assertThat(stored.items()).isEqualTo(2);
        Assertions.assertThat(stored.reviews()).isNotEqualTo("0");
        Assertions.assertThat(read).isEqualTo(stored);
        Assertions.assertThat(sql.version(UUID.randomUUID(), owner).await().atMost(Duration.ofSeconds(10)))
                .isEqualTo(new ResultsVersion(0, "0"));
    }
}
