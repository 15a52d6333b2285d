package dev.snailbench.generator.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.cli.PlatformClient;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.localstack.Stack;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.workbench.refiner.ColumnRef;
import dev.snailbench.workbench.refiner.DatasetSchemas;
import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Schema-Refiner experiment as three MODEL jobs on a registered FootballDB v1 (shared by
 * {@code PlatformEndToEndIT} and {@code RefinerPipelineBenchmark}): each job names its {@code schemaVariant}
 * (original, injected, refined), the generator computes the variant's names, the inference service prompts the
 * backend with them and maps the answer back to the physical names, the executor runs it on the native database.
 * The backend is {@link NameLinkingModel}: the name-linking simulator behind an OpenAI-compatible endpoint, not an
 * LLM.
 */
public final class RefinerModelJobs {

    /** The inference backend name the stack is given for the simulator. */
    public static final String BACKEND = "simulator";

    private RefinerModelJobs() {}

    /** FootballDB v1's dev questions ({@code footballdb/v1/dev.json}). */
    public static JsonNode dev() throws IOException {
        return PlatformClient.json()
                .readTree(DataDir.resolve().resolve("footballdb/v1/dev.json").toFile());
    }

    /** The simulator behind a local OpenAI-compatible endpoint, knowing FootballDB v1's native names and dev gold. */
    public static NameLinkingModel startModel(JsonNode dev) throws IOException {
        DatabaseSchema schema = DatasetSchemas.footballDb(1);
        List<ColumnRef> columns = new ArrayList<>();
        schema.tables().forEach(t -> t.columns().forEach(c -> columns.add(new ColumnRef(t.name(), c.name()))));
        Map<String, String> gold = new HashMap<>();
        dev.forEach(
                q -> gold.put(q.get("question").asText().strip(), q.get("query").asText()));
        return NameLinkingModel.start(columns, gold, SqlDialect.POSTGRESQL);
    }

    /** The stack's settings that make {@link #BACKEND} the simulator at {@code model}'s URL. */
    public static Map<String, String> backend(NameLinkingModel model) {
        return Map.of(
                "snailbench.inference.backends." + BACKEND + ".base-url",
                model.baseUrl(),
                "snailbench.inference.backends." + BACKEND + ".model",
                "name-linking-simulator");
    }

    /** Registers FootballDB v1 with the executor under {@code name} (the name prompts give the database). */
    public static String registerDatabase(
            PlatformClient client, Stack stack, String apiKey, String name, String user, String password) {
        return client.call(
                        "POST",
                        stack.url(Stack.Service.EXECUTOR) + "/databases",
                        Map.of("X-API-Key", apiKey),
                        DatabaseRegistration.postgresql(name, stack.targets().jdbcUrl("footballdb_v1"), user, password),
                        201)
                .get("id")
                .asText();
    }

    /** {@code schemaVariant} of a job spec. */
    public static Map<String, Object> variant(Variant kind, long seed, double rate) {
        return kind == Variant.ORIGINAL
                ? Map.of("kind", "original")
                : Map.of("kind", kind.label(), "seed", seed, "rate", rate);
    }

    /** A model job asking every dev question on {@code kind}'s names of the registered database. */
    public static Map<String, Object> job(String databaseId, Variant kind, long seed, double rate, JsonNode dev) {
        List<Map<String, String>> questions = new ArrayList<>();
        for (JsonNode q : dev) {
            questions.add(SpiderQuestions.question("dev" + q.get("id").asText(), q));
        }
        return StackDatabases.postgresqlJob(
                "Schema-Refiner model job, " + kind.label() + " (seed " + seed + ")",
                StackDatabases.registered(databaseId),
                "nativeSchema",
                "exp_v1",
                "schemaVariant",
                variant(kind, seed, rate),
                "models",
                List.of(Map.of("label", "name-linking-simulator", "backend", BACKEND)),
                "questions",
                questions);
    }

    /** The scorer's recovery report as a table: metric | original | injected | refined | recovery | attained. */
    public static String table(JsonNode recovery) {
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT,
                "%-22s %9s %9s %9s %9s %9s%n",
                "metric",
                "original",
                "injected",
                "refined",
                "recovery",
                "attained"));
        for (JsonNode r : recovery.path("rows")) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%-22s %9.3f %9.3f %9.3f %9s %9s%n",
                    r.get("metric").asText(),
                    r.get("original").asDouble(),
                    r.get("injected").asDouble(),
                    r.get("refined").asDouble(),
                    num(r.get("recovery")),
                    num(r.get("attained"))));
        }
        return sb.toString();
    }

    private static String num(JsonNode n) {
        return n == null || n.isNull() ? "n/a" : String.format(Locale.ROOT, "%.3f", n.asDouble());
    }
}
