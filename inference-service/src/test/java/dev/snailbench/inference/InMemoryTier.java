package dev.snailbench.inference;

import dev.snailbench.model.Channels;
import dev.snailbench.testkit.InMemoryChannels;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The inference service's in-memory tier: every channel on the in-memory connector, no broker, no database (what
 * reaches the database is mocked: {@code TenantAuthenticator}, the repositories, {@code InferenceService}). One set of
 * resources, so one application start serves every test that carries it; {@code mvn test} runs them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@WithTestResource(
        value = InMemoryChannels.class,
        initArgs = {
            @ResourceArg(
                    name = InMemoryChannels.INCOMING,
                    value = Channels.TENANTS + "," + Channels.JOBS_CANCELLED + "," + Channels.QUERIES_TO_INFER + ","
                            + Channels.DATABASE_LOGINS_FAILED),
            @ResourceArg(
                    name = InMemoryChannels.OUTGOING,
                    value = Channels.MODEL_BACKENDS_OUT + "," + Channels.SQL_TO_EXECUTE_OUT)
        })
public @interface InMemoryTier {}
