package dev.snailbench.inference;

import dev.snailbench.localstack.testing.KafkaTestResource;
import dev.snailbench.localstack.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;

/**
 * Every {@code @QuarkusTest} of this module runs against a real Kafka broker (own JVM) and a real PostgreSQL,
 * started once for the module and in parallel.
 */
@QuarkusTestResource(value = KafkaTestResource.class, parallel = true)
@QuarkusTestResource(value = PostgresTestResource.class, parallel = true)
@QuarkusTestResource(value = dev.snailbench.inference.support.FakeOpenAiResource.class, parallel = true)
public class RealInfrastructure {
}
