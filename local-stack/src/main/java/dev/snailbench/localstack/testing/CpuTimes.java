package dev.snailbench.localstack.testing;

import dev.snailbench.localstack.Stack;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * CPU seconds used by each part of a running platform (the five services, the broker, PostgreSQL with its backends)
 * and by the whole machine, so a benchmark can say where a job's time went: on 2 cores, a pipeline whose processes
 * burn more CPU seconds than twice its wall time is CPU-bound, whatever its latencies.
 */
public record CpuTimes(Map<String, Double> seconds, double machineBusySeconds) {

    public static CpuTimes of(Stack stack) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        for (Stack.Service service : Stack.Service.values()) {
            Process process = stack.process(service);
            if (process != null) {
                seconds.put(service.name().toLowerCase(Locale.ROOT), cpu(process.toHandle()));
            }
        }
        seconds.put("kafka", cpu(stack.kafka().process()));
        ProcessHandle postmaster = stack.postgres().process();
        // Backends are the postmaster's children; pooled connections keep them alive across a job.
        seconds.put("postgres", cpu(postmaster) + postmaster.descendants().mapToDouble(CpuTimes::cpu).sum());
        return new CpuTimes(seconds, machineBusy());
    }

    /** What was used between {@code before} and this snapshot, as one line. */
    public String since(CpuTimes before, double wallSeconds) {
        double platform = 0;
        StringBuilder parts = new StringBuilder();
        for (Map.Entry<String, Double> e : seconds.entrySet()) {
            double used = e.getValue() - before.seconds.getOrDefault(e.getKey(), 0.0);
            platform += used;
            parts.append(String.format(Locale.ROOT, " %s %.1f", e.getKey(), used));
        }
        double machine = machineBusySeconds - before.machineBusySeconds;
        return String.format(Locale.ROOT, "  cpu s (wall %.1f s, %d cores):%s; platform %.1f, whole machine %.1f "
                + "(other processes %.1f)", wallSeconds, Runtime.getRuntime().availableProcessors(), parts, platform,
                machine, machine - platform);
    }

    private static double cpu(ProcessHandle process) {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9;
    }

    /** Busy CPU time of the whole machine from /proc/stat (user + nice + system + irq + softirq + steal). */
    private static double machineBusy() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long busy = Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6])
                    + Long.parseLong(f[7]) + (f.length > 8 ? Long.parseLong(f[8]) : 0);
            return busy / 100.0; // USER_HZ
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
