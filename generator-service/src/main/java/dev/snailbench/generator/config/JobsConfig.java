package dev.snailbench.generator.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Job submission and expansion. */
@ConfigMapping(prefix = "snailbench.jobs")
public interface JobsConfig {

    /** Work items published per second for one job, so that one tenant cannot flood the topics. */
    @WithDefault("500")
    int publishRatePerSecond();

    /** Largest job accepted, in work items (questions × models × levels). */
    @WithDefault("50000")
    int maxWorkItems();

    /** How long {@code POST /jobs} waits for the job to become readable before answering 202 anyway. */
    @WithDefault("PT5S")
    Duration visibilityWait();
}
