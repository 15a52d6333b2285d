package dev.snailbench.generator;

import dev.snailbench.generator.testing.NoScheduledWork;
import dev.snailbench.model.Channels;
import dev.snailbench.testkit.InMemoryChannels;
import io.quarkus.test.common.WithTestResource;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The generator's in-memory tier: every channel on the in-memory connector, no broker, no database (what reaches the
 * database is mocked: {@code TenantAuthenticator}, the repositories, the services), no scheduled work (the work
 * publisher's tick and the job watchdog read the database). One set of resources, so one application start serves
 * every test that carries it; {@code mvn test} runs them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@WithTestResource(InMemoryTier.GeneratorChannels.class)
@WithTestResource(NoScheduledWork.class)
public @interface InMemoryTier {
    /** The generator's channels on the in-memory connector. */
    class GeneratorChannels extends InMemoryChannels {

        public GeneratorChannels() {
            super(
                    List.of(
                            Channels.TENANTS,
                            Channels.JOB_EVENTS,
                            Channels.SCORES,
                            Channels.IDENTIFIERS_CLASSIFIED,
                            Channels.MODEL_BACKENDS,
                            Channels.DATABASE_TASK_RESULTS),
                    List.of(
                            Channels.TENANTS_OUT,
                            Channels.JOB_EVENTS_OUT,
                            Channels.QUERIES_TO_INFER_OUT,
                            Channels.ITEMS_ABANDONED_OUT,
                            Channels.JOBS_CANCELLED_OUT,
                            Channels.JOBS_ENDED_OUT,
                            Channels.IDENTIFIERS_TO_CLASSIFY_OUT,
                            Channels.DATABASE_TASKS_OUT));
        }

        /**
         * The executor played on the channels answers within milliseconds: a submission whose check nobody answers
         * is a 503 after 3 s here, not after the 10 s the tests over the real broker allow.
         */
        @Override
        public Map<String, String> start() {
            Map<String, String> config = new HashMap<>(super.start());
            config.put("%test.snailbench.database-tasks.submit-timeout", "3s");
            return config;
        }
    }
}
