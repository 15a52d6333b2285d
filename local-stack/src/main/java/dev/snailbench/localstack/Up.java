package dev.snailbench.localstack;

import dev.snailbench.cli.Endpoints;
import dev.snailbench.cli.Suggest;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.datasets.FootballDbFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code ./snailbench up}: starts Kafka, PostgreSQL and the five services on this machine and keeps them up until
 * Ctrl-C (or the process is stopped), then stops everything it started. Prints every URL, the admin key and where
 * the logs are. Options: {@code --footballdb} loads FootballDB v1–v3 into the teams' PostgreSQL (a server of their
 * own, not the platform's), where each tenant gets a read-only login of its own ({@link FootballDbLogin});
 * {@code --data-dir DIR} reads the public datasets from DIR (default: the {@code SNAILBENCH_DATA_DIR} environment variable, else {@code ../shared/data} next to the
 * checkout); {@code --backend NAME=URL[,model=M][,key-env=VAR]} (repeatable) gives the inference service an
 * OpenAI-compatible model backend that jobs name in {@code models[].backend}, the first one also the schema
 * workbench's LLM features ({@link Backend}). The console shows the platform's own
 * lines: the embedded PostgreSQL servers' output (and their server logs) go to {@code postgres.log} beside the
 * services' logs. {@code --warm-up N} (default {@value WarmUp#DEFAULT_ITEMS}, 0: none) runs an N-item job through the
 * services once the platform says it is up ({@link WarmUp}), so that the JVMs are warm for a team's jobs.
 * {@code --replicas executor=2,inference=2} runs several replicas of any service (1 to {@value Stack#PARTITIONS}, the
 * partitions of each topic), each on its own port, on the one broker and platform database; every replica is listed,
 * and the command-line client and the web UI work through any generator replica.
 */
public final class Up {

    /** The line that tells a script or a test that the platform is ready; the URLs and the key are above it. */
    public static final String READY = "Snailbench is up.";

    /** The start of the line that says the warm-up job has completed (after {@link #READY}). */
    public static final String WARMED_UP = "Warm-up done";

    private Up() {}

    public static void main(String[] args) throws Exception {
        Options options;
        Map<String, String> backendKeys;
        ServiceJava serviceJava;
        try {
            options = Options.parse(args);
            backendKeys = Backend.environment(options.backends, System.getenv());
            serviceJava = ServiceJava.from(Map.of());
        } catch (IllegalArgumentException e) {
            System.err.println("snailbench up: " + e.getMessage());
            System.err.println("usage: ./snailbench up [--footballdb] [--data-dir DIR] [--warm-up N] "
                    + "[--replicas SERVICE=N[,SERVICE=N]...] [--backend NAME=URL[,model=M][,key-env=VAR]]...");
            System.exit(2);
            return;
        }
        if (options.dataDir != null) {
            System.setProperty("snailbench.data-dir", options.dataDir);
        }
        Path data = DataDir.resolve();
        Path logs = options.root.resolve("target/up-logs");
        Stack.logThirdPartyTo(logs);
        Instant started = Instant.now();
        System.out.println("Starting Kafka, PostgreSQL and the five services" + replicasNote(options.replicas)
                + " (Java " + serviceJava.version() + ", data " + data + ", logs " + logs + ") ...");
        // The web UI (the generator's page, on a loopback port) calls the scorer: only loopback pages may (CORS).
        Map<String, String> properties = new HashMap<>(Backend.properties(options.backends));
        properties.put("quarkus.http.cors.origins", "/http://127\\.0\\.0\\.1:[0-9]+/");
        // FootballDB: the teams' server starts on a copy of a cluster with every version loaded (loaded once). The
        // warm-up's database is made on it as soon as it runs, while the broker and the other server start.
        AtomicReference<String> warmUpPassword = new AtomicReference<>();
        Stack stack = Stack.start(options.root, data, logs, options.replicas, properties, backendKeys, () -> {
            Postgres teams = options.footballDb ? FootballDb.startLoaded(data) : Postgres.start();
            if (options.warmUpItems > 0) {
                try {
                    warmUpPassword.set(WarmUp.prepare(teams));
                } catch (RuntimeException e) {
                    teams.close();
                    throw e;
                }
            }
            return teams;
        });
        CountDownLatch stopped = new CountDownLatch(1);
        // Ctrl-C or kill: stop the services, the broker and the database before the JVM exits.
        Path endpoints = options.root.resolve(Endpoints.FILE);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            System.out.println("Stopping Snailbench ...");
                            try {
                                Files.deleteIfExists(endpoints);
                            } catch (IOException e) {
                                System.out.println("could not remove " + endpoints + ": " + e.getMessage());
                            }
                            stack.close();
                            System.out.println("Stopped.");
                            stopped.countDown();
                        },
                        "snailbench-up-stop"));
        Map<String, Duration> phases = new LinkedHashMap<>(stack.startPhases());
        if (options.footballDb) {
            Instant loading = Instant.now();
            for (String version : FootballDbFiles.VERSIONS) {
                FootballDb.load(stack.targets(), data, version);
            }
            phases.put(
                    "FootballDB v1-v3 checked (loaded with the teams' server)",
                    Duration.between(loading, Instant.now()));
        }
        writeEndpoints(stack, options);
        Duration took = Duration.between(started, Instant.now());
        printPhases(phases, took);
        print(stack, options, logs, took);
        if (options.warmUpItems > 0) {
            warmUp(stack, options.warmUpItems, warmUpPassword.get());
        }
        // After a build: each service's class-data archive, for the next start (the JVMs pause while writing).
        stack.writeClassDataArchives();
        stopped.await();
    }

    /**
     * The warm-up job, once the platform accepts jobs: a team's job submitted meanwhile runs beside it. A failed
     * warm-up is reported and leaves the platform up (its services answered; the warm-up tenant's job did not end).
     */
    private static void warmUp(Stack stack, int items, String password) {
        System.out.printf(
                Locale.ROOT,
                "Warming up: a %,d-item replay job on a database of its own (tenant %s; "
                        + "--warm-up 0 skips it) ...%n",
                items,
                WarmUp.TENANT);
        try {
            Duration warmUp = WarmUp.run(stack, items, password);
            System.out.printf(Locale.ROOT, "%s in %.1f s.%n", WARMED_UP, warmUp.toMillis() / 1000.0);
        } catch (RuntimeException e) {
            System.err.println("snailbench up: the warm-up job failed (the platform stays up; see the services' "
                    + "logs): " + e.getMessage());
        }
    }

    /** Where the start-up's seconds went, one line per phase, and what is left (this JVM's own start and the rest). */
    private static void printPhases(Map<String, Duration> phases, Duration total) {
        System.out.println("Start-up phases:");
        long accounted = 0;
        for (Map.Entry<String, Duration> phase : phases.entrySet()) {
            System.out.printf(Locale.ROOT, "  %6.1f s  %s%n", phase.getValue().toMillis() / 1000.0, phase.getKey());
            accounted += phase.getValue().toMillis();
        }
        System.out.printf(
                Locale.ROOT,
                "  %6.1f s  the rest (endpoints, logins, banner)%n",
                Math.max(0, total.toMillis() - accounted) / 1000.0);
    }

    /** ", with 2 executor replicas" and the like, or nothing when every service runs once. */
    static String replicasNote(Map<Stack.Service, Integer> replicas) {
        List<String> several = replicas.entrySet().stream()
                .filter(e -> e.getValue() > 1)
                .map(e -> e.getValue() + " " + e.getKey().name().toLowerCase(Locale.ROOT) + " replicas")
                .toList();
        return several.isEmpty() ? "" : ", with " + String.join(", ", several);
    }

    /**
     * The URLs and the admin key, for {@code ./snailbench tenant|db|job|report} ({@link Endpoints}): each service's
     * first replica under its name, the others as {@code <name>.<number>}; with FootballDB, where the teams' server is
     * and its superuser, for {@code ./snailbench footballdb login} ({@link FootballDbLogin}).
     */
    private static void writeEndpoints(Stack stack, Options options) throws IOException {
        Map<String, String> endpoints = new LinkedHashMap<>();
        for (Stack.Instance instance : stack.instances()) {
            String name = instance.service().module().replace("-service", "");
            endpoints.put(instance.number() == 1 ? name : name + "." + instance.number(), stack.url(instance));
        }
        endpoints.put("adminKey", stack.adminKey());
        if (options.footballDb) {
            endpoints.put(FootballDbLogin.FOOTBALLDB, String.join(",", FootballDbFiles.VERSIONS));
            endpoints.put(FootballDbLogin.TEAMS_SERVER, stack.targets().hostAndPort());
            endpoints.put(FootballDbLogin.TEAMS_SUPERUSER, Postgres.USER);
            endpoints.put(FootballDbLogin.TEAMS_SUPERUSER_PASSWORD, Postgres.PASSWORD);
        }
        Endpoints.write(options.root, endpoints);
    }

    private static void print(Stack stack, Options options, Path logs, Duration took) {
        List<String> lines = new ArrayList<>();
        lines.add("");
        for (Stack.Instance instance : stack.instances()) {
            lines.add(String.format(
                    Locale.ROOT,
                    "  %-20s %s   (API docs %s/q/swagger-ui)",
                    instance.name(),
                    stack.url(instance),
                    stack.url(instance)));
        }
        lines.add("");
        for (Stack.Instance generator : stack.instances(Stack.Service.GENERATOR)) {
            lines.add("  web UI                   " + stack.url(generator) + "/ui/index.html   (sign in with "
                    + "a tenant's API key; the page asks the scorer at " + stack.url(Stack.Service.SCORER) + ")");
        }
        lines.add("  admin key (X-Admin-Key)  " + stack.adminKey());
        lines.add("  Kafka                    " + stack.kafka().bootstrapServers());
        lines.add("  platform PostgreSQL      " + stack.postgres().jdbcUrl(Postgres.PLATFORM_DATABASE) + " (services' "
                + "login " + Postgres.PLATFORM_USER + " / " + Postgres.PLATFORM_PASSWORD
                + "; not a valid team database)");
        lines.add("  teams' PostgreSQL        " + stack.targets().jdbcUrl("postgres") + " (superuser " + Postgres.USER
                + " / " + Postgres.PASSWORD + "; the executor's only allowed network)");
        if (options.footballDb) {
            lines.add("  FootballDB v1-v3         " + stack.targets().jdbcUrl("footballdb_v1") + " (and _v2, _v3; "
                    + "each tenant gets its own read-only login: ./snailbench footballdb login <tenant>)");
        }
        for (Backend backend : options.backends) {
            lines.add("  LLM backend "
                    + String.format(
                            Locale.ROOT,
                            "%-12s %s (model %s%s)",
                            backend.name(),
                            backend.url(),
                            backend.model(),
                            backend.keyEnv() == null ? "" : ", key from $" + backend.keyEnv()));
        }
        Backend.workbench(options.backends)
                .ifPresent(b -> lines.add("  workbench LLM            " + b.name()
                        + " (crosswalk expansion, refiner packages, synthetic questions)"));
        lines.add("  logs                     " + logs + "/<service>.log (<service>-2.log, ... for more replicas), "
                + "postgres.log");
        lines.add("");
        lines.add("  First steps (the command-line client finds this platform through " + Endpoints.FILE
                + (stack.instances(Stack.Service.GENERATOR).size() > 1
                        ? "; SNAILBENCH_GENERATOR_URL points it at another generator replica"
                        : "")
                + "):");
        lines.add("    ./snailbench tenant create my-team");
        if (options.footballDb) {
            lines.add(
                    "    ./snailbench footballdb login my-team     (its own FootballDB login, and how to register it)");
        }
        lines.add("  or with curl: create a tenant (returns its API key)");
        lines.add("    curl -s -X POST " + stack.url(Stack.Service.GENERATOR) + "/tenants -H 'X-Admin-Key: "
                + stack.adminKey() + "' -H 'Content-Type: application/json' -d '{\"name\": \"my-team\"}'");
        lines.add("");
        lines.add(String.format(
                Locale.ROOT, "%s Ready in %.1f s. Ctrl-C stops everything.", READY, took.toMillis() / 1000.0));
        lines.forEach(System.out::println);
    }

    /** Command-line options. */
    record Options(
            Path root,
            boolean footballDb,
            String dataDir,
            List<Backend> backends,
            int warmUpItems,
            Map<Stack.Service, Integer> replicas) {

        static Options parse(String[] args) {
            if (args.length == 0) {
                throw new IllegalArgumentException("the checkout's directory is the first argument");
            }
            Path root = Path.of(args[0]).toAbsolutePath().normalize();
            boolean footballDb = false;
            String dataDir = null;
            List<Backend> backends = new ArrayList<>();
            int warmUpItems = WarmUp.DEFAULT_ITEMS;
            Map<Stack.Service, Integer> replicas = new EnumMap<>(Stack.Service.class);
            for (Stack.Service service : Stack.Service.values()) {
                replicas.put(service, 1);
            }
            for (int i = 1; i < args.length; i++) {
                switch (args[i]) {
                    case "--footballdb" -> footballDb = true;
                    case "--data-dir" -> {
                        if (i + 1 >= args.length) {
                            throw new IllegalArgumentException("--data-dir needs a directory");
                        }
                        dataDir = args[++i];
                    }
                    case "--warm-up" -> {
                        if (i + 1 >= args.length) {
                            throw new IllegalArgumentException("--warm-up needs a number of items (0: none)");
                        }
                        warmUpItems = warmUpItems(args[++i]);
                    }
                    case "--replicas" -> {
                        if (i + 1 >= args.length) {
                            throw new IllegalArgumentException(
                                    "--replicas needs SERVICE=N[,SERVICE=N]..., e.g. " + "executor=2,inference=2");
                        }
                        replicas.putAll(replicas(args[++i]));
                    }
                    case "--backend" -> {
                        if (i + 1 >= args.length) {
                            throw new IllegalArgumentException("--backend needs NAME=URL[,model=M][,key-env=VAR]");
                        }
                        Backend backend = Backend.parse(args[++i]);
                        if (backends.stream().anyMatch(b -> b.name().equals(backend.name()))) {
                            throw new IllegalArgumentException("--backend " + backend.name() + " is given twice");
                        }
                        backends.add(backend);
                    }
                    default ->
                        throw new IllegalArgumentException("unknown option " + args[i]
                                + Suggest.hint(
                                        args[i],
                                        List.of("--footballdb", "--data-dir", "--backend", "--warm-up", "--replicas")));
                }
            }
            return new Options(
                    root,
                    footballDb,
                    dataDir,
                    List.copyOf(backends),
                    warmUpItems,
                    Collections.unmodifiableMap(replicas));
        }

        /** {@code executor=2,inference=2}: a count per service named (without {@code -service}, any case). */
        static Map<Stack.Service, Integer> replicas(String value) {
            Map<Stack.Service, Integer> counts = new EnumMap<>(Stack.Service.class);
            List<String> names = Arrays.stream(Stack.Service.values())
                    .map(s -> s.name().toLowerCase(Locale.ROOT))
                    .toList();
            for (String pair : value.split(",", -1)) {
                int eq = pair.indexOf('=');
                String name = (eq < 0 ? pair : pair.substring(0, eq))
                        .trim()
                        .toLowerCase(Locale.ROOT)
                        .replaceFirst("-service$", "");
                if (!names.contains(name)) {
                    throw new IllegalArgumentException("--replicas: unknown service '" + name + "' (one of "
                            + String.join(", ", names) + ")" + Suggest.hint(name, names));
                }
                Stack.Service service = Stack.Service.valueOf(name.toUpperCase(Locale.ROOT));
                if (counts.containsKey(service)) {
                    throw new IllegalArgumentException("--replicas: " + name + " is given twice");
                }
                String count = eq < 0 ? "" : pair.substring(eq + 1).trim();
                try {
                    int n = Integer.parseInt(count);
                    if (n >= 1 && n <= Stack.PARTITIONS) {
                        counts.put(service, n);
                        continue;
                    }
                } catch (NumberFormatException e) {
                    // Answered below, with the accepted range.
                }
                throw new IllegalArgumentException("--replicas: " + name + " takes a number of replicas from 1 to "
                        + Stack.PARTITIONS + " (the partitions of each topic), got '" + count + "'");
            }
            return counts;
        }

        private static int warmUpItems(String value) {
            try {
                int items = Integer.parseInt(value);
                if (items >= 0 && items <= 100_000) {
                    return items;
                }
            } catch (NumberFormatException e) {
                // Answered below, with the accepted range.
            }
            throw new IllegalArgumentException(
                    "--warm-up takes a number of items from 0 (none) to 100000, got '" + value + "'");
        }
    }
}
