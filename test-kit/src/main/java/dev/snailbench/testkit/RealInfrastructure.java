package dev.snailbench.testkit;

import io.quarkus.test.common.WithTestResource;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a test that needs the real stack: a {@code @QuarkusTest} gets the module's real Kafka broker (own JVM) and
 * real PostgreSQL, started once per test JVM and in parallel; a plain test that starts them itself
 * ({@code LocalStack}) carries it for the tag alone.
 *
 * <p>The tag {@value #TAG} splits the suite in two tiers: {@code mvn test} leaves these tests out (unit tests only,
 * minutes), {@code mvn verify} runs them after packaging (the root pom's surefire execution {@code infra}). A
 * {@code @QuarkusTest} carries this annotation or its module's in-memory tier; one that carries this names in one
 * line what the in-memory tier cannot show. All of them declare the same resources, so one application start serves
 * the module's tests (Quarkus restarts only for another set of resources or a test profile).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Tag(RealInfrastructure.TAG)
@WithTestResource(value = KafkaTestResource.class, parallel = true)
@WithTestResource(value = PostgresTestResource.class, parallel = true)
public @interface RealInfrastructure {

    /** The JUnit tag of the tests that need the real stack; the build selects tiers by it. */
    String TAG = "infra";
}
