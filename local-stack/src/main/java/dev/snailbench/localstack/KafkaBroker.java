package dev.snailbench.localstack;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.kafka.common.Uuid;

/**
 * A real single-node KRaft Kafka broker in its own JVM, on a free loopback port. Its own JVM because the
 * broker's Scala, Jackson and logging versions clash with Quarkus' in a test JVM.
 */
public final class KafkaBroker implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final String READY_LINE = "Kafka Server started";

    private Process process;
    private final Path workDir;
    private final int port;
    private List<String> command;
    private int partitions;
    private ServiceArchive archive;
    /** Where this launch is to write the class-data archive ({@link #writeClassDataArchive}); null: nothing to write. */
    private Path archivePart;
    /** Whether the launch has been ready: a broker still starting has not loaded what an archive is for. */
    private volatile boolean ready;

    private KafkaBroker(Process process, Path workDir, int port) {
        this.process = process;
        this.workDir = workDir;
        this.port = port;
    }

    /** The largest record the broker accepts: the executor's {@code snailbench.executor.max-event-bytes}. */
    public static final int MAX_EVENT_BYTES = 33_554_432;

    /** The broker's node id (its only node: broker and controller). */
    public static final int NODE_ID = 1;

    /** Starts a broker whose topics get {@code partitions} partitions when auto-created, and waits until it is ready. */
    public static KafkaBroker start(int partitions) {
        return launch(partitions).awaitStarted();
    }

    /**
     * Starts a broker's process without waiting for it: its address ({@link #bootstrapServers}) is known at once, so
     * that its clients can start beside it (they retry until it answers). {@link #awaitStarted} waits until it is ready.
     */
    public static KafkaBroker launch(int partitions) {
        try {
            Path workDir = Files.createTempDirectory("snailbench-kafka-");
            int[] ports = Ports.free(2);
            int port = ports[0];
            int controllerPort = ports[1];
            Path config = workDir.resolve("server.properties");
            Files.writeString(
                    config,
                    String.join(
                            "\n",
                            "process.roles=broker,controller",
                            "node.id=" + NODE_ID,
                            "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                            "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                            "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                            "controller.listener.names=CONTROLLER",
                            "inter.broker.listener.name=PLAINTEXT",
                            "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
                            "log.dirs=" + workDir.resolve("logs"),
                            "num.partitions=" + partitions,
                            "auto.create.topics.enable=true",
                            "offsets.topic.replication.factor=1",
                            "offsets.topic.num.partitions=4",
                            "transaction.state.log.replication.factor=1",
                            "transaction.state.log.min.isr=1",
                            "share.coordinator.state.topic.replication.factor=1",
                            "share.coordinator.state.topic.min.isr=1",
                            "group.initial.rebalance.delay.ms=0",
                            // The one event size (snailbench.executor.max-event-bytes): results up to the caps fit.
                            "message.max.bytes=" + MAX_EVENT_BYTES,
                            ""));
            Path log = workDir.resolve("broker.log");
            List<Path> classPath = classPath();
            ServiceArchive archive = archive(classPath);
            ServiceArchive.Launch classData =
                    archive == null ? new ServiceArchive.Launch(List.of(), null) : archive.launch();
            List<String> command = new ArrayList<>(
                    List.of(javaExecutable(), "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
            command.addAll(classData.options());
            command.addAll(List.of(
                    "-cp",
                    String.join(
                            File.pathSeparator,
                            classPath.stream().map(Path::toString).toList()),
                    KafkaServerMain.class.getName(),
                    config.toString(),
                    Long.toString(ProcessHandle.current().pid()),
                    clusterId()));
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            KafkaBroker broker = new KafkaBroker(process, workDir, port);
            broker.command = command;
            broker.partitions = partitions;
            broker.archive = archive;
            broker.archivePart = classData.part();
            // Ctrl-C or a kill, also while the broker is still starting: its directory goes with it.
            Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "snailbench-kafka-cleanup"));
            return broker;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Kafka broker", e);
        }
    }

    /**
     * Waits until the broker {@link #launch}ed is ready, and answers it; or, when its port was taken by another process
     * (a build beside this one) between its choice and the broker's bind, a broker started again on other free ports
     * (up to twice; this one is then closed): a caller compares {@link #bootstrapServers} to know its clients' address
     * changed.
     */
    public KafkaBroker awaitStarted() {
        KafkaBroker broker = this;
        for (int attempt = 1; ; attempt++) {
            try {
                broker.awaitReady(broker.workDir.resolve("broker.log"));
                return broker;
            } catch (IOException e) {
                broker.close();
                throw new UncheckedIOException("cannot start Kafka broker", e);
            } catch (IllegalStateException e) {
                if (attempt == 3 || e.getMessage() == null || !e.getMessage().contains("Address already in use")) {
                    broker.close();
                    throw e;
                }
                broker.close();
                broker = launch(partitions);
            }
        }
    }

    /**
     * Kills the broker (SIGKILL, as a crash would), keeps it down for {@code downtime}, and starts it again on the
     * same ports and log directories: topics, records and committed offsets survive, as on a real restart.
     */
    public synchronized void restart(Duration downtime) {
        process.destroyForcibly();
        try {
            process.waitFor();
            Thread.sleep(downtime.toMillis());
            Path log = workDir.resolve("broker.log");
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            awaitReady(log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot restart Kafka broker", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The broker's JVM, for benchmarks that account CPU time per process. */
    public synchronized ProcessHandle process() {
        return process.toHandle();
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    private void awaitReady(Path log) throws IOException {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Kafka broker exited with " + process.exitValue() + ":\n" + tail(log));
            }
            if (Files.readString(log, StandardCharsets.ISO_8859_1).contains(READY_LINE)) {
                ready = true;
                return;
            }
            sleep(100);
        }
        close();
        throw new IllegalStateException("Kafka broker not ready after " + START_TIMEOUT + ":\n" + tail(log));
    }

    /**
     * Copies the broker's log (its group coordinator's rebalances among the rest) to {@code target}: the broker's
     * directory, where it writes it, goes with {@link #close}.
     */
    public synchronized void copyLog(Path target) {
        try {
            Files.copy(workDir.resolve("broker.log"), target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the broker, once it has written its class-data archive if it is to write one. */
    @Override
    public void close() {
        writeClassDataArchive();
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deleteRecursively(workDir);
    }

    /** A KRaft cluster id for a new broker; kept in its command, so that a restart finds its own storage. */
    private static String clusterId() {
        return Uuid.randomUuid().toString();
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The broker's class path: {@link KafkaServerMain}'s jar, then the class path resolved by Maven at build time.
     * When this module runs from its build's classes directory, its entry point is copied into a jar of its own in
     * {@code target/cds}, beside the broker's class-data archive: the JVM makes no archive for a directory's classes.
     */
    static List<Path> classPath() {
        try (InputStream in = KafkaBroker.class.getResourceAsStream("runtime-classpath.txt")) {
            if (in == null) {
                throw new IllegalStateException("runtime-classpath.txt missing: build local-stack with Maven");
            }
            String resolved = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            Path own = ownCode();
            List<Path> entries = new ArrayList<>();
            entries.add(
                    Files.isDirectory(own)
                            ? ServiceArchive.classJar(
                                    KafkaServerMain.class,
                                    own.resolveSibling("cds").resolve("kafka-server-main.jar"))
                            : own);
            for (String entry : resolved.split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    entries.add(Path.of(entry));
                }
            }
            return entries;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** This module's classes: its build's directory, or its jar. */
    private static Path ownCode() {
        try {
            return Path.of(KafkaServerMain.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The broker JVM's class-data archive ({@link ServiceArchive}: the classes it loaded in a run, mapped by the next
     * start instead of read, parsed and verified again; 0.6–0.9 of its 2.4–3.1 CPU-seconds to start): in this module's
     * {@code target/cds} when it runs from its build, else in the temporary directory; null (none) when a class path
     * entry is a directory (a reactor build's sibling module), which the JVM does not archive.
     */
    private static ServiceArchive archive(List<Path> classPath) {
        if (classPath.stream().anyMatch(Files::isDirectory)) {
            return null;
        }
        Path own = ownCode();
        Path dir = Files.isDirectory(own)
                ? own.resolveSibling("cds")
                : Path.of(System.getProperty("java.io.tmpdir"), "snailbench-cds");
        return ServiceArchive.ofClassPath("kafka-broker", classPath, dir, ServiceJava.launcher());
    }

    /**
     * Has the broker, launched without a current class-data archive, write one now (it stops at a safepoint for the
     * seconds that takes): {@link Stack#writeClassDataArchives} once the platform is up, else {@link #close}. Only
     * once per launch; nothing to do when it started from an archive.
     */
    public void writeClassDataArchive() {
        Path part;
        Process running;
        synchronized (this) {
            part = archivePart;
            archivePart = null;
            running = process;
        }
        // Not when another broker (a stack beside this one) has written a current archive since this one launched.
        if (part != null && running.isAlive() && ready && !archive.current()) {
            archive.dump(ServiceJava.launcher(), running.pid(), part, workDir.resolve("archive.log"));
        } else if (part != null) {
            ServiceArchive.discard(part);
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    static void deleteRecursively(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // Temp files only (a file gone while walking is one less to delete); the OS cleans the rest.
        }
    }
}
