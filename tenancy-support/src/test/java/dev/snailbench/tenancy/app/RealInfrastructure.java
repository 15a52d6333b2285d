package dev.snailbench.tenancy.app;

import dev.snailbench.localstack.testing.KafkaTestResource;
import dev.snailbench.localstack.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;

/** The test application runs against a real Kafka broker (own JVM) and a real PostgreSQL, as the services do. */
@QuarkusTestResource(value = KafkaTestResource.class, parallel = true)
@QuarkusTestResource(value = PostgresTestResource.class, parallel = true)
public class RealInfrastructure {
}
