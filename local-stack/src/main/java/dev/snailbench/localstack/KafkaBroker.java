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
            List<String> command = new ArrayList<>(List.of(
                    javaExecutable(),
                    "-Xmx384m",
                    "-XX:+UseSerialGC",
                    "-XX:TieredStopAtLevel=1",
                    "-cp",
                    classpath(),
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

    @Override
    public void close() {
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

    /** The broker classpath resolved by Maven at build time, plus this module's own classes. */
    static String classpath() {
        try (InputStream in = KafkaBroker.class.getResourceAsStream("runtime-classpath.txt")) {
            if (in == null) {
                throw new IllegalStateException("runtime-classpath.txt missing: build local-stack with Maven");
            }
            String resolved = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            String own = Path.of(KafkaServerMain.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
            return own + File.pathSeparator + resolved;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
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
