package dev.snailbench.executor.service.synthetic;

import dev.snailbench.sql.analysis.Characteristics;

/** What a query does with its rows, for the set's share of each: the seeds' shares are kept. */
enum Stratum {
    GROUPED,
    AGGREGATED,
    PLAIN;

    static Stratum of(Characteristics c) {
        return c.groupBy() ? GROUPED : c.aggregations() > 0 ? AGGREGATED : PLAIN;
    }
}
