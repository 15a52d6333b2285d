package dev.snailbench.executor.service.screening;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Gold screening in the executor (prefix {@code snailbench.executor.screening}). */
@ConfigMapping(prefix = "snailbench.executor.screening")
public interface ScreeningConfig {

    /** Screening verdicts kept per replica: one per job, database and distinct gold query. */
    @WithDefault("10000")
    int cacheEntries();

    /** Longest a gold query's screening may take (its extra runs each have the gold timeout too). */
    @WithDefault("3m")
    Duration deadline();
}
