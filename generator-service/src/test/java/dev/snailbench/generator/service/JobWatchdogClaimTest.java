package dev.snailbench.generator.service;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.generator.TestTenants;
import dev.snailbench.generator.repository.Job;
import dev.snailbench.generator.repository.JobRepository;
import dev.snailbench.model.Topics;
import dev.snailbench.model.event.ItemAbandoned;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Every generator replica runs the watchdog: sweeps that find the same stalled job at once (here four, as four
 * replicas would) or one after another claim it in the database, so its items are abandoned once, not once per replica.
 * Beyond the in-memory tier: the claim decided by PostgreSQL's row locks.
 */
@QuarkusTest
@RealInfrastructure
class JobWatchdogClaimTest {

    private static final int REPLICAS = 4;

    private static final List<Map<String, String>> QUESTIONS = List.of(
            Map.of("id", "q1", "question", "How many clubs?", "goldSql", "SELECT count(*) FROM club"),
            Map.of("id", "q2", "question", "How many players?", "goldSql", "SELECT count(*) FROM player"),
            Map.of("id", "q3", "question", "How many games?", "goldSql", "SELECT count(*) FROM game"));

    @Inject
    JobWatchdog watchdog;

    @Inject
    JobRepository jobs;

    @Test
    void shouldAbandonAStalledJobsItemsOnceWhenSeveralReplicasSweepItAtOnce() throws Throwable {
        String key = TestTenants.create("team-claim-" + UUID.randomUUID());
        // The longest deadline a job may ask for: the scheduled sweeps of this service leave it alone during the test,
        // and the sweeps below judge it a day later.
        Map<String, Object> job = new HashMap<>(TestTenants.job("claimed", QUESTIONS, null));
        job.put("stallTimeoutSeconds", (int) JobWatchdog.LONGEST_STALL_TIMEOUT.toSeconds());
        UUID jobId = UUID.fromString(
                TestTenants.submitJob(key, job).statusCode(202).extract().path("jobId"));
        // Published (running): no publication step holds the job's row any longer. A sweep skips a job whose row
        // another transaction holds (its progress being written), which is not a stalled job.
        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .until(() -> "running"
                        .equals(given().header("X-API-Key", key)
                                .get("/jobs/" + jobId)
                                .then()
                                .statusCode(200)
                                .extract()
                                .path("status")));
        Job stored = VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> jobs.findById(jobId)));
        Instant aDayLater = Instant.now().plus(Duration.ofDays(2));

        ExecutorService threads = Executors.newFixedThreadPool(REPLICAS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<CompletableFuture<Void>> sweeps = new ArrayList<>();
            for (int i = 0; i < REPLICAS; i++) {
                sweeps.add(CompletableFuture.runAsync(
                        () -> {
                            try {
                                start.await();
                                VertxContextSupport.subscribeAndAwait(
                                        () -> watchdog.abandonUnscored(stored, aDayLater));
                            } catch (Throwable e) {
                                throw new IllegalStateException(e);
                            }
                        },
                        threads));
            }
            start.countDown();
            for (CompletableFuture<Void> sweep : sweeps) {
                sweep.get(60, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }
        // A sweep by the same clock after the claims are released: the touch tells it the job was just acted on.
        VertxContextSupport.subscribeAndAwait(() -> watchdog.abandonUnscored(stored, aDayLater));

        // Everything the sweeps sent is on the topic now; more than one abandonment per item would be a double claim.
        List<ItemAbandoned> abandoned = TopicClient.awaitUntil(
                        Topics.ITEMS_ABANDONED,
                        r -> jobId.equals(
                                EventJson.read(r.value(), ItemAbandoned.class).jobId()),
                        found -> found.size() > QUESTIONS.size(),
                        Duration.ofSeconds(10))
                .stream()
                .map(r -> EventJson.read(r.value(), ItemAbandoned.class))
                .toList();
        assertThat(abandoned).hasSize(QUESTIONS.size());
        assertThat(abandoned.stream().map(ItemAbandoned::workItemId).collect(Collectors.toSet()))
                .hasSize(QUESTIONS.size());
    }
}
