package dev.snailbench.executor.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

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

    /**
     * Largest {@code ExecutionCompleted} event, in bytes of JSON, sent to the scorer. The one size setting: the
     * producer's {@code max.request.size} and the broker's {@code message.max.bytes} are set to it, and each
     * result keeps at most {@link #byteCap()} of it, so a capped result always fits in the event.
     */
    @WithDefault("33554432")
    int maxEventBytes();

    /** JSON bytes of cells kept per result (gold and predicted share one event): derived, not configured. */
    default long byteCap() {
        return Math.max(1, (maxEventBytes() - EVENT_HEADROOM_BYTES) / 2);
    }

    /** Room in an event for everything but the two results' cells (item, inference, columns, headers). */
    int EVENT_HEADROOM_BYTES = 1 << 20;

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

    /** Longest a database task (describe a schema, generate a QATCH suite, create views) may take. */
    @WithDefault("5m")
    Duration databaseTaskTimeout();

    /** Where teams' databases may be: the operator's network rules. */
    Targets targets();

    /** The operator's network rules for teams' databases. */
    interface Targets {

        /**
         * Networks that may hold teams' databases although loopback or private: {@code CIDR}, {@code CIDR:port},
         * {@code host}, {@code host:port} or {@code *.domain[:port]}; empty: public addresses only.
         */
        Optional<List<String>> allowedNetworks();

        /** {@code host:port} of the platform's other services: never a target, whatever the allowed networks say. */
        Optional<List<String>> platformEndpoints();
    }
}
