package dev.snailbench.generator.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The in-memory tier's scheduled work, off: the work publisher's tick and the job watchdog's sweep read the database,
 * which that tier does not have (the tick never runs, the first sweep is a day away). A test calls what it checks.
 */
public class NoScheduledWork implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return Map.of("snailbench.jobs.publish-every", "off", "snailbench.watchdog.every", "24h");
    }

    @Override
    public void stop() {}
}
