package dev.snailbench.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.cli.PlatformClient;
import java.util.Map;

/**
 * The demo's gold-screening lines: per job, how many of its gold queries the executor found nondeterministic (their
 * result depends on the plan; such items are compared tie-aware), with one example and its reason.
 */
final class GoldScreeningReport {

    private GoldScreeningReport() {}

    static void print(PlatformClient client, String apiKey, Map<String, String> jobs) {
        System.out.println();
        System.out.println("Gold screening (goldScreening: flag): gold queries whose result depends on the plan");
        for (Map.Entry<String, String> job : jobs.entrySet()) {
            JsonNode s = client.summary(apiKey, job.getValue()).path("goldScreening");
            JsonNode first = s.path("golds").path(0);
            System.out.printf(
                    "  %s: %d unstable gold queries (%d items)%s%n",
                    job.getKey(),
                    s.path("unstableGolds").asInt(),
                    s.path("flaggedItems").asInt(),
                    first.isMissingNode()
                            ? ""
                            : ", e.g. question " + first.path("questionId").asText() + ": "
                                    + first.path("why").asText());
        }
    }
}
