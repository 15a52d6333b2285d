package dev.snailbench.executor.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.support.Requests;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.testkit.PostgresTestResource;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import dev.snailbench.testkit.TopicClient.Carried;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * One tenant cannot stall the others, over the real broker: tenant A's 1,000 items on a database that does not
 * answer are being worked on when tenant B sends 10 items on a healthy database (FootballDB v1); B's items must all
 * be answered within 10 s. Two dead databases: a closed loopback port (connection refused at once) and a
 * "blackhole", a listening socket that never answers (the worse case: every attempt waits for the connect timeout).
 * Prints B's completion time, how long A's breaker took to open and A's items/s while failing.
 * Beyond the in-memory tier: tenants' lanes over the real broker with dead databases' real connect timeouts.
 */
@QuarkusTest
@RealInfrastructure
class FairnessTest {

    private static final int A_ITEMS = 1000;
    private static final int B_ITEMS = 10;

    @Test
    void shouldAnswerAnotherTenantsJobWithin10sWhileOneTenantsDatabaseRefusesConnections() throws IOException {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, deadHost())) {
            closedPort = probe.getLocalPort();
        }
        assertFairness("closed port", closedPort);
    }

    @Test
    void shouldAnswerAnotherTenantsJobWithin10sWhileOneTenantsDatabaseNeverAnswers() throws IOException {
        // Accepts TCP connections into its backlog and never reads them: the login waits until the connect timeout.
        try (ServerSocket blackhole = new ServerSocket(0, 1, deadHost())) {
            assertFairness("blackhole", blackhole.getLocalPort());
        }
    }

    private static void assertFairness(String kind, int deadPort) {
        String tenantA = "fair-a-" + UUID.randomUUID();
        String tenantB = "fair-b-" + UUID.randomUUID();
        DatabaseRef dead = Requests.inline(
                tenantA,
                "jdbc:postgresql://" + PostgresTestResource.DEAD_HOST + ":" + deadPort + "/dead",
                "nobody",
                "nothing");
        UUID jobA = UUID.randomUUID();
        List<ExecutionRequested> a = new ArrayList<>();
        for (int i = 0; i < A_ITEMS; i++) {
            a.add(Requests.request(jobA, tenantA, dead, "SELECT " + i + " AS n", Requests.predicted("SELECT 1")));
        }
        UUID jobB = UUID.randomUUID();
        List<ExecutionRequested> b = new ArrayList<>();
        for (int i = 0; i < B_ITEMS; i++) {
            b.add(Requests.request(
                    jobB,
                    tenantB,
                    Requests.footballDb(tenantB, "v1"),
                    "SELECT count(*) AS teams FROM national_team WHERE year > " + (2000 + i),
                    Requests.predicted("SELECT count(*) FROM national_team")));
        }
        Set<String> aKeys = a.stream().map(ExecutionRequested::key).collect(Collectors.toSet());
        Set<String> bKeys = b.stream().map(ExecutionRequested::key).collect(Collectors.toSet());

        long aSent;
        long bSent;
        try (TopicClient topics = new TopicClient()) {
            aSent = System.currentTimeMillis();
            Requests.send(topics, a);
            // A's job is running (its first items failed) when B submits.
            assertThat(Requests.results(aKeys, 2, Duration.ofSeconds(60)))
                    .as("A's first answers")
                    .hasSizeGreaterThanOrEqualTo(2);
            bSent = System.currentTimeMillis();
            Requests.send(topics, b);
        }
        List<Carried<ExecutionCompleted>> bResults = Requests.results(bKeys, B_ITEMS, Duration.ofSeconds(60));
        List<Carried<ExecutionCompleted>> aResults = Requests.results(aKeys, A_ITEMS, Duration.ofSeconds(180));

        long bDone = bResults.stream().mapToLong(FairnessTest::time).max().orElse(Long.MAX_VALUE);
        List<Carried<ExecutionCompleted>> aByTime = aResults.stream()
                .sorted(Comparator.comparingLong(FairnessTest::time))
                .toList();
        long opened = aByTime.stream()
                .filter(r -> goldError(r).contains("circuit open"))
                .mapToLong(FairnessTest::time)
                .min()
                .orElse(Long.MAX_VALUE);
        double aSpan = aByTime.isEmpty() ? 0 : (time(aByTime.get(aByTime.size() - 1)) - aSent) / 1000.0;
        System.out.printf(
                "FAIRNESS [%s] tenant B's %d items answered %.2f s after submission; tenant A's breaker "
                        + "opened %.2f s after its first item; A's %d items all answered (failed) in %.2f s: %.0f items/s%n",
                kind,
                B_ITEMS,
                (bDone - bSent) / 1000.0,
                (opened - aSent) / 1000.0,
                aResults.size(),
                aSpan,
                aResults.size() / Math.max(0.001, aSpan));

        assertThat(bResults).hasSize(B_ITEMS);
        assertThat(bResults)
                .allSatisfy(r -> assertThat(r.event().gold().status()).isEqualTo(ExecutionStatus.OK));
        assertThat(bDone - bSent).as("B's completion after submission, ms").isLessThan(10_000);
        assertThat(aResults).hasSize(A_ITEMS);
        assertThat(aResults)
                .allSatisfy(r -> assertThat(r.event().gold().status()).isEqualTo(ExecutionStatus.ERROR));
        // All but the few attempts before the circuit opened (and a probe per cool-down) fail at once, saying why.
        List<String> failedAtOnce = aResults.stream()
                .map(FairnessTest::goldError)
                .filter(error -> error.contains("circuit open"))
                .toList();
        assertThat(failedAtOnce).hasSizeGreaterThan(A_ITEMS - 50);
        assertThat(failedAtOnce.get(0))
                .contains("connections paused: ")
                .contains("(circuit open for 30 s after ")
                .contains(" failed connection attempts)");
    }

    /** A loopback address the tests' target rules allow (allowed-networks), where nothing of the platform listens. */
    private static InetAddress deadHost() throws IOException {
        return InetAddress.getByName(PostgresTestResource.DEAD_HOST);
    }

    /** When the result was sent: its record's timestamp. */
    private static long time(Carried<ExecutionCompleted> result) {
        return result.record().timestamp();
    }

    private static String goldError(Carried<ExecutionCompleted> result) {
        String error = result.event().gold().error();
        return error == null ? "" : error;
    }
}
