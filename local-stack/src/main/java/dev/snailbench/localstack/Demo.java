package dev.snailbench.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.cli.FootballDbJob;
import dev.snailbench.cli.PlatformClient;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.datasets.FootballDbFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The README's first command: starts the platform on this machine, loads FootballDB v1–v3, replays
 * gpt-3.5-turbo's recorded predictions as one job per data model, shows progress and prints a report.
 *
 * <p>Usage: {@code Demo [project root]} (default: the working directory).
 */
public final class Demo {

    private static final Duration JOB_TIMEOUT = Duration.ofMinutes(10);

    private Demo() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
        Path data = DataDir.resolve();
        Path logs = root.resolve("target/demo-logs");
        // PostgreSQL's lines (among them the ERROR of each gold query that needs the missing match_fact table) go to
        // postgres.log: the console shows the demo's own.
        Stack.logThirdPartyTo(logs);
        Instant started = Instant.now();
        System.out.println("Starting Kafka, PostgreSQL and the five services (logs in " + logs + ") ...");
        try (Stack stack = Stack.start(root, data, logs)) {
            System.out.printf(
                    "Platform ready in %.1f s: generator %s, scorer %s%n",
                    seconds(started), stack.url(Stack.Service.GENERATOR), stack.url(Stack.Service.SCORER));
            for (String version : FootballDbFiles.VERSIONS) {
                Instant t = Instant.now();
                FootballDb.load(stack.targets(), data, version);
                System.out.printf("Loaded FootballDB %s in %.1f s%n", version, seconds(t));
            }
            PlatformClient client = stack.client();
            String apiKey = client.createTenant("demo-team");
            // The team's own read-only login, as ./snailbench footballdb login gives one to every tenant.
            FootballDb.Login login = FootballDb.loginFor(stack.targets()::connect, "demo-team");
            Map<String, String> jobs = new LinkedHashMap<>();
            for (String version : FootballDbFiles.VERSIONS) {
                jobs.put(version, client.submitJob(apiKey, footballJob(stack, data, version, login)));
            }
            System.out.println("Submitted one job per data model: " + jobs);
            awaitCompletion(client, apiKey, jobs);
            report(client, apiKey, jobs, logs);
            GoldScreeningReport.print(client, apiKey, jobs);

            Path answers = data.resolve(SnailsExperiment.ANSWERS);
            if (!Files.isRegularFile(answers)) {
                // `./snailbench data fetch` cannot produce it (its sources are spreadsheets): say so, do not fail.
                System.out.println();
                System.out.println("SNAILS part skipped: " + answers + " is missing (`./snailbench data fetch` does "
                        + "not produce it; point --data-dir / SNAILBENCH_DATA_DIR at a data folder that has it)");
                System.out.printf("Demo finished in %.1f s%n", seconds(started));
                return;
            }
            Instant snails = Instant.now();
            Map<String, String> snailsJobs = SnailsExperiment.submit(client, apiKey, data, null);
            // The same jobs linked by the SNAILS authors' conventions, for the paper's QueryRecall beside ours.
            Map<String, String> theirLinking = SnailsExperiment.submit(client, apiKey, data, "snails");
            System.out.println();
            System.out.println("Submitted the SNAILS experiment: one linking-only job per database and linking ("
                    + (snailsJobs.size() + theirLinking.size()) + " jobs)");
            awaitCompletion(client, apiKey, snailsJobs);
            awaitCompletion(client, apiKey, theirLinking);
            SnailsExperiment.report(client, apiKey, snailsJobs, theirLinking);
            System.out.printf("SNAILS part done in %.1f s%n", seconds(snails));
            System.out.printf("Demo finished in %.1f s%n", seconds(started));
        }
    }

    /** The job a team would submit: FootballDB vN's dev questions and gpt-3.5-turbo's recorded answers. */
    static Map<String, Object> footballJob(Stack stack, Path data, String version, FootballDb.Login login)
            throws IOException {
        return FootballDbJob.replay(
                data,
                version,
                Map.of(
                        "kind",
                        "postgresql",
                        "jdbcUrl",
                        stack.targets().jdbcUrl(FootballDb.databaseName(version)),
                        "user",
                        login.user(),
                        "password",
                        login.password()));
    }

    private static void awaitCompletion(PlatformClient client, String apiKey, Map<String, String> jobs) {
        Instant deadline = Instant.now().plus(JOB_TIMEOUT);
        while (true) {
            StringBuilder line = new StringBuilder("  progress:");
            boolean allDone = true;
            for (Map.Entry<String, String> job : jobs.entrySet()) {
                JsonNode status = client.job(apiKey, job.getValue());
                if (status == null) {
                    line.append(String.format("  %s accepted", job.getKey()));
                    allDone = false;
                    continue;
                }
                line.append(String.format(
                        "  %s %s %d/%d (%d failed)",
                        job.getKey(),
                        status.get("status").asText(),
                        status.get("done").asInt(),
                        status.get("total").asInt(),
                        status.get("failed").asInt()));
                allDone &= status.get("status").asText().equals("completed");
            }
            System.out.println(line);
            if (allDone) {
                return;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("jobs not completed after " + JOB_TIMEOUT);
            }
            KafkaBroker.sleep(2000);
        }
    }

    private static void report(PlatformClient client, String apiKey, Map<String, String> jobs, Path logs)
            throws IOException {
        System.out.println();
        System.out.println("Execution accuracy of gpt-3.5-turbo (30-shot, recorded predictions) on FootballDB dev");
        System.out.println("data model  items  gold ran  strict EX  set EX  relaxed EX  strict EX (gold ran)  failed");
        Map<String, Map<String, Integer>> failures = new TreeMap<>();
        for (Map.Entry<String, String> job : jobs.entrySet()) {
            JsonNode items = client.results(apiKey, job.getValue());
            int n = items.size();
            int goldRan = 0;
            int strict = 0;
            int set = 0;
            int relaxed = 0;
            int failed = 0;
            for (JsonNode item : items) {
                goldRan += "OK".equals(item.path("goldStatus").asText()) ? 1 : 0;
                strict += item.path("strictMatch").asBoolean() ? 1 : 0;
                set += item.path("setMatch").asBoolean() ? 1 : 0;
                relaxed += item.path("relaxedMatch").asBoolean() ? 1 : 0;
                if (item.path("failed").asBoolean()) {
                    failed++;
                    failures.computeIfAbsent(failureKind(item), k -> new TreeMap<>())
                            .merge(job.getKey(), 1, Integer::sum);
                }
            }
            System.out.printf(
                    "%-10s  %5d  %8d  %8.1f%%  %5.1f%%  %9.1f%%  %19.1f%%  %6d%n",
                    job.getKey(),
                    n,
                    goldRan,
                    100.0 * strict / n,
                    100.0 * set / n,
                    100.0 * relaxed / n,
                    100.0 * strict / Math.max(1, goldRan),
                    failed);
            Files.writeString(logs.resolve("results-" + job.getKey() + ".json"), items.toPrettyString());
        }
        metricsTable(client, apiKey, jobs, logs);
        hardnessAgreement(client, apiKey, jobs);
        System.out.println();
        System.out.println("Failures by reason (count per data model)");
        failures.forEach((kind, perVersion) -> System.out.printf("  %-64s %s%n", kind, perVersion));
        System.out.println("(every metric per item: " + logs + "/results-vN.json)");
    }

    /** Every metric per job from the scorer's summary, with its 95% bootstrap interval; HTML reports saved. */
    private static void metricsTable(PlatformClient client, String apiKey, Map<String, String> jobs, Path logs)
            throws IOException {
        Map<String, JsonNode> overall = new LinkedHashMap<>();
        for (Map.Entry<String, String> job : jobs.entrySet()) {
            overall.put(
                    job.getKey(),
                    client.summary(apiKey, job.getValue()).path("overall").path("metrics"));
            Files.writeString(
                    logs.resolve("report-" + job.getKey() + ".html"), client.reportHtml(apiKey, job.getValue()));
        }
        System.out.println();
        System.out.println("Every metric per job: mean over items whose gold ran [95% bootstrap CI]");
        StringBuilder header = new StringBuilder(String.format("%-22s", "metric"));
        jobs.keySet().forEach(v -> header.append(String.format("  %-22s", v)));
        System.out.println(header);
        Set<String> names = new LinkedHashSet<>();
        overall.values().forEach(m -> m.fieldNames().forEachRemaining(names::add));
        for (String name : names) {
            StringBuilder row = new StringBuilder(String.format("%-22s", name));
            for (JsonNode metrics : overall.values()) {
                JsonNode e = metrics.path(name);
                row.append(
                        e.isMissingNode()
                                ? String.format("  %-22s", "-")
                                : String.format(
                                        "  %.3f [%.3f, %.3f]  ",
                                        e.path("mean").asDouble(),
                                        e.path("ciLow").asDouble(),
                                        e.path("ciHigh").asDouble()));
            }
            System.out.println(row);
        }
        System.out.println("(HTML reports with plots: " + logs + "/report-vN.html)");
    }

    /**
     * Per data model, how often Spider's hardness of the gold SQL agrees with FootballDB's label of the question
     * (the label belongs to the question and was computed on its v3 text, so v1 and v2 agree less).
     */
    private static void hardnessAgreement(PlatformClient client, String apiKey, Map<String, String> jobs) {
        System.out.println();
        for (Map.Entry<String, String> job : jobs.entrySet()) {
            JsonNode agreement = client.summary(apiKey, job.getValue()).path("hardnessAgreement");
            System.out.printf(
                    "%s: Spider hardness of the gold SQL agrees with the dataset's label on %d of %d " + "questions%n",
                    job.getKey(),
                    agreement.path("agree").asInt(),
                    agreement.path("labelled").asInt());
        }
    }

    /** A short failure label: the side that failed first, the SQLSTATE and the error with names elided. */
    static String failureKind(JsonNode item) {
        String first = item.path("reason").asText("unknown").split(";")[0];
        String normalized = first.replaceAll("\"[^\"]*\"", "\"…\"")
                .replaceAll("'[^']*'", "'…'")
                .replaceAll("(column|relation|function) [\\w.]+", "$1 …")
                .replace("ERROR: ", "")
                .replaceAll("Position: \\d+|Hint:.*", "")
                .replaceAll("\\s+", " ")
                .trim();
        return normalized.length() > 64 ? normalized.substring(0, 63) + "…" : normalized;
    }

    private static double seconds(Instant since) {
        return Duration.between(since, Instant.now()).toMillis() / 1000.0;
    }
}
