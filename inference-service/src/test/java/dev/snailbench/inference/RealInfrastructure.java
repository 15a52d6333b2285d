package dev.snailbench.inference;

import dev.snailbench.localstack.testing.FakeOpenAiTestResource;
import dev.snailbench.localstack.testing.KafkaTestResource;
import dev.snailbench.localstack.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Every {@code @QuarkusTest} of this module runs against a real Kafka broker (own JVM) and a real PostgreSQL,
 * started once for the module and in parallel, and the backends {@code fake} and {@code fake-legacy} call the
 * platform's fake OpenAI-compatible server.
 */
@QuarkusTestResource(value = KafkaTestResource.class, parallel = true)
@QuarkusTestResource(value = PostgresTestResource.class, parallel = true)
@QuarkusTestResource(value = FakeOpenAiTestResource.class, parallel = true, initArgs = @ResourceArg(name = "base-url",
        value = "snailbench.inference.backends.fake.base-url,snailbench.inference.backends.fake-legacy.base-url"))
public class RealInfrastructure {
}
