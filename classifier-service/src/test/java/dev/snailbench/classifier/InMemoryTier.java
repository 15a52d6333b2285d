package dev.snailbench.classifier;

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
 * The classifier's in-memory tier: every channel on the in-memory connector, no broker, no database (what reaches
 * the database is mocked: {@code ProcessedRequests}, {@code TenantAuthenticator}). One set of resources, so one
 * application start serves every test that carries it; {@code mvn test} runs them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@WithTestResource(InMemoryTier.ClassifierChannels.class)
public @interface InMemoryTier {
    /** The classifier's channels on the in-memory connector. */
    class ClassifierChannels extends InMemoryChannels {

        public ClassifierChannels() {
            super(
                    List.of(Channels.TENANTS, Channels.IDENTIFIERS_TO_CLASSIFY),
                    List.of(Channels.IDENTIFIERS_CLASSIFIED_OUT));
        }
    }
}
