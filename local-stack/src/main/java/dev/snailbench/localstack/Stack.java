package dev.snailbench.localstack;

import dev.snailbench.cli.PlatformClient;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.GroupState;

/**
 * The whole platform on one machine: a Kafka broker, the platform's PostgreSQL server, a second PostgreSQL server
 * for the teams' databases (FootballDB in the demo) and the five services, each in its own JVM started from its
 * built {@code target/quarkus-app}. The services log in to the platform's database as its non-superuser role; the
 * executor may reach the teams' server and nothing else on this machine (its allowed network is that server's
 * address and port), exactly the rules of a production deployment. Used by the demo and the end-to-end test.
 */
public final class Stack implements AutoCloseable {

    /** The work-item path's packages, compiled at a fiftieth of the usual threshold ({@link #SERVICE_JVM_OPTIONS}). */
    public static final List<String> JOB_PATH_PACKAGES = List.of(
            "dev.snailbench",
            "org.apache.kafka",
            "io.vertx",
            "io.netty",
            "com.fasterxml.jackson",
            "io.smallrye.mutiny",
            "io.smallrye.reactive",
            "org.hibernate.reactive",
            "net.sf.jsqlparser",
            "org.postgresql");

    /**
     * JVM options of the services but the classifier, in their environment (JAVA_TOOL_OPTIONS, which a caller's
     * environment may replace). The client compiler only: measured by PipelineBenchmark on 2 cores, the server compiler
     * (C2) still took about a third of the services' CPU during a 1,000-item job after four warm-up jobs (a Quarkus
     * service is a lot of code to compile) and its faster code did not pay that back: with C1 alone the same job used
     * 30 % less CPU. And the code of the work-item path ({@link #JOB_PATH_PACKAGES}: the platform's own, the Kafka
     * client, Vert.x and Netty, Jackson, Mutiny and the messaging connector, Hibernate Reactive, the SQL parser, the
     * JDBC driver of the teams' databases) is compiled after a fiftieth of the usual calls (4 instead of 200): much of
     * a service's work runs once per batch of records, not once per item, so at the usual threshold it was still
     * interpreted during a third 10,000-item job (a fifth of the generator's CPU, a sixth of the inference service's),
     * and more of it during a team's first job. Only that code: the rest runs mostly once, at start (CDI,
     * configuration, Hibernate's boot, the JDK's class loading), and at the low threshold the compiler spends more than
     * half of a service's CPU to start on it (3.3 of 6.7 CPU-s for the generator, against 1.9 with the job path's code
     * alone at the low threshold). The extra code costs about 20 MiB of resident memory per service; the code cache is
     * made larger so that it never fills. And the threshold stays low while the compiler is busy: by default the JVM
     * multiplies it by the compile queue's length over five, so during the start-up warm-up, when thousands of methods
     * wait, a method called once per parsed statement or per batch needed 50 calls or more and was compiled only during
     * a team's first job (the SQL parser's entry points among them, in four services): with the load feedback off, that
     * job used a sixth less CPU. The broker runs with the client compiler too ({@link KafkaBroker}). Joined at run
     * time, not a compile-time constant: a constant would be copied into the classes that read it (the benchmarks),
     * which would then keep the options of the local-stack build they were compiled against when an A/B swaps the
     * installed jar.
     */
    public static final String SERVICE_JVM_OPTIONS = String.join(
            " ",
            "-XX:TieredStopAtLevel=1",
            "-XX:ReservedCodeCacheSize=96m",
            "-XX:Tier3LoadFeedback=100000",
            // The per-method threshold below, without a line on the console for each package.
            "-XX:CompileCommand=quiet",
            jobPathThresholds());

    private static String jobPathThresholds() {
        return JOB_PATH_PACKAGES.stream()
                .map(p -> "-XX:CompileCommand=CompileThresholdScaling," + p + ".*::*,0.02")
                .collect(Collectors.joining(" "));
    }

    /**
     * The classifier's JVM options (JAVA_TOOL_OPTIONS): the client compiler alone at its usual thresholds. The server
     * compiler spent 3.5 of the classifier's 9 CPU-seconds to start on code that runs once, and classifying 30,000
     * identifiers after that took 4.0 CPU-s with it against 1.7 without it (its compilations outweigh its faster loop
     * at these sizes). Usual thresholds: the classifier is idle during a job, so nothing needs compiling early.
     */
    public static final String CLASSIFIER_JVM_OPTIONS = "-XX:TieredStopAtLevel=1";

