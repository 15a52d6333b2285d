package dev.snailbench.scorer.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.OptionalInt;

/** Scorer settings. */
@ConfigMapping(prefix = "snailbench.scorer")
public interface ScorerConfig {

    /** Longest time one SQL statement may take to parse before it is reported as unparsable. */
    @WithDefault("10s")
    Duration parseTimeout();

    /** Threads that parse SQL (JSqlParser is CPU-bound and can run for minutes on pathological nesting). */
    @WithDefault("2")
    int parserThreads();

    /** Absolute numeric tolerance of the stored comparisons (0 = exact). */
    @WithDefault("0")
    double absoluteTolerance();

    /** Relative numeric tolerance of the stored comparisons (0 = exact). */
    @WithDefault("0")
    double relativeTolerance();

    /** Whether NULL equals NULL when comparing results (Spider, BIRD and QATCH say yes). */
    @WithDefault("true")
    boolean nullsEqual();

    /** Bootstrap resamples behind each 95% confidence interval. */
    @WithDefault("1000")
    int bootstrapResamples();

    /** Largest request body accepted by the stateless endpoints, in rows per result. */
    @WithDefault("200000")
    int maxRowsPerResult();

    /** Rows of each result kept with the verdict for the item's detail (0 keeps none). */
    @WithDefault("20")
    int previewRows();

    /**
     * Largest request body of every endpoint but {@code POST /compare/batch} (413 beyond); the batch streams, so
     * only its lines have a cap ({@code quarkus.http.limits.max-body-size} is the whole stream's).
     */
    @WithDefault("16M")
    MemorySize maxBodySize();

    /** Longest line (one pair) of {@code POST /compare/batch}; a longer one is answered by an error line. */
    @WithDefault("16M")
    MemorySize batchMaxLineSize();

    /** Longest a {@code POST /compare/batch} request may run; the lines not read by then get one error line. */
    @WithDefault("10m")
    Duration batchTimeout();

    /**
     * Threads comparing the pairs of {@code POST /compare/batch}, shared by every stream (default: one per
     * processor); a stream's lines are compared on several of them at once and answered in order.
     */
    OptionalInt batchThreads();

    /**
     * Summaries and HTML reports kept computed, the ones asked last (a 10,000-item job's HTML report is a few MB of
     * heap; 0 keeps none).
     */
    @WithDefault("8")
    int reportCacheSize();

    /**
     * How long a running job's summary is served to the requests that follow while the job is still running (each
     * result makes a new version); a finished or cancelled job's is computed for its final results (0: every version).
     */
    @WithDefault("2s")
    Duration runningSummaryAge();
}
