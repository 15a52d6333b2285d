package dev.snailbench.testkit;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Points a {@code @QuarkusTest} at the module's real Kafka broker. */
public class KafkaTestResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return Map.of("kafka.bootstrap.servers", LocalStack.kafka().bootstrapServers());
    }

    @Override
    public void stop() {
        // Shared by every test class of the module; stopped when the JVM exits.
    }
}
