package dev.snailbench.scorer.benchmark;

import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;

/**
 * {@link ReportsBenchmark} with no report kept ({@code snailbench.scorer.report-cache-size=0}): each request computes.
 * Beyond the in-memory tier: reports computed from results stored in PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
@TestProfile(UncachedReportsBenchmark.NothingKept.class)
class UncachedReportsBenchmark extends ReportsBenchmark {

    @Override
    String variant() {
        return "nothing kept";
    }

    @Override
    boolean keeps() {
        return false;
    }

    /** The scorer without its report cache. */
    public static class NothingKept implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("snailbench.scorer.report-cache-size", "0");
        }
    }
}
