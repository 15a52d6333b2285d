package dev.snailbench.testkit;

import dev.snailbench.localstack.Postgres;
import dev.snailbench.localstack.Stack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * CPU seconds used by each part of a running platform (the five services, the broker, the teams' PostgreSQL and the
 * platform's, each with its backends)
 * and by the whole machine, so a benchmark can say where a job's time went: on 2 cores, a pipeline whose processes
 * burn more CPU seconds than twice its wall time is CPU-bound, whatever its latencies.
 */
public record CpuTimes(Map<String, Double> seconds, Map<String, JvmThreads> threads, double machineBusySeconds) {

    public static CpuTimes of(Stack stack) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        Map<String, JvmThreads> threads = new LinkedHashMap<>();
        for (Stack.Instance instance : stack.instances()) {
            Process process = stack.process(instance);
            String name = name(instance);
            seconds.put(name, cpu(process.toHandle()));
            threads.put(name, JvmThreads.of(process.pid()));
        }
        seconds.put("kafka", cpu(stack.kafka().process()));
        // "postgres" is the database under evaluation (the teams' server); the platform's own is reported beside it.
        seconds.put("postgres", serverCpu(stack.targets()));
        seconds.put("platform-postgres", serverCpu(stack.postgres()));
        return new CpuTimes(seconds, threads, machineBusy());
    }

    /** A service's name in lower case, then {@code -2}, {@code -3} for its further replicas. */
    static String name(Stack.Instance instance) {
        String service = instance.service().name().toLowerCase(Locale.ROOT);
        return instance.number() == 1 ? service : service + "-" + instance.number();
    }

    /**
     * The server's CPU since it started: the postmaster, its live backends, and the backends that ended (the
     * postmaster reaps them, and the kernel adds their CPU to its children's time). Without the ended ones a
     * pooled connection closed during a job took its whole past CPU out of the job's figure.
     */
    static double serverCpu(Postgres server) {
        ProcessHandle postmaster = server.process();
        // Live ones first: a backend reaped between the two reads is counted twice (a few ms), never missed.
        double live = postmaster
                .descendants()
                .mapToDouble(backend -> statCpu(backend.pid()))
                .sum();
        return cpu(postmaster) + live + endedChildrenCpu(postmaster.pid());
    }

    /** Fields 14 and 15 of /proc/PID/stat (utime, stime), which an ended backend not yet reaped still has; 0 if gone. */
    private static double statCpu(long pid) {
        try {
            return ProcStat.seconds(pid, 11, 12);
        } catch (IOException e) {
            return 0; // reaped meanwhile: its CPU is in the postmaster's children's time, read after this
        }
    }

    /** Fields 16 and 17 of /proc/PID/stat (cutime, cstime): the CPU of the children the process waited for. */
    private static double endedChildrenCpu(long pid) {
        try {
            return ProcStat.seconds(pid, 13, 14);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the CPU of PostgreSQL's ended backends", e);
        }
    }

    /** The services' CPU between {@code before} and this snapshot by kind of thread, one service per line part. */
    public String threadsSince(CpuTimes before) {
        StringBuilder line = new StringBuilder("  service threads cpu s:");
        threads.forEach((service, now) -> {
            line.append(' ').append(service);
            now.since(before.threads.getOrDefault(service, JvmThreads.NONE))
                    .forEach((kind, used) -> line.append(String.format(Locale.ROOT, " %s %.1f", kind, used)));
            line.append(';');
        });
        return line.toString();
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
        return String.format(
                Locale.ROOT,
                "  cpu s (wall %.1f s, %d cores):%s; platform %.1f, whole machine %.1f " + "(other processes %.1f)",
                wallSeconds,
                Runtime.getRuntime().availableProcessors(),
                parts,
                platform,
                machine,
                machine - platform);
    }

    /**
     * The same CPU per work item, in milliseconds, and the figure the platform controls: its five services' CPU as a
     * ratio to the evaluated database's (the broker and the platform's own database beside it, not in the ratio),
     * and to what the JDBC loop's statements cost the database ({@code loopDatabaseSeconds}): the like-for-like
     * figure when the job also screens its golds, which the loop does not.
     */
    public String perItemSince(CpuTimes before, int items, double loopDatabaseSeconds) {
        StringBuilder parts = new StringBuilder();
        double services = servicesSince(before, parts, " %s %.2f", items);
        double database = used(before, "postgres");
        return String.format(
                Locale.ROOT,
                "  cpu ms per item:%s; services %.2f, PostgreSQL %.2f: services/PostgreSQL "
                        + "%.2fx (broker %.2f, platform PostgreSQL %.2f); the JDBC loop's PostgreSQL %.2f: "
                        + "services/loop's PostgreSQL %.2fx",
                parts,
                1000 * services / items,
                1000 * database / items,
                services / database,
                1000 * used(before, "kafka") / items,
                1000 * used(before, "platform-postgres") / items,
                1000 * loopDatabaseSeconds / items,
                services / loopDatabaseSeconds);
    }

    /** CPU milliseconds per second of wall time since {@code before}: what the processes cost while no job runs. */
    public String perSecondSince(CpuTimes before, double wallSeconds) {
        StringBuilder parts = new StringBuilder();
        double services = servicesSince(before, parts, " %s %.1f", wallSeconds);
        return String.format(
                Locale.ROOT,
                " cpu ms per second over %.0f s:%s; services %.1f (broker %.1f, "
                        + "PostgreSQL %.1f, platform PostgreSQL %.1f)",
                wallSeconds,
                parts,
                1000 * services / wallSeconds,
                1000 * used(before, "kafka") / wallSeconds,
                1000 * used(before, "postgres") / wallSeconds,
                1000 * used(before, "platform-postgres") / wallSeconds);
    }

    /**
     * The services' CPU seconds since {@code before} (every replica of each); appends each replica's milliseconds per
     * {@code unit} (an item, a second) to {@code parts} in {@code format} (name, figure).
     */
    private double servicesSince(CpuTimes before, StringBuilder parts, String format, double unit) {
        double services = 0;
        for (String name : threads.keySet()) {
            double used = used(before, name);
            services += used;
            parts.append(String.format(Locale.ROOT, format, name, 1000 * used / unit));
        }
        return services;
    }

    private double used(CpuTimes before, String process) {
        return seconds.getOrDefault(process, 0.0) - before.seconds.getOrDefault(process, 0.0);
    }

    static double cpu(ProcessHandle process) {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9;
    }

    /** Busy CPU time of the whole machine from /proc/stat (user + nice + system + irq + softirq + steal). */
    private static double machineBusy() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long busy = Long.parseLong(f[1])
                    + Long.parseLong(f[2])
                    + Long.parseLong(f[3])
                    + Long.parseLong(f[6])
                    + Long.parseLong(f[7])
                    + (f.length > 8 ? Long.parseLong(f[8]) : 0);
            return busy / 100.0; // USER_HZ
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
