package dev.snailbench.scorer.service.stats;

import dev.snailbench.scorer.config.ScorerConfig;
import io.quarkus.runtime.configuration.MemorySize;
import java.math.BigInteger;
import java.time.Duration;
import java.util.OptionalInt;

/** The scorer's settings for tests that build its services by hand: exact comparisons, 500 bootstrap resamples. */
public final class TestScorerConfig {

    private TestScorerConfig() {}

    public static ScorerConfig config() {
        return new ScorerConfig() {
            public Duration parseTimeout() {
                return Duration.ofSeconds(10);
            }

            public int parserThreads() {
                return 1;
            }

            public double absoluteTolerance() {
                return 0;
            }

            public double relativeTolerance() {
                return 0;
            }

            public boolean nullsEqual() {
                return true;
            }

            public int bootstrapResamples() {
                return 500;
            }

            public int maxRowsPerResult() {
                return 1000;
            }

            public int previewRows() {
                return 20;
            }

            public MemorySize maxBodySize() {
                return new MemorySize(BigInteger.valueOf(16L << 20));
            }

            public MemorySize batchMaxLineSize() {
                return new MemorySize(BigInteger.valueOf(16L << 20));
            }

            public Duration batchTimeout() {
                return Duration.ofMinutes(10);
            }

            public OptionalInt batchThreads() {
                return OptionalInt.empty();
            }

            public int reportCacheSize() {
                return 16;
            }

            public Duration runningSummaryAge() {
                return Duration.ofSeconds(2);
            }
        };
    }
}
