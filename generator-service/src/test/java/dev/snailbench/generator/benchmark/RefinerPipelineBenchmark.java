package dev.snailbench.generator.benchmark;

import static dev.snailbench.workbench.testing.SqlTools.REWRITER;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.cli.PlatformClient;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.generator.testing.InlineDatabase;
import dev.snailbench.generator.testing.RefinerModelJobs;
import dev.snailbench.generator.testing.StackDatabases;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Stack;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.workbench.refiner.NameLinkingSimulator;
import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import dev.snailbench.workbench.refiner.OfflinePackager;
import dev.snailbench.workbench.refiner.RecoveryRun;
import dev.snailbench.workbench.refiner.RefinerRecoveryBenchmark;
import dev.snailbench.workbench.synthetic.LexicalEmbedder;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Schema-Refiner experiment as three replay jobs through the packaged platform (run on request, after
 * {@code mvn -B -q install -DskipTests}:
 * {@code mvn -B -pl generator-service test -Dtest=RefinerPipelineBenchmark -Dsurefire.failIfNoSpecifiedTests=false}).
 *
 * <p>FootballDB v1 with ambiguity injected at rate 0.10 (seed {@code -Drefiner.seed}, default 1) and the refiner's
 * view layer over it. The "model" is the name-linking simulator (a simulation, not an LLM): for every dev question it
 * writes the gold query again against the names the variant shows (original, injected or refined), and that SQL,
 * mapped back to the physical names, is the job's recorded prediction. The three replay jobs then go through the
 * whole pipeline (inference, execution on the team's database, scoring), and the scorer's
 * {@code GET /experiments/recovery.json} prints recovery and attained per metric.
 *
 * <p>{@code -Drefiner.jobs=model} runs the three jobs as MODEL jobs instead ({@link RefinerModelJobs}): the database
 * is registered with the executor, each job names its {@code schemaVariant}, the generator computes the variant's
 * names, the inference service prompts a backend with them and maps its answer back to the physical names. The
 * backend is started by the benchmark: the name-linking simulator behind a local OpenAI-compatible endpoint
 * ({@code NameLinkingModel}), which answers from the names each prompt shows — not an LLM.
 * Beyond the in-memory tier: figures of the packaged platform on the real broker and database.
 */
@RealInfrastructure
class RefinerPipelineBenchmark {

    private static final String USER = "refiner_reader";
    private static final String PASSWORD = "refiner";

    @Test
    void shouldPrintRecoveryAndAttainedOfThreeJobsThroughThePipeline() throws Exception {
        if ("model".equals(System.getProperty("refiner.jobs", "replay"))) {
            modelJobs(Long.getLong("refiner.seed", 1));
        } else {
            replayJobs(Long.getLong("refiner.seed", 1));
        }
    }

    /** The three jobs as model jobs on the variants' names, the simulator behind an OpenAI-compatible endpoint. */
    private static void modelJobs(long seed) throws Exception {
        JsonNode dev = RefinerModelJobs.dev();
        Path root = Path.of("..").toAbsolutePath().normalize();
        try (var model = RefinerModelJobs.startModel(dev);
                Stack stack = Stack.start(
                        root,
                        DataDir.resolve(),
                        root.resolve("generator-service/target/refiner-logs"),
                        EnumSet.allOf(Stack.Service.class),
                        RefinerModelJobs.backend(model))) {
            FootballDb.load(stack.targets(), DataDir.resolve(), "v1");
            FootballDb.grantReader(stack.targets(), "v1", USER, PASSWORD);
            PlatformClient client = stack.client();
            String apiKey = client.createTenant("refiner-model-experiment");
            String databaseId =
                    RefinerModelJobs.registerDatabase(client, stack, apiKey, "footballdb_v1", USER, PASSWORD);
            Instant started = Instant.now();
            Map<Variant, String> jobs = new EnumMap<>(Variant.class);
            for (Variant variant : Variant.values()) {
                jobs.put(
                        variant,
                        client.submitJob(
                                apiKey,
                                RefinerModelJobs.job(databaseId, variant, seed, RefinerRecoveryBenchmark.RATE, dev)));
            }
            for (Map.Entry<Variant, String> job : jobs.entrySet()) {
                awaitCompleted(client, apiKey, job.getValue());
            }
            Duration took = Duration.between(started, Instant.now());
            JsonNode report = recovery(client, stack, apiKey, jobs);
            System.out.printf(
                    "%nSchema-Refiner experiment as MODEL jobs through the pipeline: FootballDB v1, rate %.2f, "
                            + "seed %d, %d dev questions per job; the \"model\" is the name-linking simulator behind a local "
                            + "OpenAI-compatible endpoint (not an LLM), %d prompts answered; the three jobs took %.1f s; "
                            + "jobs %s%n",
                    RefinerRecoveryBenchmark.RATE,
                    seed,
                    dev.size(),
                    model.prompts().size(),
                    took.toMillis() / 1000.0,
                    jobs);
            System.out.println(RefinerModelJobs.table(report));
        }
    }

    private static JsonNode recovery(PlatformClient client, Stack stack, String apiKey, Map<Variant, String> jobs) {
        return client.call(
                "GET",
                stack.url(Stack.Service.SCORER) + "/experiments/recovery.json"
                        + "?original=" + jobs.get(Variant.ORIGINAL) + "&injected=" + jobs.get(Variant.INJECTED)
                        + "&refined=" + jobs.get(Variant.REFINED),
                Map.of(ApiKeys.HEADER, apiKey),
                null,
                200);
    }

    private static void replayJobs(long seed) throws Exception {
        RecoveryRun.Setup setup =
                RecoveryRun.setup(RefinerRecoveryBenchmark.RATE, seed, OfflinePackager.Context.SCHEMA);
        JsonNode dev = PlatformClient.json()
                .readTree(DataDir.resolve().resolve("footballdb/v1/dev.json").toFile());
        Path root = Path.of("..").toAbsolutePath().normalize();
        try (Stack stack = Stack.start(
                root,
                DataDir.resolve(),
                root.resolve("generator-service/target/refiner-logs"),
                EnumSet.allOf(Stack.Service.class))) {
            FootballDb.load(stack.targets(), DataDir.resolve(), "v1");
            FootballDb.grantReader(stack.targets(), "v1", USER, PASSWORD);
            PlatformClient client = stack.client();
            String apiKey = client.createTenant("refiner-experiment");
            Map<Variant, String> jobs = new EnumMap<>(Variant.class);
            for (Variant variant : Variant.values()) {
                NameLinkingSimulator simulator =
                        NameLinkingSimulator.link(setup.variants().shown(variant), new LexicalEmbedder());
                jobs.put(variant, client.submitJob(apiKey, job(stack, variant, seed, dev, simulator, setup)));
            }
            for (Map.Entry<Variant, String> job : jobs.entrySet()) {
                awaitCompleted(client, apiKey, job.getValue());
            }
            JsonNode report = recovery(client, stack, apiKey, jobs);
            System.out.printf(
                    "%nSchema-Refiner experiment through the pipeline: FootballDB v1, rate %.2f, seed %d, "
                            + "%d dev questions per job, name-linking simulator (not an LLM); jobs %s%n",
                    RefinerRecoveryBenchmark.RATE, seed, dev.size(), jobs);
            System.out.println(RefinerModelJobs.table(report));
        }
    }

    /** A replay job on the team's database whose predictions are the simulator's answers for this variant. */
    private static Map<String, Object> job(
            Stack stack,
            Variant variant,
            long seed,
            JsonNode dev,
            NameLinkingSimulator simulator,
            RecoveryRun.Setup setup) {
        List<Map<String, String>> questions = new ArrayList<>();
        List<Map<String, String>> predictions = new ArrayList<>();
        for (JsonNode q : dev) {
            String id = "dev" + q.get("id").asText();
            String gold = q.get("query").asText();
            String predicted = simulator.predict(REWRITER, gold, SqlDialect.POSTGRESQL);
            questions.add(Map.of("id", id, "question", q.get("question").asText(), "goldSql", gold));
            predictions.add(
                    Map.of("questionId", id, "predictedSql", setup.variants().toNative(REWRITER, variant, predicted)));
        }
        return StackDatabases.postgresqlJob(
                "Schema-Refiner " + variant.label() + " (seed " + seed + ")",
                InlineDatabase.postgresql(stack.targets().jdbcUrl("footballdb_v1"), USER, PASSWORD),
                "model",
                "name-linking-simulator",
                "questions",
                questions,
                "predictions",
                predictions);
    }

    private static void awaitCompleted(PlatformClient client, String apiKey, String jobId) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(10));
        while (Instant.now().isBefore(deadline)) {
            String status = client.job(apiKey, jobId).path("status").asText();
            if (status.equals("completed")) {
                return;
            }
            if (status.equals("failed") || status.equals("cancelled")) {
                throw new AssertionError("job " + jobId + " ended " + status);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("job " + jobId + " did not complete in 10 minutes");
    }
}
