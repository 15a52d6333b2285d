package dev.snailbench.executor;

import dev.snailbench.model.Channels;
import dev.snailbench.testkit.InMemoryChannels;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.WithTestResource;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.Map;

/**
 * The executor's in-memory tier: every channel on the in-memory connector, no broker, no database (what reaches the
 * database is mocked; the startup re-seal of the registry is off, {@link NoStartupReseal}). One set of resources, so
 * one application start serves every test that carries it; {@code mvn test} runs them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@WithTestResource(InMemoryTier.ExecutorChannels.class)
@WithTestResource(InMemoryTier.NoStartupReseal.class)
@WithTestResource(InMemoryTier.PlatformEndpointInAllowedNetwork.class)
public @interface InMemoryTier {

    /** The executor's channels on the in-memory connector. */
    class ExecutorChannels extends InMemoryChannels {

        public ExecutorChannels() {
            super(
                    List.of(
                            Channels.TENANTS,
                            Channels.SQL_TO_EXECUTE,
                            Channels.DATABASE_TASKS,
                            Channels.JOBS_CANCELLED,
                            Channels.JOBS_ENDED),
                    List.of(
                            Channels.RESULTS_TO_SCORE_OUT,
                            Channels.DATABASE_TASK_RESULTS_OUT,
                            Channels.DATABASE_LOGINS_FAILED_OUT));
        }
    }

    /** An address on loopback allowed as a team database's network and declared a platform endpoint. */
    String PLATFORM_ENDPOINT = "127.0.0.1:15432";

    /** The registry's startup re-seal reads the database: off in this tier ({@code DatabaseResourceTest} runs it). */
    class NoStartupReseal implements QuarkusTestResourceLifecycleManager {

        @Override
        public Map<String, String> start() {
            return Map.of("snailbench.secrets.reseal-at-start", "false");
        }

        @Override
        public void stop() {}
    }

    /**
     * The operator allows {@link #PLATFORM_ENDPOINT} as the teams' network and lists it as a platform endpoint, as
     * Kubernetes or Compose list the other services ({@code PlatformEndpointAttackTest}); no server listens there.
     */
    class PlatformEndpointInAllowedNetwork implements QuarkusTestResourceLifecycleManager {

        @Override
        public Map<String, String> start() {
            return Map.of(
                    "snailbench.executor.targets.allowed-networks",
                    PLATFORM_ENDPOINT,
                    "snailbench.executor.targets.platform-endpoints",
                    PLATFORM_ENDPOINT);
        }

        @Override
        public void stop() {}
    }
}
