package dev.snailbench.scorer;

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
 * The scorer's in-memory tier: every channel on the in-memory connector, no broker, no database (what reaches the
 * database is mocked: {@code TenantAuthenticator}). One set of resources, so one application start serves every
 * test that carries it; {@code mvn test} runs them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@WithTestResource(InMemoryTier.ScorerChannels.class)
public @interface InMemoryTier {
    /** The scorer's channels on the in-memory connector. */
    class ScorerChannels extends InMemoryChannels {

        public ScorerChannels() {
            super(
                    List.of(
                            Channels.TENANTS,
                            Channels.RESULTS_TO_SCORE,
                            Channels.ITEMS_ABANDONED,
                            Channels.JOBS_CANCELLED),
                    List.of(Channels.SCORES_OUT));
        }
    }
}
