package dev.snailbench.scorer.benchmark;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResultSql;
import dev.snailbench.scorer.service.report.FinishedJobs;
import dev.snailbench.scorer.service.report.ReportCache;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A finished 10,000-item job's summary and reports as a team asks them, as wall times on this machine: how long the
 * scorer takes to compute them in the background once the last result is stored, then the first requests (served what
 * was kept) and the next ones, three at once, and after a review (computed again in the background); the first
 * requests of the same job finished without that background computation (computed then); {@link
 * UncachedReportsBenchmark} the same with nothing kept (every request computes). Run on request: {@code mvn -B -pl
 * scorer-service test -Dtest='*ReportsBenchmark' -Dsurefire.failIfNoSpecifiedTests=false}; with {@code -Dbench.cli}
 * (the client's command) also the command-line client's {@code report}.
 * Beyond the in-memory tier: wall times of reports read from a real PostgreSQL holding the job's 10,000 results.
 */
@QuarkusTest
@RealInfrastructure
class ReportsBenchmark {

    /** What the figures are of: the scorer as configured. */
    String variant() {
        return "kept";
    }

    private static final int ITEMS = 10_000;
    private static final String[] MODELS = {"model-a", "model-b"};
    private static final String[] LEVELS = {"native", "low", "least"};
    private static final String[] HARDNESS = {"easy", "medium", "hard", "extra"};

    @Inject
    ItemResultSql sql;

    @Inject
    FinishedJobs finished;

    @Inject
    ReportCache cache;

    /** Whether the scorer keeps what it computes (it waits for the background computation then). */
    boolean keeps() {
        return true;
    }

    @Test
    void tenThousandItems() {
        String tenant = "bench-" + UUID.randomUUID();
        String key = ApiKeys.newKey();
        // The key is known once an unknown job is 404 to it (not 401).
        TenantKeys.register(
                tenant,
                "tenant " + tenant,
                key,
                k -> given().header(ApiKeys.HEADER, k)
                                .get("/jobs/{id}/summary", UUID.randomUUID())
                                .statusCode()
                        == 404);
        UUID job = UUID.randomUUID();
        List<ItemResult> last = store(job, tenant);
        // The same job again, finished without the scorer computing its reports then (the scoring hop of another
        // replica, or a crash before the background computation): its first requests compute.
        UUID notKept = UUID.randomUUID();
        store(notKept, tenant);
        String[] paths = {"/summary", "/report.html", "/report.json", "/results"};
        // The scoring hop's call once it has committed a job's last results: the reports are computed in the
        // background.
        Instant finishedAt = Instant.now();
        finished.stored(last);
        if (keeps()) {
            await().atMost(Duration.ofMinutes(5))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> Arrays.stream(ReportCache.Kind.values())
                            .allMatch(kind ->
                                    cache.keptComputation(kind, job, tenant).isPresent()));
            print(
                    "summary, report.html and report.json computed in the background after the last result",
                    Duration.between(finishedAt, Instant.now()).toMillis() / 1000.0);
        }
        for (String path : paths) {
            print(path + " request 1 of a job not kept at completion", seconds(() -> get(key, notKept, path)));
        }
        for (String path : paths) {
            for (int round = 1; round <= 3; round++) {
                print(path + " request " + round, seconds(() -> get(key, job, path)));
            }
        }
        print(
                "/summary 3 requests at once, slowest",
                seconds(() -> CompletableFuture.allOf(
                                CompletableFuture.runAsync(() -> get(key, job, "/summary")),
                                CompletableFuture.runAsync(() -> get(key, job, "/summary")),
                                CompletableFuture.runAsync(() -> get(key, job, "/summary")))
                        .join()));
        String item = given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}/review", job)
                .then()
                .statusCode(200)
                .extract()
                .path("[0].workItemId");
        given().header(ApiKeys.HEADER, key)
                .contentType("application/json")
                .body("{\"verdict\": \"correct\", \"reviewer\": \"bench\"}")
                .put("/jobs/{id}/items/{item}/review", job, item)
                .then()
                .statusCode(200);
        print("/summary right after a review", seconds(() -> get(key, job, "/summary")));
        print("/summary again", seconds(() -> get(key, job, "/summary")));
        for (String path : new String[] {"/report.html", "/report.json"}) {
            print(path + " after the review", seconds(() -> get(key, job, path)));
        }
        String cli = System.getProperty("bench.cli", "");
        if (!cli.isBlank()) {
            // The command-line client's report (its summary), JVM start included: of a job not kept at completion
            // (its first request computes), then of the kept one.
            UUID cliNotKept = UUID.randomUUID();
            store(cliNotKept, tenant);
            print("CLI report of a job not kept at completion", seconds(() -> cli(cli, key, cliNotKept)));
            for (int round = 1; round <= 3; round++) {
                print("CLI report run " + round, seconds(() -> cli(cli, key, job)));
            }
        }
    }

    /**
     * Runs {@code report JOB} with the client command given ({@code -Dbench.cli="java -cp ... dev.snailbench.cli.Cli"},
     * split at spaces) against this scorer; it must print where the job stands.
     */
    private static void cli(String command, String key, UUID job) {
        List<String> words = new ArrayList<>(Arrays.asList(command.trim().split("\\s+")));
        words.addAll(List.of("report", job.toString()));
        ProcessBuilder builder = new ProcessBuilder(words).redirectErrorStream(true);
        builder.environment().put("SNAILBENCH_SCORER_URL", "http://localhost:" + RestAssured.port);
        builder.environment().put("SNAILBENCH_API_KEY", key);
        try {
            Process process = builder.start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0 || !out.contains("job " + job + ": completed")) {
                throw new AssertionError("the client's report failed: " + out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Stores the job's results, 500 to a transaction; answers the last ones stored. */
    private List<ItemResult> store(UUID job, String tenant) {
        List<ItemResult> batch = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            batch.add(result(job, tenant, i));
            if (batch.size() == 500) {
                sql.insertNew(batch).await().atMost(Duration.ofSeconds(60));
                if (i < ITEMS - 1) {
                    batch = new ArrayList<>();
                }
            }
        }
        return batch;
    }

    private static void get(String key, UUID job, String path) {
        given().header(ApiKeys.HEADER, key)
                .get("/jobs/{id}" + path, job)
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
    }

    private static double seconds(Runnable request) {
        Instant start = Instant.now();
        request.run();
        return Duration.between(start, Instant.now()).toMillis() / 1000.0;
    }

    private void print(String what, double seconds) {
        System.out.printf(Locale.ROOT, "ReportsBenchmark (%s) %,d items: %s %.3f s%n", variant(), ITEMS, what, seconds);
    }

    /** A scored item: both SQLs, a verdict (a relaxed match every seventh, to review), metrics and identifiers. */
    private static ItemResult result(UUID job, String tenant, int i) {
        ItemResult r = new ItemResult();
        r.workItemId = UUID.randomUUID();
        r.jobId = job;
        r.tenantId = tenant;
        r.questionId = Integer.toString(i / 6);
        r.model = MODELS[i % 2];
        r.level = LEVELS[(i / 2) % 3];
        r.databaseKey = "footballdb_v" + (1 + i % 3);
        r.dialect = "postgresql";
        r.jobName = "bench";
        r.jobItems = ITEMS;
        r.question = "How many goals did each player score in season " + (2000 + i % 20) + "?";
        r.goldSql = "SELECT p.name, SUM(g.goals) FROM player p JOIN goal g ON g.player_id = p.id WHERE g.season = "
                + (2000 + i % 20) + " GROUP BY p.name";
        r.predictedSql = r.goldSql + (i % 7 == 0 ? " ORDER BY 2 DESC" : "");
        r.gold.status = "OK";
        r.gold.rows = 12;
        r.gold.seconds = 0.004;
        boolean failed = i % 11 == 0;
        r.failed = failed;
        r.predicted.status = failed ? "ERROR" : "OK";
        r.predicted.error = failed ? "42703 column \"goals\" does not exist" : null;
        r.predicted.rows = failed ? null : 12;
        r.predicted.seconds = 0.005;
        r.resultPreview = "{\"gold\":[[\"Pelé\",\"14\"]],\"predicted\":[[\"Pelé\",\"14\"]]}";
        boolean strict = !failed && i % 3 != 0;
        r.reason = failed ? "predicted failed: ERROR 42703" : strict ? "MATCH" : "ROW_COUNT_DIFFERS";
        r.strict.match = !failed && strict;
        r.strict.reason = r.reason;
        r.set.match = !failed && (strict || i % 7 == 0);
        r.set.reason = r.reason;
        r.relaxed.match = !failed && (strict || i % 7 == 0);
        r.relaxed.reason = r.reason;
        if (!failed) {
            r.qatch.cellPrecision = strict ? 1.0 : 0.5;
            r.qatch.cellRecall = strict ? 1.0 : 0.4;
            r.qatch.tupleCardinality = strict ? 1.0 : 0.6;
            r.qatch.tupleConstraint = strict ? 1.0 : 0.3;
            r.qatch.tupleOrder = 1.0;
            r.qatch.executionAccuracy = strict ? 1.0 : 0.0;
            r.qatch.validEfficiencyScore = strict ? 0.9 : 0.0;
            r.softF1 = strict ? 1.0 : 0.45;
        }
        r.linkingScores.recall = 0.8 + (i % 5) * 0.05;
        r.linkingScores.precision = 0.9;
        r.linkingScores.f1 = 0.85;
        r.linkingScores.method = "parsed";
        r.multipleStatements = false;
        r.hardness = HARDNESS[i % 4];
        r.goldIdentifiers = "[\"player.name\",\"goal.goals\",\"goal.season\"]";
        r.predictedIdentifiers = "[\"player.name\",\"goal.goals\"]";
        r.scoredAt = Instant.now();
        return r;
    }
}
