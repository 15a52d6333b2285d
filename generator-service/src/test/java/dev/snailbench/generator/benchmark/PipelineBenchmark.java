package dev.snailbench.generator.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.cli.PlatformClient;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.generator.testing.InlineDatabase;
import dev.snailbench.generator.testing.StackDatabases;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.localstack.Stack;
import dev.snailbench.localstack.WarmUp;
import dev.snailbench.testkit.CpuTimes;
import dev.snailbench.testkit.JdbcLoop;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.ResidentMemory;
import dev.snailbench.testkit.TopicVolumes;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The platform against the database's own work, side by side in one run (run on request, after
 * {@code mvn -B -q install -DskipTests}:
 * {@code mvn -B -pl generator-service test -Dtest=PipelineBenchmark -Dsurefire.failIfNoSpecifiedTests=false}).
 *
 * <p>A replay job of N items on FootballDB v1 (prediction = gold, so every item runs two statements) through the
 * packaged services, against the same 2N statements run back to back over one JDBC connection, fetching every
 * row. The executor's per-job gold cache is off; with -Dbench.gold-screening=off the platform runs exactly the
 * statements the loop runs (by default each distinct gold of a job is also screened, as for a team's job).
 * Repeated for 1, 2 and 4 executor consumers at N = 1,000, then N = 10,000; and fairness: a 10-item job of a
 * second tenant submitted while a 10,000-item job runs. Each stack first measures a cold job (the first 1,000-item
 * job of the freshly started services), then the warm-ups, then the warm jobs. Each job's lines give the CPU per
 * work item of each service and the services' CPU as a ratio to the evaluated PostgreSQL's, and each service's
 * resident memory.
 * Beyond the in-memory tier: figures of the packaged platform on the real broker and database.
 */
@RealInfrastructure
class PipelineBenchmark {

    private static final String USER = "bench_reader";
    private static final String PASSWORD = "bench";
    private static final String GOLD_SCREENING = System.getProperty("bench.gold-screening", "flag");

    @Test
    void platformAgainstTheJdbcLoop() throws Exception {
        List<String> lines = new ArrayList<>();
        // -Dbench.consumers=4 -Dbench.large=false: one quick run; -Dbench.consumers= : only N = 10,000 + fairness;
        // -Dbench.sizes=1000,10000: both sizes on every stack; -Dbench.cold=false: no cold job;
        // -Dbench.settings=now,up:
        // also a stack started as ./snailbench up starts it (its warm-up job first), so its cold job is a team's first;
        // -Dbench.settings=up,up-x -Dbench.setting-jvm.up-x="...": the same with a variant beside it.
        // -Dbench.settings=c2,now: also the server compiler at its usual thresholds and more consumers (see C2).
        // -Dbench.replicas="one;executor=2;inference=2": a stack per replica setting (one: every service once).
        for (String settings : System.getProperty("bench.settings", "now").split(",")) {
            for (String consumers :
                    System.getProperty("bench.consumers", "1,2,4").split(",")) {
                if (consumers.isBlank()) {
                    continue;
                }
                for (String replicas :
                        System.getProperty("bench.replicas", "one").split(";")) {
                    lines.addAll(run(
                            Integer.parseInt(consumers.trim()), sizes(), false, settings.trim(), replicas(replicas)));
                }
            }
        }
        if (Boolean.parseBoolean(System.getProperty("bench.large", "true"))) {
            lines.addAll(run(4, List.of(10_000), true, "now", replicas("one")));
        }
        System.out.println();
        lines.forEach(System.out::println);
    }

    /** -Dbench.sizes=1000,10000: the warm jobs measured on each stack (default 1,000). */
    private static List<Integer> sizes() {
        return Arrays.stream(System.getProperty("bench.sizes", "1000").split(","))
                .map(String::trim)
                .filter(size -> !size.isEmpty())
                .map(Integer::valueOf)
                .toList();
    }

    /**
     * The alternative the services' settings are measured against: the server compiler (C2) at its usual thresholds
     * and code cache, and more consumers per replica on each hop. Its JVM options replace the stack's
     * ({@link Stack#SERVICE_JVM_OPTIONS}) instead of following them; they are the JVM's defaults, written out.
     */
    private static final Map<String, String> C2 = Map.of(
            "JVM",
            "-XX:TieredStopAtLevel=4 -XX:CompileThresholdScaling=1 -XX:ReservedCodeCacheSize=240m "
                    + "-XX:Tier3LoadFeedback=5",
            "SNAILBENCH_INFERENCE_CONSUMERS",
            "8",
            "SNAILBENCH_SCORER_CONSUMERS",
            "4",
            "SNAILBENCH_PROGRESS_CONSUMERS",
            "4");

    /** {@code executor=2,inference=2}: replicas per service (the others once); {@code one}: every service once. */
    static Map<Stack.Service, Integer> replicas(String setting) {
        Map<Stack.Service, Integer> replicas = new EnumMap<>(Stack.Service.class);
        for (Stack.Service service : Stack.Service.values()) {
            replicas.put(service, 1);
        }
        if (!setting.isBlank() && !setting.trim().equals("one")) {
            for (String pair : setting.split(",")) {
                String[] parts = pair.split("=");
                replicas.put(
                        Stack.Service.valueOf(parts[0].trim().toUpperCase(Locale.ROOT)),
                        Integer.valueOf(parts[1].trim()));
            }
        }
        return replicas;
    }

    /** ", 2 executor replicas" and the like, or nothing when every service runs once. */
    private static String replicasLabel(Map<Stack.Service, Integer> replicas) {
        StringBuilder label = new StringBuilder();
        replicas.forEach((service, count) -> {
            if (count > 1) {
                label.append(", ")
                        .append(count)
                        .append(' ')
                        .append(service.name().toLowerCase(Locale.ROOT))
                        .append(" replicas");
            }
        });
        return label.toString();
    }

    private static List<String> run(
            int consumers, List<Integer> sizes, boolean fairness, String settings, Map<Stack.Service, Integer> replicas)
            throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<String> out = new ArrayList<>();
        try (Stack stack = Stack.start(
                root,
                DataDir.resolve(),
                root.resolve("generator-service/target/bench-logs"),
                replicas,
                properties(settings),
                environment(consumers, settings))) {
            FootballDb.load(stack.targets(), DataDir.resolve(), "v1");
            FootballDb.grantReader(stack.targets(), "v1", USER, PASSWORD);
            PlatformClient client = stack.client();
            String apiKey = client.createTenant("bench-a");
            Map<String, Object> target = target(stack, client, apiKey);
            List<String[]> statements = statements();
            // -Dbench.settings=now,up: "up" starts as ./snailbench up does, with its start-up warm-up job, done before
            // the first job; "up-beside" (and "up-beside-x"): the warm-up job submitted with the first job, as when a
            // team submits one at up's banner. -Dbench.warm-up-items.<settings>=N: another warm-up size.
            CompletableFuture<Duration> warmUp = null;
            if (startsAsUp(settings)) {
                int items = Integer.getInteger("bench.warm-up-items." + settings, WarmUp.DEFAULT_ITEMS);
                warmUp = CompletableFuture.supplyAsync(() -> WarmUp.run(stack, items));
                if (!settings.startsWith("up-beside")) {
                    System.out.printf(
                            "PipelineBenchmark start-up warm-up (%,d items): %.1f s%n",
                            items, warmUp.join().toMillis() / 1000.0);
                }
            }
            // Cold: the first job of a freshly started platform (-Dbench.cold=false skips it), as a team's first job.
            if (Boolean.parseBoolean(System.getProperty("bench.cold", "true"))) {
                out.addAll(measure(
                        stack,
                        target,
                        client,
                        apiKey,
                        statements,
                        1_000,
                        consumers,
                        settings,
                        (startsAsUp(settings) ? "first after up" : "cold") + replicasLabel(replicas),
                        false));
            }
            if (warmUp != null && settings.startsWith("up-beside")) {
                out.add(String.format(
                        Locale.ROOT,
                        "PipelineBenchmark start-up warm-up beside the first job: %.1f s",
                        warmUp.join().toMillis() / 1000.0));
                System.out.println(out.get(out.size() - 1));
            }
            // Warm-up: JIT, pools and topics, so that the measured runs are steady state. Two 1,000-item jobs: after
            // one 200-item job the services' JIT compilers still took a third of their CPU during the measured job.
            // -Dbench.warm-ups=N: another number of warm-up jobs.
            for (int w = 1; w <= Integer.getInteger("bench.warm-ups", 2); w++) {
                awaitDone(
                        client,
                        apiKey,
                        client.submitJob(apiKey, job(target, "warm-up w" + w, statements, 1_000, "w" + w)),
                        Duration.ofMinutes(10));
            }
            for (int n : sizes) {
                out.addAll(measure(
                        stack,
                        target,
                        client,
                        apiKey,
                        statements,
                        n,
                        consumers,
                        settings,
                        "warm" + replicasLabel(replicas),
                        fairness));
            }
            out.addAll(idle(stack, consumers));
        }
        return out;
    }

    /**
     * What the warm platform costs with no job at all (-Dbench.idle-seconds=N, 0 skips it): the Kafka consumers'
     * poll loops, timers and compilers run during every job too, so this rate is part of each job's CPU per item.
     */
    private static List<String> idle(Stack stack, int consumers) throws InterruptedException {
        int seconds = Integer.getInteger("bench.idle-seconds", 30);
        if (seconds <= 0) {
            return List.of();
        }
        Thread.sleep(5_000); // the last job's commits and timers settle first
        CpuTimes before = CpuTimes.of(stack);
        Instant start = Instant.now();
        Thread.sleep(seconds * 1_000L);
        CpuTimes after = CpuTimes.of(stack);
        double wall = Duration.between(start, Instant.now()).toMillis() / 1000.0;
        List<String> out = List.of(
                "PipelineBenchmark idle executor consumers=" + consumers + ":" + after.perSecondSince(before, wall),
                after.threadsSince(before));
        out.forEach(System.out::println);
        return out;
    }

    /** Settings "up" and its variants "up-x" start as ./snailbench up does, with its start-up warm-up job. */
    private static boolean startsAsUp(String settings) {
        return settings.equals("up") || settings.startsWith("up-");
    }

    /**
     * One measured job of n items, with the JDBC loop just before it, then its timeline, the CPU each process used
     * during it, per thread kind, and each service's resident memory; fairness adds a small job of another tenant.
     */
    private static List<String> measure(
            Stack stack,
            Map<String, Object> target,
            PlatformClient client,
            String apiKey,
            List<String[]> statements,
            int n,
            int consumers,
            String settings,
            String phase,
            boolean fairness)
            throws Exception {
        List<String> out = new ArrayList<>();
        Loop loop = jdbcLoop(stack, statements, n);
        double jdbc = loop.seconds();
        TopicVolumes topicsBefore = TopicVolumes.of(stack.kafka());
        CpuTimes cpuBefore = CpuTimes.of(stack);
        Instant start = Instant.now();
        String jobId = client.submitJob(
                apiKey, job(target, "bench " + phase + " " + n, statements, n, phase.charAt(0) + Integer.toString(n)));
        String fair = "";
        if (fairness) {
            String small = client.createTenant("bench-b");
            Thread.sleep(2_000);
            Instant smallStart = Instant.now();
            String smallJob = client.submitJob(small, job(inline(stack), "small", statements, 10, "s"));
            double smallSeconds = awaitDone(client, small, smallJob, Duration.ofMinutes(10), smallStart);
            JsonNode big = client.job(apiKey, jobId);
            fair = String.format(
                    Locale.ROOT,
                    "; a 10-item job of another tenant, submitted 2 s in, "
                            + "completed in %.1f s (big job then at %d/%d)",
                    smallSeconds,
                    big.get("done").asInt(),
                    big.get("total").asInt());
        }
        double platform = awaitDone(client, apiKey, jobId, Duration.ofMinutes(30), start);
        out.add(String.format(
                Locale.ROOT,
                "PipelineBenchmark N=%,d %s executor consumers=%d%s: platform %.1f s "
                        + "(%.0f items/s), JDBC loop %.1f s (%.0f items/s), ratio %.2fx%s%s",
                n,
                phase,
                consumers,
                settings.equals("c2")
                        ? " (C2 at its usual thresholds, more consumers)"
                        : settings.equals("now") || settings.equals("up")
                                ? ""
                                : " (settings " + settings + ": "
                                        + (System.getProperty("bench.setting." + settings, "") + " "
                                                        + System.getProperty("bench.setting-jvm." + settings, ""))
                                                .trim()
                                        + ")",
                platform,
                n / platform,
                jdbc,
                n / jdbc,
                platform / jdbc,
                GOLD_SCREENING.equals("flag") ? "" : "; gold screening " + GOLD_SCREENING,
                fair));
        System.out.println(out.get(out.size() - 1));
        System.out.println(timeline(stack, jobId, start));
        CpuTimes cpuAfter = CpuTimes.of(stack);
        String cpu = cpuAfter.since(cpuBefore, platform);
        out.add(cpu);
        System.out.println(cpu);
        String perItem = cpuAfter.perItemSince(cpuBefore, n, loop.databaseSeconds());
        out.add(perItem);
        System.out.println(perItem);
        String loopClient = String.format(
                Locale.ROOT,
                "  the JDBC loop's client (its thread: sending the statements, "
                        + "reading every cell as text) %.2f cpu ms per item",
                1000 * loop.clientSeconds() / n);
        out.add(loopClient);
        System.out.println(loopClient);
        String threads = cpuAfter.threadsSince(cpuBefore);
        out.add(threads);
        System.out.println(threads);
        String topics = TopicVolumes.of(stack.kafka()).since(topicsBefore, n);
        out.add(topics);
        System.out.println(topics);
        String memory = ResidentMemory.of(stack);
        out.add(memory);
        System.out.println(memory);
        return out;
    }

    /**
     * Where the time went: for each hop, when its first and last record of the job were stored, in seconds from
     * submission (read from the services' own tables after the run).
     */
    private static String timeline(Stack stack, String jobId, Instant start) throws Exception {
        StringBuilder line = new StringBuilder("  hops (first/last stored, s after POST /jobs):");
        // The executor keeps no record of its own: its results are stored by the scorer.
        String[][] hops = {
            {"inference", "inference.inference_record", "createdAt"}, {"scorer", "scorer.item_result", "scoredAt"}
        };
        try (Connection c = stack.postgres().connect(Postgres.PLATFORM_DATABASE)) {
            for (String[] hop : hops) {
                try (PreparedStatement s = c.prepareStatement(
                        "SELECT min(" + hop[2] + "), max(" + hop[2] + ") FROM " + hop[1] + " WHERE jobId = ?")) {
                    s.setObject(1, UUID.fromString(jobId));
                    try (ResultSet rs = s.executeQuery()) {
                        rs.next();
                        line.append(String.format(
                                Locale.ROOT,
                                " %s %.1f/%.1f",
                                hop[0],
                                seconds(start, rs.getTimestamp(1)),
                                seconds(start, rs.getTimestamp(2))));
                    }
                }
            }
        }
        return line.toString();
    }

    private static double seconds(Instant start, Timestamp at) {
        return at == null ? Double.NaN : Duration.between(start, at.toInstant()).toMillis() / 1000.0;
    }

    /**
     * The executor's gold cache is off, so that the platform runs the loop's statements; with
     * -Dbench.debug-batches=true the services log each batch's wait and handling time (target/bench-logs); with
     * -Dbench.window=N jobs publish with that window.
     */
    private static Map<String, String> properties(String settings) {
        Map<String, String> properties = new HashMap<>(Map.of("snailbench.executor.gold-cache", "false"));
        if (Boolean.getBoolean("bench.debug-batches")) {
            properties.put("quarkus.log.category.\"dev.snailbench.model.delivery\".level", "DEBUG");
        }
        // -Dbench.window=N: another per-job window (snailbench.jobs.window) than the default.
        String window = System.getProperty("bench.window");
        if (window != null && !window.isBlank()) {
            properties.put("snailbench.jobs.window", window.trim());
        }
        // -Dbench.properties="key=value;key=value": more configuration for every service (e.g. Kafka client settings).
        properties.putAll(pairs("bench.properties"));
        // -Dbench.settings=now,x -Dbench.setting.x="key=value;…": a named variant of today's configuration, measured
        // side by side with it in the same run.
        properties.putAll(pairs("bench.setting." + settings));
        return properties;
    }

    /**
     * Executor consumers; with -Dbench.jfr=<dir>, every service records a Java Flight Recording there;
     * -Dbench.jvm-options="..." passes more options to the services' JVMs.
     */
    private static Map<String, String> environment(int consumers, String settings) {
        String jfr = System.getProperty("bench.jfr");
        boolean c2 = settings.equals("c2");
        // The server compiler's run in place of the stack's options, not after them: a later
        // -XX:CompileThresholdScaling
        // does not undo the stack's per-package CompileCommands (the work-item path at a fiftieth of the threshold),
        // so on top of them the comparison would be C2 with the stack's thresholds, not at its usual ones.
        String options = (c2 ? C2.get("JVM") : Stack.SERVICE_JVM_OPTIONS)
                + (jfr == null
                        ? ""
                        : " -XX:StartFlightRecording=settings=profile,dumponexit=true,filename=" + jfr + "/")
                + " "
                + System.getProperty("bench.jvm-options", "") + " "
                // -Dbench.settings=now,x -Dbench.setting-jvm.x="...": JVM options of that variant only.
                + System.getProperty("bench.setting-jvm." + settings, "");
        Map<String, String> environment = new HashMap<>(Map.of(
                "SNAILBENCH_EXECUTOR_CONSUMERS", Integer.toString(consumers), "JAVA_TOOL_OPTIONS", options.trim()));
        if (c2) {
            C2.forEach((name, value) -> {
                if (name.startsWith("SNAILBENCH_")) {
                    environment.put(name, value);
                }
            });
        }
        // -Dbench.env="NAME=value;NAME=value": more environment for every service (e.g. other hops' consumers).
        environment.putAll(pairs("bench.env"));
        // -Dbench.settings=now,x -Dbench.setting-env.x="NAME=value;…": environment of that variant only, e.g.
        // SNAILBENCH_SERVICES_JAVA_HOME=<a JDK> to run its services on another JDK beside today's.
        environment.putAll(pairs("bench.setting-env." + settings));
        return environment;
    }

    /** A system property's {@code name=value;name=value} pairs (also FirstJobsBenchmark's settings). */
    static Map<String, String> pairs(String property) {
        Map<String, String> pairs = new HashMap<>();
        for (String pair : System.getProperty(property, "").split(";")) {
            if (pair.contains("=")) {
                pairs.put(
                        pair.substring(0, pair.indexOf('=')).trim(),
                        pair.substring(pair.indexOf('=') + 1).trim());
            }
        }
        return pairs;
    }

    /** FootballDB v1's train and dev gold queries: [id, question, sql]. */
    private static List<String[]> statements() throws Exception {
        List<String[]> all = new ArrayList<>();
        for (String split : List.of("train", "dev")) {
            PlatformClient.json()
                    .readTree(DataDir.resolve()
                            .resolve("footballdb/v1/" + split + ".json")
                            .toFile())
                    .forEach(q -> all.add(new String[] {
                        split + q.get("id").asText(),
                        q.get("question").asText(),
                        q.get("query").asText()
                    }));
        }
        return all;
    }

    private static Map<String, Object> job(
            Map<String, Object> target, String name, List<String[]> statements, int n, String prefix) {
        List<Map<String, String>> questions = new ArrayList<>();
        List<Map<String, String>> predictions = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String[] s = statements.get(i % statements.size());
            String id = prefix + "-" + i + "-" + s[0];
            questions.add(Map.of("id", id, "question", s[1], "goldSql", s[2]));
            predictions.add(Map.of("questionId", id, "predictedSql", s[2]));
        }
        // -Dbench.gold-screening=off: the platform runs only the statements the JDBC loop runs (the default, flag,
        // also screens each distinct gold of a job: it runs again under other plan settings, and probes its LIMIT).
        Map<String, Object> job = new HashMap<>(Map.of(
                "name",
                name,
                "dialect",
                "postgresql",
                "model",
                "replayed-gold",
                "questions",
                questions,
                "predictions",
                predictions,
                "goldScreening",
                GOLD_SCREENING));
        job.putAll(target);
        return job;
    }

    /** FootballDB v1 named inline in the job (URL, user, password): no schema travels with the items. */
    private static Map<String, Object> inline(Stack stack) {
        return Map.of("database", InlineDatabase.postgresql(stack.targets().jdbcUrl("footballdb_v1"), USER, PASSWORD));
    }

    /**
     * Where the jobs run: FootballDB v1 inline (the default), or, with -Dbench.sample-values=N, FootballDB v1
     * registered by the tenant and asked through a crosswalk, so that every item travels with the team's schema
     * (tables, columns, keys, N sample values per column) as a team's job on its own database does.
     */
    private static Map<String, Object> target(Stack stack, PlatformClient client, String apiKey) {
        Integer samples = Integer.getInteger("bench.sample-values");
        if (samples == null) {
            return inline(stack);
        }
        Map<String, String> key = Map.of("X-API-Key", apiKey);
        String databaseId = StackDatabases.registerPostgresql(
                client, stack, key, "football", stack.targets().jdbcUrl("footballdb_v1"), USER, PASSWORD);
        String crosswalkId = client.callCsv(
                        stack.url(Stack.Service.GENERATOR) + "/crosswalks?name=bench", key, """
                kind,identifier_native,native_level,regular,low,least
                table,club,Regular,club,clb,CB
                """, 201)
                .get("id")
                .asText();
        return Map.of(
                "database",
                StackDatabases.registered(databaseId),
                "nativeSchema",
                "exp_v1",
                "crosswalkId",
                crosswalkId,
                "promptOptions",
                Map.of("sampleValues", samples));
    }

    /**
     * The loop's wall time, the CPU its statements cost PostgreSQL (its backend's), and the CPU its own thread used to
     * send them and read every cell: what any client pays for these rows, the floor under the executor's share.
     */
    private record Loop(double seconds, double databaseSeconds, double clientSeconds) {}

    /** The same 2N statements (gold, then predicted = gold) back to back over one connection, every row read. */
    private static Loop jdbcLoop(Stack stack, List<String[]> statements, int n) throws SQLException {
        try (Connection c = DriverManager.getConnection(stack.targets().jdbcUrl("footballdb_v1"), USER, PASSWORD)) {
            double before = JdbcLoop.backendCpuSeconds(c);
            long clientBefore = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            double seconds =
                    JdbcLoop.seconds(c, statements.stream().map(s -> s[2]).toList(), n);
            double client = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - clientBefore) / 1e9;
            return new Loop(seconds, JdbcLoop.backendCpuSeconds(c) - before, client);
        }
    }

    private static double awaitDone(PlatformClient client, String apiKey, String jobId, Duration timeout) {
        return awaitDone(client, apiKey, jobId, timeout, Instant.now());
    }

    private static double awaitDone(
            PlatformClient client, String apiKey, String jobId, Duration timeout, Instant start) {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            JsonNode status = client.job(apiKey, jobId);
            if (status != null && "completed".equals(status.get("status").asText())) {
                // The job's own clock: when its last verdict was counted (the same machine's clock as start's).
                Instant completed = Instant.parse(status.get("updatedAt").asText());
                return Duration.between(start, completed).toMillis() / 1000.0;
            }
            try {
                // Status calls are load on the generator, whose CPU per item is measured (at 10 per second they were
                // a tenth of its CPU under a job): two per second, the job's time read from its updatedAt.
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("job " + jobId + " not completed in " + timeout + ": " + client.job(apiKey, jobId));
    }
}