    /**
     * Every service's C allocator: two malloc arenas instead of glibc's eight per core, which each kept the native
     * memory of the threads (Netty, Kafka, JIT) that once used them.
     */
    public static final Map<String, String> SERVICE_ENVIRONMENT = Map.of("MALLOC_ARENA_MAX", "2");

    /** The five services, with the module each is built in. */
    public enum Service {
        GENERATOR("generator-service"),
        CLASSIFIER("classifier-service"),
        INFERENCE("inference-service"),
        EXECUTOR("executor-service"),
        SCORER("scorer-service");

        private final String module;

        Service(String module) {
            this.module = module;
        }

        public String module() {
            return module;
        }
    }

    /**
     * One process of a service: the service and its number among the service's replicas, 1 for the first. Replicas of
     * a service share its consumer groups (the work of its topics' partitions) and the platform database.
     */
    public record Instance(Service service, int number) {

        /**
         * The module's name for the first replica, then {@code -2}, {@code -3}: its first launch's log is
         * {@code <name>.log}, each restart's {@code <name>.restart-<n>.log} ({@link Stack#log}).
         */
        public String name() {
            return number == 1 ? service.module() : service.module() + "-" + number;
        }

        @Override
        public String toString() {
            return name();
        }
    }

    /**
     * Partitions of every topic of the stack's broker: a service may run as that many replicas at most, since a
     * consumer group gives each partition to one consumer (more replicas would idle).
     */
    public static final int PARTITIONS = 4;

    private static final Duration READY_TIMEOUT = Duration.ofMinutes(4);

    /** The Kafka connector's prefix of every client id of a service (SmallRye's {@code client-id-prefix}). */
    private static final String CLIENT_ID_PREFIX = "mp.messaging.connector.smallrye-kafka.client-id-prefix";

    /** The generator's setting that gives the web UI the scorer's address ({@code GET /ui/config}). */
    static final String UI_SCORER_URL = "snailbench.generator.ui.scorer-url";

    /** Set once more if the broker had to start again on other ports ({@link KafkaBroker#awaitStarted}). */
    private volatile KafkaBroker kafka;

    private final Postgres postgres;
    private final Postgres targets;
    /** Every instance started, in service and number order; a killed one stays until it is restarted or gone. */
    private final Map<Instance, Process> processes =
            new ConcurrentSkipListMap<>(Comparator.comparing(Instance::service).thenComparingInt(Instance::number));

    private final Map<Instance, Integer> ports = new ConcurrentHashMap<>();
    /**
     * Every launch's client-id prefix ({@code <name>.<launch>.}) and its process: a consumer group's member says by its
     * client id which process it is, and whether that process still runs.
     */
    private final Map<String, Process> launches = new ConcurrentHashMap<>();

    private final Map<Instance, String> currentLaunch = new ConcurrentHashMap<>();
    /** Each instance's launches so far: a restart writes a log of its own, the earlier one kept for a reader. */
    private final Map<Instance, Integer> launchesOf = new ConcurrentHashMap<>();
    /** The log of each instance's current launch. */
    private final Map<Instance, Path> logs = new ConcurrentHashMap<>();
    /** The launches that are to write their service's class-data archive once ready, and where. */
    private final Map<Process, ArchivePart> archiveParts = new ConcurrentHashMap<>();
    /** Class-data archives being written in the background ({@link #writeClassDataArchives}). */
    private final List<CompletableFuture<Void>> dumps = new java.util.concurrent.CopyOnWriteArrayList<>();

    private final AtomicInteger launchCount = new AtomicInteger();
    /** The highest number each service's replicas have had: an added replica takes the next one. */
    private final Map<Service, Integer> numbersUsed = new ConcurrentHashMap<>();

    private final String adminKey;
    private final String secretsKey = Base64.getEncoder().encodeToString(randomBytes(32));
    private final Map<String, String> properties;
    private final Map<String, Duration> phases = new LinkedHashMap<>();
    private Map<String, String> environment = Map.of();
    /** Environment variables of single replicas, on top of the stack's ({@link #add(Service, Map)}). */
    private final Map<Instance, Map<String, String>> instanceEnvironment = new ConcurrentHashMap<>();

    private ServiceJava serviceJava;
    private Path root;
    private Path dataDir;
    private Path logDir;
    /** The scorer's port, chosen before anything starts so that the generator can give it to the web UI; 0: none. */
    private int scorerPort;

    private Stack(
            KafkaBroker kafka, Postgres postgres, Postgres targets, String adminKey, Map<String, String> properties) {
        this.kafka = kafka;
        this.postgres = postgres;
        this.targets = targets;
        this.adminKey = adminKey;
        this.properties = Map.copyOf(properties);
    }

