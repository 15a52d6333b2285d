package dev.snailbench.generator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.datasets.DataDir;
import dev.snailbench.localstack.Stack;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Kubernetes stops routing to a pod whose readiness is DOWN: the packaged generator must report DOWN when
 * its database or its broker goes away, and say which.
 */
class ReadinessIT {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void shouldStartWithoutAnErrorInItsLog() throws Exception {
        Path logs = ROOT.resolve("generator-service/target/clean-start-logs");
        try (Stack stack = generatorOnly("clean-start")) {
            assertThat(stack.readiness(Stack.Service.GENERATOR).statusCode()).isEqualTo(200);
            // Nothing an operator must look into at a normal start: no ERROR line, no stack trace.
            List<String> log = Files.readAllLines(logs.resolve("generator-service.log"));
            assertThat(log).anySatisfy(line -> assertThat(line).contains("started in"));
            assertThat(log).noneSatisfy(line -> assertThat(line).matches(".* ERROR .*|\\s+at .*|.*SRMSG00019.*"));
        }
    }

    @Test
    void shouldReportNotReadyWhenTheDatabaseStops() {
        try (Stack stack = generatorOnly("readiness-db")) {
            assertThat(stack.readiness(Stack.Service.GENERATOR).statusCode()).isEqualTo(200);
            stack.postgres().close();
            HttpResponse<String> down = awaitDown(stack);
            assertThat(down.body()).contains("\"status\": \"DOWN\"").containsIgnoringCase("postgresql");
        }
    }

    @Test
    void shouldReportNotReadyWhenTheBrokerStops() {
        try (Stack stack = generatorOnly("readiness-kafka")) {
            assertThat(stack.readiness(Stack.Service.GENERATOR).statusCode()).isEqualTo(200);
            stack.kafka().close();
            HttpResponse<String> down = awaitDown(stack);
            assertThat(down.body()).contains("\"status\": \"DOWN\"").containsIgnoringCase("messaging");
        }
    }

    private static Stack generatorOnly(String name) {
        return Stack.start(ROOT, DataDir.resolve(), ROOT.resolve("generator-service/target/" + name + "-logs"),
                EnumSet.of(Stack.Service.GENERATOR));
    }

    private static HttpResponse<String> awaitDown(Stack stack) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        HttpResponse<String> last = stack.readiness(Stack.Service.GENERATOR);
        while (last.statusCode() == 200 && Instant.now().isBefore(deadline)) {
            sleep();
            last = stack.readiness(Stack.Service.GENERATOR);
        }
        assertThat(last.statusCode()).as("readiness after the outage: %s", last.body()).isEqualTo(503);
        return last;
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
