package dev.snailbench.generator.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Tasks on teams' registered databases, run by the executor (the only service that connects to them). */
@ConfigMapping(prefix = "snailbench.database-tasks")
public interface DatabaseTasksConfig {

    /** Longest wait for the executor's answer (above the executor's own task timeout, 5 min by default). */
    @WithDefault("6m")
    Duration timeout();
}