    /**
     * Sends what the libraries of this JVM log (the embedded PostgreSQL's start-up, and every line its server
     * writes, such as the ERROR of a failing gold query) to {@code postgres.log} in the log directory instead of the
     * console. Must run before anything logs: slf4j-simple reads the setting once.
     */
    public static void logThirdPartyTo(Path logs) throws IOException {
        Files.createDirectories(logs);
        System.setProperty(
                "org.slf4j.simpleLogger.logFile", logs.resolve("postgres.log").toString());
    }

    /**
     * Starts everything and waits until every service is ready: ready over HTTP, its consumer groups settled.
     *
     * @param projectRoot the checkout, whose modules have been packaged ({@code mvn install -DskipTests})
     * @param logDir      where each service's output goes ({@code <module>.log})
     */
    public static Stack start(Path projectRoot, Path dataDir, Path logDir) {
        return start(projectRoot, dataDir, logDir, EnumSet.allOf(Service.class));
    }

    /** Starts Kafka, PostgreSQL and only the given services. */
    public static Stack start(Path projectRoot, Path dataDir, Path logDir, Set<Service> services) {
        return start(projectRoot, dataDir, logDir, services, Map.of());
    }

    /**
     * Starts Kafka, PostgreSQL and the given services, each with the given configuration properties on top of its
     * own (e.g. a short job-watchdog deadline for a test).
     */
    public static Stack start(
            Path projectRoot, Path dataDir, Path logDir, Set<Service> services, Map<String, String> properties) {
        return start(projectRoot, dataDir, logDir, services, properties, Map.of());
    }

    /**
     * As above, with environment variables on top (e.g. {@code SNAILBENCH_EXECUTOR_CONSUMERS}); the services run on the
     * JDK that {@value ServiceJava#HOME_VARIABLE} names there or in this process's environment, else on this JVM.
     */
    public static Stack start(
            Path projectRoot,
            Path dataDir,
            Path logDir,
            Set<Service> services,
            Map<String, String> properties,
            Map<String, String> environment) {
        Map<Service, Integer> replicas = new EnumMap<>(Service.class);
        services.forEach(service -> replicas.put(service, 1));
        return start(projectRoot, dataDir, logDir, replicas, properties, environment);
    }

    /**
     * As above, with as many replicas of each service as given (1 to {@value #PARTITIONS}; a service not named is not
     * started): each its own process on its own port, on the one broker and the one platform database.
     */
    public static Stack start(
            Path projectRoot,
            Path dataDir,
            Path logDir,
            Map<Service, Integer> replicas,
            Map<String, String> properties,
            Map<String, String> environment) {
        return start(projectRoot, dataDir, logDir, replicas, properties, environment, Postgres::start);
    }

