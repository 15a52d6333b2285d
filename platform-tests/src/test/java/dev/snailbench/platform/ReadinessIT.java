package dev.snailbench.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.localstack.Stack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Kubernetes stops routing to a pod whose readiness is DOWN: the packaged generator must report DOWN when
 * its broker or its database goes away, and say which. One generator on its own broker and PostgreSQL; its log as
 * it stood once started is kept for the start's test, so the tests hold in any order.
 */
class ReadinessIT {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path LOGS = ROOT.resolve("platform-tests/target/readiness-logs");

    private static Stack stack;
    private static List<String> startLog;

    @BeforeAll
    static void startGenerator() throws IOException {
        stack = Stack.start(ROOT, DataDir.resolve(), LOGS, EnumSet.of(Stack.Service.GENERATOR));
        startLog = Files.readAllLines(LOGS.resolve("generator-service.log"));
    }

    @AfterAll
    static void stopGenerator() {
        if (stack != null) {
            stack.closeNow();
        }
    }

    @Test
    void shouldStartWithoutAnErrorInItsLog() {
        // Nothing an operator must look into at a normal start: no ERROR line, no stack trace.
        List<String> log = startLog;
        assertThat(log).anySatisfy(line -> assertThat(line).contains("started in"));
        assertThat(log).noneSatisfy(line -> assertThat(line).matches(".* ERROR .*|\\s+at .*|.*SRMSG00019.*"));
    }

    @Test
    void shouldReportNotReadyNamingTheBrokerThenTheDatabaseAsEachStops() {
        HttpResponse<String> ready = stack.readiness(Stack.Service.GENERATOR);
        assertThat(ready.statusCode())
                .as("readiness at start: %s", ready.body())
                .isEqualTo(200);
        assertThat(check(ready, "messaging")).isEqualTo("UP");

        stack.kafka().close();
        HttpResponse<String> brokerDown = awaitCheckDown("messaging");
        assertThat(brokerDown.body()).contains("\"status\": \"DOWN\"");
        assertThat(check(brokerDown, "postgresql"))
                .as("the database's check while only the broker is down: %s", brokerDown.body())
                .isEqualTo("UP");

        stack.postgres().close();
        HttpResponse<String> databaseDown = awaitCheckDown("postgresql");
        assertThat(databaseDown.body()).contains("\"status\": \"DOWN\"");
    }

    /** Polls readiness until it is 503 with the named check DOWN (90 s at most), and returns that answer. */
    private static HttpResponse<String> awaitCheckDown(String name) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        HttpResponse<String> last = stack.readiness(Stack.Service.GENERATOR);
        while (!(last.statusCode() == 503 && "DOWN".equals(check(last, name)))
                && Instant.now().isBefore(deadline)) {
            sleep();
            last = stack.readiness(Stack.Service.GENERATOR);
        }
        assertThat(last.statusCode())
                .as("readiness after the outage: %s", last.body())
                .isEqualTo(503);
        assertThat(check(last, name))
                .as("the %s check after the outage: %s", name, last.body())
                .isEqualTo("DOWN");
        return last;
    }

    /** The status of the readiness check whose name contains {@code name} (any case); null if there is none. */
    private static String check(HttpResponse<String> readiness, String name) {
        try {
            for (JsonNode check : new ObjectMapper().readTree(readiness.body()).path("checks")) {
                if (check.path("name").asText().toLowerCase(Locale.ROOT).contains(name)) {
                    return check.path("status").asText();
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("readiness is not JSON: " + readiness.body(), e);
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
