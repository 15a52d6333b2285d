package dev.snailbench.generator.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The SQL parser the service shares (views, Schema-Refiner rewrites, synthetic sets). */
@ConfigMapping(prefix = "snailbench.sql-parser")
public interface SqlParserConfig {

    /** Parses that run at once (JSqlParser is CPU-bound); more wait for a thread. */
    @WithDefault("2")
    int threads();

    /** Longest time one SQL statement may take to parse (deeply nested expressions can take minutes). */
    @WithDefault("10s")
    Duration timeout();
}
