package dev.snailbench.workbench.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** QATCH test generation defaults. */
@ConfigMapping(prefix = "snailbench.qatch")
public interface QatchConfig {

    /** Tests per category when a request gives no count. */
    @WithDefault("5")
    int defaultCountPerCategory();

    /** Most tests one category may ask for. */
    @WithDefault("200")
    int maxCountPerCategory();

    /** A test whose expected result has more rows is dropped (results are stored). */
    @WithDefault("500")
    int maxResultRows();

    /** Columns with at most this many distinct values count as categorical (GROUP BY, DISTINCT). */
    @WithDefault("25")
    int categoricalMaxDistinct();

    /** Seconds one generated query may run on the team's database. */
    @WithDefault("30")
    int queryTimeoutSeconds();
}
