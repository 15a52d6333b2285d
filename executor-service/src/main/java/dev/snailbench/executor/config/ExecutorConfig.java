package dev.snailbench.executor.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Limits and pool sizes of the executor; every key has a safe default. */
@ConfigMapping(prefix = "snailbench.executor")
public interface ExecutorConfig {

    /** Server-side statement timeout of gold queries (PostgreSQL statement_timeout, SQL Server query timeout). */
    @WithDefault("60s")
    Duration goldTimeout();

    /** Server-side statement timeout of predicted queries, usually shorter than the gold's. */
    @WithDefault("30s")
    Duration predictedTimeout();

    /** Rows kept per result; more rows mark the result truncated. */
    @WithDefault("10000")
    int rowCap();

    /** UTF-8 bytes of cell text kept per result; more marks the result truncated. */
    @WithDefault("8388608")
    long byteCap();

    /** JDBC fetch size: rows streamed per round trip (PostgreSQL uses a cursor). */
    @WithDefault("500")
    int fetchSize();

    /** Maximum pooled connections per target database. */
    @WithDefault("4")
    int poolSizePerDatabase();

    /** Maximum connections in use at once per tenant, over all its databases. */
    @WithDefault("8")
    int connectionsPerTenant();

    /** A target database's pool is closed after this long without use. */
    @WithDefault("5m")
    Duration poolIdleClose();

    /** How long to wait for a connection (pool slot or network) before the query fails. */
    @WithDefault("10s")
    Duration connectTimeout();

    /** Threads running JDBC work (never the event loop). */
    @WithDefault("8")
    int workerThreads();

    /** Run the same gold query on the same database once per job and reuse its outcome. */
    @WithDefault("true")
    boolean goldCache();

    /** Gold outcomes remembered at most (oldest dropped first). */
    @WithDefault("20000")
    int goldCacheEntries();

    /** Runs per query for timing (efficiency metric); the reported elapsed time is the median. */
    @WithDefault("1")
    int timingRuns();

    /** Guard verdicts remembered by exact SQL text (0 parses every query). */
    @WithDefault("10000")
    int guardCacheEntries();

    /** Upper bound on the distinct sample values per column that schema introspection returns. */
    @WithDefault("20")
    int maxSampleValues();
}
