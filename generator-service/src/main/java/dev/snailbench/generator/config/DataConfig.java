package dev.snailbench.generator.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

/** Where the public datasets are. */
@ConfigMapping(prefix = "snailbench.data")
public interface DataConfig {

    /** Directory of the prepared datasets (SNAILS, FootballDB, QATCH); never copied into the project. */
    @WithName("dir")
    @WithDefault("../shared/data")
    String dataDir();
}
