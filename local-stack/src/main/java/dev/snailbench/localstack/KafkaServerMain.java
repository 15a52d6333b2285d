package dev.snailbench.localstack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;

/**
 * Entry point of the broker JVM: formats KRaft storage and runs a single-node Kafka broker+controller.
 * The broker exits by itself when the process that started it dies, so that a killed test JVM leaves no
 * broker behind.
 *
 * <p>Arguments: {@code <server.properties> <parent pid> [cluster id]}; a restart passes the id the storage was
 * formatted with.
 */
public final class KafkaServerMain {

    private KafkaServerMain() {}

    public static void main(String[] args) throws Exception {
        String config = args[0];
        long parentPid = Long.parseLong(args[1]);
        // Kafka's own ids never start with '-', which the storage tool would read as an option.
        String clusterId = args.length > 2 ? args[2] : Uuid.randomUuid().toString();
        StorageTool.execute(new String[] {"format", "-t", clusterId, "-c", config, "--ignore-formatted"}, System.out);
        Thread watchdog = new Thread(() -> watchParent(parentPid), "parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        if (!Files.exists(Path.of(config))) {
            throw new IllegalArgumentException("no broker config at " + config);
        }
        kafka.Kafka.main(new String[] {config});
    }

    private static void watchParent(long parentPid) {
        while (ProcessHandle.of(parentPid).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                TimeUnit.SECONDS.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
        }
        Runtime.getRuntime().halt(0);
    }
}