    /**
     * As above, with the teams' server from {@code teams} (e.g. {@link FootballDb#startLoaded}: FootballDB already
     * there) instead of a fresh one.
     */
    public static Stack start(
            Path projectRoot,
            Path dataDir,
            Path logDir,
            Map<Service, Integer> replicas,
            Map<String, String> properties,
            Map<String, String> environment,
            Supplier<Postgres> teams) {
        replicas.forEach((service, count) -> {
            if (count < 1 || count > PARTITIONS) {
                throw new IllegalArgumentException(service.module() + ": " + count + " replicas; from 1 to "
                        + PARTITIONS + " (the partitions of each topic)");
            }
        });
        // Before anything starts: a wrong JDK is the caller's error, not a half-started stack.
        ServiceJava serviceJava = ServiceJava.from(environment);
        Instant infraStarted = Instant.now();
        Stack stack = startInfrastructure(properties, teams);
        Instant serversUp = Instant.now();
        stack.phases.put(
                "both PostgreSQL servers and the platform database, in parallel (the broker starting beside them)",
                Duration.between(infraStarted, serversUp));
        stack.environment = Map.copyOf(environment);
        stack.serviceJava = serviceJava;
        stack.root = projectRoot;
        stack.dataDir = dataDir;
        stack.logDir = logDir;
        try {
            Files.createDirectories(logDir);
            if (replicas.containsKey(Service.SCORER)) {
                stack.scorerPort = Ports.free();
            }
            // The services start while the broker still does: what a service needs first at start is its database
            // (Hibernate creates its schema there), the broker only later, and its Kafka clients retry until it
            // answers. A service is ready (and the stack started) only once it reaches the broker.
            for (Map.Entry<Service, Integer> service : replicas.entrySet()) {
                for (int number = 1; number <= service.getValue(); number++) {
                    stack.launch(new Instance(service.getKey(), number));
                }
            }
            KafkaBroker broker = stack.kafka.awaitStarted();
            if (broker != stack.kafka) {
                // Started again on other ports: the services launched with the first address are launched again.
                stack.kafka = broker;
                for (Instance instance : List.copyOf(stack.processes.keySet())) {
                    stack.destroy(instance);
                    stack.launch(instance);
                }
            }
            Instant brokerReady = Instant.now();
            stack.phases.put(
                    "the Kafka broker ready (the services starting beside it)",
                    Duration.between(serversUp, brokerReady));
            Instant deadline = Instant.now().plus(READY_TIMEOUT);
            stack.awaitHttpReady(stack.processes.keySet(), deadline);
            Instant httpReady = Instant.now();
            stack.phases.put(
                    "services (" + stack.processes.size() + " JVMs, in parallel) until all answer ready",
                    Duration.between(brokerReady, httpReady));
            stack.awaitGroupsSettled(stack.processes.keySet(), deadline);
            stack.phases.put(
                    "the services' consumer groups settled (stable, every replica a member)",
                    Duration.between(httpReady, Instant.now()));
            return stack;
        } catch (IOException e) {
            stack.close();
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    /**
     * The broker launched (not awaited: {@link KafkaBroker#awaitStarted}) and the two PostgreSQL servers started at
     * once, the platform database made on its server (each mostly waits on a process of its own); if one fails, the
     * others are stopped and its error is thrown.
     */
    private static Stack startInfrastructure(Map<String, String> properties, Supplier<Postgres> teamsServer) {
        KafkaBroker kafka = KafkaBroker.launch(PARTITIONS);
        ExecutorService starters = Executors.newFixedThreadPool(2, r -> {
            Thread thread = new Thread(r, "snailbench-infra-start");
            thread.setDaemon(true);
            return thread;
        });
        try {
            CompletableFuture<Postgres> platform = CompletableFuture.supplyAsync(
                    () -> {
                        Postgres server = Postgres.start();
                        try {
                            server.platformDatabase();
                            return server;
                        } catch (RuntimeException e) {
                            server.close();
                            throw e;
                        }
                    },
                    starters);
            CompletableFuture<Postgres> teams = CompletableFuture.supplyAsync(teamsServer, starters);
            try {
                CompletableFuture.allOf(platform, teams).join();
            } catch (CompletionException e) {
                kafka.close();
                platform.thenAccept(Postgres::close);
                teams.thenAccept(Postgres::close);
                throw e.getCause() instanceof RuntimeException cause ? cause : e;
            }
            return new Stack(kafka, platform.join(), teams.join(), randomKey(24), properties);
        } finally {
            starters.shutdown();
        }
    }

    /**
     * How long each phase of {@link #start} took, in order: what {@code up} prints, so that a slow start says where
     * its seconds went.
     */
    public Map<String, Duration> startPhases() {
        return Collections.unmodifiableMap(phases);
    }

    private void launchUnchecked(Instance instance) {
        try {
            launch(instance);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void launch(Instance instance) throws IOException {
        Service service = instance.service();
        Path jar = root.resolve(service.module()).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build first (mvn -B install -DskipTests)");
        }
        // Port 0: each service binds a free port itself (choosing one here could race with other processes);
        // the port it got is read from its start-up line. The first scorer's is chosen before: the generator tells the
        // web UI where the scorer answers (GET /ui/config), so the page need not ask the person.
        int port = service == Service.SCORER && instance.number() == 1 ? scorerPort : 0;
        List<String> command = new ArrayList<>(List.of(serviceJava.executable().toString()));
        command.addAll(serviceJava.heapOptions());
        if (service == Service.GENERATOR && scorerPort > 0 && !properties.containsKey(UI_SCORER_URL)) {
            command.add("-D" + UI_SCORER_URL + "=http://127.0.0.1:" + scorerPort);
        }
        command.addAll(List.of(
                "-Dquarkus.http.port=" + port,
                "-Dsnailbench.data-dir=" + dataDir.toAbsolutePath(),
                // What "java -jar quarkus-run.jar" takes from the jar's manifest.
                "--add-opens",
                "java.base/java.lang=ALL-UNNAMED",
                "-Djava.util.logging.manager=org.jboss.logmanager.LogManager"));
        String launchId = instance.name() + "." + launchCount.incrementAndGet() + ".";
        command.add("-D" + CLIENT_ID_PREFIX + "=" + launchId);
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        ServiceArchive archive = ServiceArchive.of(root.resolve(service.module()), serviceJava);
        Path supervisor = archive.supervisorJar();
        ServiceArchive.Launch classData = archive.launch();
        command.addAll(classData.options());
        // The service runs under SupervisedMain, which stops it if this process dies: no orphans.
        command.addAll(List.of(
                "-cp",
                jar + File.pathSeparator + supervisor,
                SupervisedMain.class.getName(),
                Long.toString(ProcessHandle.current().pid()),
                "io.quarkus.bootstrap.runner.QuarkusEntryPoint"));
        int restarts = launchesOf.merge(instance, 1, Integer::sum) - 1;
        Path log = logDir.resolve(instance.name() + (restarts == 0 ? "" : ".restart-" + restarts) + ".log");
        logs.put(instance, log);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(root.resolve(service.module()).toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.put("KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers());
        env.put("SNAILBENCH_DB_URL", postgres.reactiveUrl(Postgres.PLATFORM_DATABASE));
        env.put("SNAILBENCH_DB_USER", Postgres.PLATFORM_USER);
        env.put("SNAILBENCH_DB_PASSWORD", Postgres.PLATFORM_PASSWORD);
        env.put("SNAILBENCH_EXECUTOR_TARGETS_ALLOWED_NETWORKS", targets.hostAndPort());
        env.put("SNAILBENCH_SECRETS_KEY", secretsKey);
        env.put("SNAILBENCH_ADMIN_KEY", adminKey);
        env.put("SNAILBENCH_DATA_DIR", dataDir.toAbsolutePath().toString());
        env.put("JAVA_TOOL_OPTIONS", jvmOptions(service));
        env.putAll(SERVICE_ENVIRONMENT);
        env.putAll(environment);
        env.putAll(instanceEnvironment.getOrDefault(instance, Map.of()));
        ports.remove(instance);
        numbersUsed.merge(service, instance.number(), Math::max);
        Process process = builder.start();
        processes.put(instance, process);
        if (classData.part() != null) {
            archiveParts.put(process, new ArchivePart(archive, classData.part()));
        }
        launches.put(launchId, process);
        currentLaunch.put(instance, launchId);
    }

    /** The JVM options a service's launch gets in JAVA_TOOL_OPTIONS (a caller's environment may replace them). */
    static String jvmOptions(Service service) {
        return service == Service.CLASSIFIER ? CLASSIFIER_JVM_OPTIONS : SERVICE_JVM_OPTIONS;
    }

    /** Kills every running replica of the service at once (SIGKILL), as a crash would; {@link #restart} revives them. */
    public void kill(Service service) {
        List<Instance> running = instances(service);
        if (running.isEmpty()) {
            throw new IllegalStateException(service.module() + " is not running");
        }
        running.forEach(this::destroy);
    }

    /**
     * Kills one replica at once (SIGKILL), as a crash would, for good: a later {@link #restart} of its service does
     * not bring it back ({@link #add} starts another).
     */
    public void kill(Instance instance) {
        if (!processes.containsKey(instance)) {
            throw new IllegalStateException(instance + " was not started");
        }
        destroy(instance);
        processes.remove(instance);
    }

    private void destroy(Instance instance) {
        Process process = processes.get(instance);
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        ports.remove(instance);
    }

    /**
     * Starts the service's replicas again (the running ones are killed first), as many as were started or added and
     * not killed for good, and waits until they are ready over HTTP and their consumer groups are settled (stable,
     * no member of a process that is gone).
     */
    public void restart(Service service) {
        List<Instance> replicas =
                processes.keySet().stream().filter(i -> i.service() == service).toList();
        if (replicas.isEmpty()) {
            throw new IllegalStateException(service.module() + " was not started");
        }
        for (Instance replica : replicas) {
            if (processes.get(replica).isAlive()) {
                destroy(replica);
            }
            launchUnchecked(replica);
        }
        awaitReady(replicas);
    }

    /** Starts one more replica of each service given (a service twice: two more) and waits until all are ready. */
    public List<Instance> add(List<Service> services) {
        List<Instance> added = new ArrayList<>();
        for (Service service : services) {
            int number = 1
                    + Math.max(
                            numbersUsed.getOrDefault(service, 0),
                            added.stream()
                                    .filter(i -> i.service() == service)
                                    .mapToInt(Instance::number)
                                    .max()
                                    .orElse(0));
            Instance instance = new Instance(service, number);
            launchUnchecked(instance);
            added.add(instance);
        }
        awaitReady(added);
        return added;
    }

    /** One more replica of the service, once it is ready. */
    public Instance add(Service service) {
        return add(List.of(service)).get(0);
    }

    /**
     * One more replica of the service with these environment variables on top of the stack's (a setting a test gives
     * that replica alone, such as a key the service must refuse), once it is ready. If it exits instead, the
     * {@link IllegalStateException} names it and its log, and the stack goes on without it.
     */
    public Instance add(Service service, Map<String, String> environment) {
        Instance instance;
        synchronized (numbersUsed) {
            instance = new Instance(service, numbersUsed.getOrDefault(service, 0) + 1);
            instanceEnvironment.put(instance, Map.copyOf(environment));
            launchUnchecked(instance);
        }
        try {
            awaitReady(List.of(instance));
            return instance;
        } catch (RuntimeException e) {
            Process process = processes.get(instance);
            if (process != null && !process.isAlive()) {
                processes.remove(instance);
            }
            throw e;
        }
    }

    /** The service's running replicas, by number. */
    public List<Instance> instances(Service service) {
        return processes.entrySet().stream()
                .filter(e -> e.getKey().service() == service && e.getValue().isAlive())
                .map(Map.Entry::getKey)
                .toList();
    }

    /** Every running replica of every service. */
    public List<Instance> instances() {
        return processes.entrySet().stream()
                .filter(e -> e.getValue().isAlive())
                .map(Map.Entry::getKey)
                .toList();
    }

    /** The process of a running service's first replica (its pid, for instance); null if none runs. */
    public Process process(Service service) {
        List<Instance> running = instances(service);
        return running.isEmpty() ? null : processes.get(running.get(0));
    }

    /**
     * The log of the replica's current launch: {@code <name>.log} in the log directory for its first,
     * {@code <name>.restart-<n>.log} after its n-th restart, so that a restart keeps what the earlier launch wrote.
     */
    public Path log(Instance instance) {
        Path log = logs.get(instance);
        if (log == null) {
            throw new IllegalStateException(instance + " was not started");
        }
        return log;
    }

    /** The process of a replica. */
    public Process process(Instance instance) {
        return processes.get(instance);
    }

    /**
     * Waits until each replica reports ready over HTTP and its consumer groups are settled: what is sent to the
     * service's topics next is read at once, not after the group recovers ({@link #unsettledGroups}).
     */
    private void awaitReady(Collection<Instance> instances) {
        Instant deadline = Instant.now().plus(READY_TIMEOUT);
        awaitHttpReady(instances, deadline);
        awaitGroupsSettled(instances, deadline);
    }

    /**
     * Waits until each replica reports ready over HTTP ({@code /q/health/ready}), asking all that are not yet at once:
     * a service's first health check takes seconds on a loaded machine, and those seconds overlap.
     */
    private void awaitHttpReady(Collection<Instance> instances, Instant deadline) {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        List<Instance> waiting = List.copyOf(instances);
        while (true) {
            List<CompletableFuture<Boolean>> answers = new ArrayList<>();
            for (Instance instance : waiting) {
                readPort(instance);
                answers.add(
                        ports.containsKey(instance) ? ready(http, instance) : CompletableFuture.completedFuture(false));
            }
            List<Instance> notReady = new ArrayList<>();
            for (int i = 0; i < waiting.size(); i++) {
                if (!answers.get(i).join()) {
                    notReady.add(waiting.get(i));
                }
            }
            if (notReady.isEmpty()) {
                return;
            }
            for (Instance instance : notReady) {
                Process process = processes.get(instance);
                if (!process.isAlive()) {
                    throw new IllegalStateException(
                            instance + " exited with " + process.exitValue() + "; see " + log(instance));
                }
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException(
                            instance + " not ready after " + READY_TIMEOUT + "; see " + log(instance));
                }
            }
            waiting = notReady;
            KafkaBroker.sleep(500);
        }
    }

    /** Waits until the replicas' consumer groups are settled ({@link #unsettledGroups}). */
    private void awaitGroupsSettled(Collection<Instance> instances, Instant deadline) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            for (String unsettled = unsettledGroups(admin, instances);
                    unsettled != null;
                    unsettled = unsettledGroups(admin, instances)) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("consumer groups not settled " + READY_TIMEOUT + " after "
                            + instances + " started: " + unsettled);
                }
                KafkaBroker.sleep(200);
            }
        }
    }

