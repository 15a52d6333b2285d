package dev.snailbench.generator.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Job submission and expansion. */
@ConfigMapping(prefix = "snailbench.jobs")
public interface JobsConfig {

    /**
     * Work items of one job in the pipeline at once (published, no verdict yet): a large job cannot fill the shared
     * partitions ahead of other tenants' jobs, whose items wait behind at most this many of its own.
     */
    @WithDefault("400")
    int window();

    /**
     * Work items sent to the inference service in one record (an {@code InferenceBatch}, with the job's team schema
     * once): the hop's per-record costs and the schema's bytes are paid once for them all.
     */
    @WithDefault("50")
    int itemsPerRecord();

    /**
     * Largest record of work items, in bytes of JSON (below the producer's {@code max.request.size} and the broker's
     * {@code message.max.bytes}, the platform's one event size, 32 MiB, less room for headers): larger ones are split.
     */
    @WithDefault("33488896")
    int maxRecordBytes();

    /** Largest job accepted, in work items (questions × models × levels). */
    @WithDefault("50000")
    int maxWorkItems();

    /**
     * How long {@code POST /jobs} waits for the job to become readable (stored by the service's own consumer) before
     * answering 202 anyway: long enough that a 202 means "readable" unless the platform is far behind, since a 404
     * from {@code GET /jobs/{id}} must mean that the job does not exist.
     */
    @WithDefault("PT30S")
    Duration visibilityWait();

    /**
     * How long a model job's submission waits for the inference service's first announcement of its backends when
     * this process has read none yet (just started, or the inference service not yet): then 503.
     */
    @WithDefault("PT5S")
    Duration backendsWait();

    /**
     * Longest a submission's check of its SQL may take (gold and recorded predictions parsed and guarded, each also
     * bounded by {@code snailbench.sql-parser.timeout}); beyond, 503.
     */
    @WithDefault("PT2M")
    Duration sqlCheckTimeout();

    /**
     * How often the work publisher runs a pass of its own, besides those a stored job or counted verdicts start (a
     * safety net: a restart, another replica's jobs); {@code off}: never.
     */
    @WithDefault("1s")
    String publishEvery();

    /** How often {@code GET /jobs/{id}/events} reads the job again (an event is sent only when it changed). */
    @WithDefault("PT0.5S")
    Duration progressEvery();
}
