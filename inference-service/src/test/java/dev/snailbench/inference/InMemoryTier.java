package dev.snailbench.inference;

import dev.snailbench.model.Channels;
import dev.snailbench.testkit.InMemoryChannels;
import io.quarkus.test.common.WithTestResource;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;

/**
 * The inference service's in-memory tier: every channel on the in-memory connector, no broker, no database (what
 * reaches the database is mocked: {@code TenantAuthenticator}, the repositories, {@code InferenceService}). One set of
 * resources, so one application start serves every test that carries it; {@code mvn test} runs them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@WithTestResource(InMemoryTier.InferenceChannels.class)
public @interface InMemoryTier {
    /** The inference service's channels on the in-memory connector. */
    class InferenceChannels extends InMemoryChannels {

        public InferenceChannels() {
            super(
                    List.of(
                            Channels.TENANTS,
                            Channels.JOBS_CANCELLED,
                            Channels.QUERIES_TO_INFER,
                            Channels.DATABASE_LOGINS_FAILED),
                    List.of(Channels.MODEL_BACKENDS_OUT, Channels.SQL_TO_EXECUTE_OUT));
        }
    }
}