    /**
     * Null when every replica is a member of the group named after its service, and every group one of them is in
     * is stable (partitions assigned, no rebalance going on) and holds no member of a process that is gone (a killed
     * replica's consumers stay members, their partitions unread, until the group's session timeout); else what is not.
     */
    private String unsettledGroups(Admin admin, Collection<Instance> instances) {
        try {
            List<String> ids = admin.listGroups(ListGroupsOptions.forConsumerGroups()).all().get().stream()
                    .map(GroupListing::groupId)
                    .toList();
            Map<String, ConsumerGroupDescription> groups =
                    admin.describeConsumerGroups(ids).all().get();
            List<String> awaited = instances.stream().map(currentLaunch::get).toList();
            List<String> unsettled = new ArrayList<>();
            for (Instance instance : instances) {
                ConsumerGroupDescription shared = groups.get(instance.service().module());
                if (shared == null
                        || shared.members().stream()
                                .noneMatch(m -> m.clientId().startsWith(currentLaunch.get(instance)))) {
                    unsettled.add(instance + " is not a member of group "
                            + instance.service().module() + " yet");
                }
            }
            for (ConsumerGroupDescription group : groups.values()) {
                List<String> clients = group.members().stream()
                        .map(MemberDescription::clientId)
                        .toList();
                List<String> gone = clients.stream()
                        .filter(client -> launches.entrySet().stream()
                                .anyMatch(l -> client.startsWith(l.getKey())
                                        && !l.getValue().isAlive()))
                        .toList();
                boolean awaitedIn =
                        clients.stream().anyMatch(client -> awaited.stream().anyMatch(client::startsWith));
                if (awaitedIn && (group.groupState() != GroupState.STABLE || !gone.isEmpty())) {
                    unsettled.add("group " + group.groupId() + " " + group.groupState()
                            + (gone.isEmpty() ? "" : " with members of processes gone " + gone));
                }
            }
            return unsettled.isEmpty() ? null : String.join("; ", unsettled);
        } catch (ExecutionException e) {
            return "the broker did not describe its consumer groups: " + e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static final Pattern LISTENING = Pattern.compile("Listening on: http://[^:]+:(\\d+)");

    private void readPort(Instance instance) {
        if (ports.containsKey(instance)) {
            return;
        }
        try {
            Matcher m = LISTENING.matcher(Files.readString(log(instance), StandardCharsets.ISO_8859_1));
            if (m.find()) {
                ports.put(instance, Integer.parseInt(m.group(1)));
            }
        } catch (IOException e) {
            // Not written yet.
        }
    }

    /**
     * Whether the replica answers ready; its answer is awaited up to 30 s (a first health check on a loaded machine
     * takes seconds, and one cut short is asked again from the start).
     */
    private CompletableFuture<Boolean> ready(HttpClient http, Instance instance) {
        return http.sendAsync(
                        HttpRequest.newBuilder(URI.create(url(instance) + "/q/health/ready"))
                                .timeout(Duration.ofSeconds(30))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .handle((response, failure) -> failure == null && response.statusCode() == 200);
    }

    /** Readiness as the service's first running replica reports it ({@link #readiness(Instance)}). */
    public HttpResponse<String> readiness(Service service) {
        return readiness(instances(service).stream()
                .findFirst()
                .orElseThrow(() -> new IllegalStateException(service.module() + " is not running")));
    }

    /** Readiness as a replica reports it: the HTTP status of {@code /q/health/ready} and its body. */
    public HttpResponse<String> readiness(Instance instance) {
        try {
            return HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(url(instance) + "/q/health/ready"))
                                    .timeout(Duration.ofSeconds(10))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The URL of the service's first running replica. */
    public String url(Service service) {
        List<Instance> running = instances(service);
        if (running.isEmpty()) {
            throw new IllegalStateException(service.module() + " is not running");
        }
        return url(running.get(0));
    }

    /** The URL of a replica, once it has said which port it listens on. */
    public String url(Instance instance) {
        Integer port = ports.get(instance);
        if (port == null) {
            throw new IllegalStateException(instance + " has no port yet");
        }
        return "http://127.0.0.1:" + port;
    }

    public String adminKey() {
        return adminKey;
    }

    /**
     * The platform's REST API as a team calls it, with this stack's admin key: each call goes to the first running
     * replica of the generator and of the scorer that listens at that moment, so the client follows restarts (a
     * restarted service listens on another port) and replicas killed or added.
     */
    public PlatformClient client() {
        return new PlatformClient(() -> reachableUrl(Service.GENERATOR), () -> reachableUrl(Service.SCORER), adminKey);
    }

    /** The URL of the service's first running replica that listens; no answer (as from a dead port) if none does. */
    private String reachableUrl(Service service) {
        for (Instance instance : instances(service)) {
            Integer port = ports.get(instance);
            if (port != null) {
                return "http://127.0.0.1:" + port;
            }
        }
        throw new UncheckedIOException(new IOException(service.module() + ": no running replica listens now"));
    }

    public Postgres postgres() {
        return postgres;
    }

    /** The JVM the services run on. */
    public ServiceJava serviceJava() {
        return serviceJava;
    }

    /** The server of the teams' databases: what tenants register, never the platform's own. */
    public Postgres targets() {
        return targets;
    }

    public KafkaBroker kafka() {
        return kafka;
    }

    /** A launch that is to write its service's class-data archive once ready, to this part file. */
    private record ArchivePart(ServiceArchive archive, Path part) {}

    /**
     * Has every running instance launched without a current class-data archive write one now, and the broker too
     * ({@link KafkaBroker#writeClassDataArchive}), in the background, one at a time (each JVM stops at a safepoint
     * while it writes, seconds): {@code ./snailbench up} calls it once the platform is up. Only after a build or on
     * another JDK is there anything to write; the next launches start from it. {@link #close} writes the ones still to
     * write, before it stops the services.
     */
    public void writeClassDataArchives() {
        List<Map.Entry<Process, ArchivePart>> pending = takePendingArchives();
        KafkaBroker broker = kafka;
        dumps.add(CompletableFuture.runAsync(
                () -> {
                    pending.forEach(this::dump);
                    broker.writeClassDataArchive();
                },
                runnable -> {
                    Thread thread = new Thread(runnable, "snailbench-class-data-archives");
                    thread.setDaemon(true);
                    thread.start();
                }));
    }

    /**
     * The running launches still to write an archive, one per archive: every replica of a service writes the same
     * file, so a second would only write it again; and none whose archive another stack (a test class beside this
     * one) has written since this one's launches started, current for the next launches as it is. The others' part
     * files are discarded.
     */
    private List<Map.Entry<Process, ArchivePart>> takePendingArchives() {
        Map<Path, Map.Entry<Process, ArchivePart>> pending = new LinkedHashMap<>();
        for (Process process : List.copyOf(archiveParts.keySet())) {
            ArchivePart part = archiveParts.remove(process);
            if (part != null
                    && process.isAlive()
                    && !pending.containsKey(part.archive().archive())
                    && !part.archive().current()) {
                pending.put(part.archive().archive(), Map.entry(process, part));
            } else if (part != null) {
                ServiceArchive.discard(part.part());
            }
        }
        return new ArrayList<>(pending.values());
    }

    private void dump(Map.Entry<Process, ArchivePart> launch) {
        Process process = launch.getKey();
        String name = processes.entrySet().stream()
                .filter(e -> e.getValue() == process)
                .map(e -> e.getKey().name())
                .findFirst()
                .orElse("service-" + process.pid());
        launch.getValue()
                .archive()
                .dump(serviceJava, process.pid(), launch.getValue().part(), logDir.resolve(name + "-archive.log"));
    }

    /**
     * Stops every service, then the broker and the databases. The class-data archives still to write are written
     * first, all at once (a JVM that stops while it writes harms nothing now).
     */
    @Override
    public void close() {
        close(true);
    }

    /**
     * As {@link #close}, but the services are killed (SIGKILL) once their class-data archives are written, instead of
     * each shutting down gracefully (seconds to tens of seconds per service): for a test's stack, thrown away whole.
     */
    public void closeNow() {
        close(false);
    }

    private void close(boolean graceful) {
        List<CompletableFuture<Void>> writing = new ArrayList<>(dumps);
        takePendingArchives()
                .forEach(launch -> writing.add(CompletableFuture.runAsync(() -> dump(launch), runnable -> {
                    Thread thread = new Thread(runnable, "snailbench-class-data-archive");
                    thread.setDaemon(true);
                    thread.start();
                })));
        for (CompletableFuture<Void> dump : writing) {
            try {
                dump.get(4, TimeUnit.MINUTES);
            } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
                // Not written: the next launch makes it.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        processes.values().forEach(graceful ? Process::destroy : Process::destroyForcibly);
        for (Process p : processes.values()) {
            try {
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        archiveParts.values().forEach(a -> ServiceArchive.discard(a.part()));
        if (logDir != null) {
            try {
                kafka.copyLog(logDir.resolve("broker.log"));
            } catch (UncheckedIOException e) {
                // The broker's log is kept for a reader only: the stack stops all the same.
            }
        }
        kafka.close();
        postgres.close();
        targets.close();
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    private static String randomKey(int n) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes(n));
    }
}
