package dev.snailbench.generator.benchmark;

import dev.snailbench.cli.PlatformClient;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.generator.testing.RefinerModelJobs;
import dev.snailbench.generator.testing.StackDatabases;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Stack;
import dev.snailbench.localstack.WarmUp;
import dev.snailbench.testkit.RealInfrastructure;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A team's first submissions on a freshly started platform, side by side for several settings in one run (run on
 * request, after {@code mvn -B -q install -DskipTests}:
 * {@code mvn -B -pl generator-service test -Dtest=FirstJobsBenchmark -Dsurefire.failIfNoSpecifiedTests=false}).
 *
 * <p>Each stack starts as {@code ./snailbench up} starts it, start-up warm-up job included; then a new tenant
 * registers FootballDB v1 and submits {@code -Dbench.jobs} one-question jobs on it one after another, and the line
 * gives how long each {@code POST /jobs} took (it answers once the generator has stored the job). Settings:
 * {@code -Dbench.settings=now,x} with {@code -Dbench.setting.x="key=value;…"} (properties for every service),
 * repeated {@code -Dbench.rounds} times, alternating.
 * Beyond the in-memory tier: figures of the platform as started on the real broker and database.
 */
@RealInfrastructure
class FirstJobsBenchmark {

    private static final String USER = "bench_reader";
    private static final String PASSWORD = "bench";

    @Test
    void firstSubmissionsOfATeamAfterStartUp() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int round = 1; round <= Integer.getInteger("bench.rounds", 2); round++) {
            for (String settings : System.getProperty("bench.settings", "now").split(",")) {
                lines.add(run(settings.trim(), round));
                System.out.println(lines.get(lines.size() - 1));
            }
        }
        System.out.println();
        lines.forEach(System.out::println);
    }

    private static String run(String settings, int round) throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        try (Stack stack = Stack.start(
                root,
                DataDir.resolve(),
                root.resolve("generator-service/target/bench-logs"),
                EnumSet.allOf(Stack.Service.class),
                PipelineBenchmark.pairs("bench.setting." + settings),
                Map.of())) {
            FootballDb.load(stack.targets(), DataDir.resolve(), "v1");
            FootballDb.grantReader(stack.targets(), "v1", USER, PASSWORD);
            WarmUp.run(stack, WarmUp.DEFAULT_ITEMS);
            PlatformClient client = stack.client();
            String apiKey = client.createTenant("first-jobs");
            String databaseId = RefinerModelJobs.registerDatabase(client, stack, apiKey, "football", USER, PASSWORD);
            List<Long> millis = new ArrayList<>();
            for (int i = 0; i < Integer.getInteger("bench.jobs", 12); i++) {
                Instant start = Instant.now();
                client.submitJob(
                        apiKey,
                        StackDatabases.postgresqlJob(
                                "first " + i,
                                StackDatabases.registered(databaseId),
                                "model",
                                "replayed-gold",
                                "questions",
                                List.of(Map.of(
                                        "id",
                                        "q" + i,
                                        "question",
                                        "How many clubs are there?",
                                        "goldSql",
                                        "SELECT count(*) FROM club")),
                                "predictions",
                                List.of(Map.of("questionId", "q" + i, "predictedSql", "SELECT count(*) FROM club"))));
                millis.add(Duration.between(start, Instant.now()).toMillis());
            }
            return String.format(
                    Locale.ROOT,
                    "FirstJobsBenchmark %s round %d: POST /jobs ms %s; over 1 s: %d; " + "longest %,d",
                    settings,
                    round,
                    millis,
                    millis.stream().filter(ms -> ms > 1_000).count(),
                    millis.stream().mapToLong(Long::longValue).max().orElse(0));
        }
    }
}
