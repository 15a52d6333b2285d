package dev.snailbench.generator.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The job watchdog: no job stays running forever. */
@ConfigMapping(prefix = "snailbench.watchdog")
public interface WatchdogConfig {

    /**
     * A running job whose progress has not moved for this long gets a failed verdict ({@code timed out in …}) for
     * every item still without one. Progress, not age: a large job that keeps scoring is never cut. A job may ask
     * for its own ({@code stallTimeoutSeconds}, 10 s to a day).
     */
    @WithDefault("PT10M")
    Duration itemDeadline();

    /** How often the watchdog looks for stalled jobs (a scheduler expression, e.g. {@code 30s}). */
    @WithDefault("30s")
    String every();
}
