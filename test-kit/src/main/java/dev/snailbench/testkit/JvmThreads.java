package dev.snailbench.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A snapshot of a JVM's CPU, thread by thread (from /proc/PID/task), so a benchmark can say where a job's CPU went:
 * the JIT compilers, the garbage collector, the Vert.x event loops, the Kafka clients' threads, worker pools, the
 * rest, and the threads that ended meanwhile.
 *
 * <p>Compared thread by thread, not kind by kind: HotSpot starts and stops compiler threads as its queue grows and
 * shrinks, and a kind's total would lose the whole past CPU of a thread that ended (a negative figure). What the
 * ended threads used since the first snapshot is the process's CPU that no live thread accounts for.
 *
 * @param process the process's CPU seconds, of every thread it ever had
 * @param tasks each live thread's kind and CPU seconds, by thread id
 */
public record JvmThreads(double process, Map<Long, Task> tasks) {

    /** No snapshot: everything counts as used since. */
    public static final JvmThreads NONE = new JvmThreads(0, Map.of());

    /** Kinds of JVM threads, by the name Linux keeps for them (its first 15 characters). */
    private static final String[][] KINDS = {
        {"jit", "C1 CompilerThre", "C2 CompilerThre"},
        {"gc", "VM Thread", "GC Thread", "G1 ", "VM Periodic"},
        {"event loop", "vert.x-eventloo"},
        {"kafka", "smallrye-kafka", "kafka-"},
        {"workers", "executor-", "sql-parser", "classifier-"}
    };

    /** One live thread: its kind and its CPU seconds so far. */
    public record Task(String kind, double seconds) {}

    /** The threads of process {@code pid} now; none if the process is gone. */
    public static JvmThreads of(long pid) {
        Map<Long, Task> tasks = new LinkedHashMap<>();
        double process;
        try (var entries = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            // Fields 14 and 15 of stat (utime, stime): indexes 11 and 12 after the command name.
            process = ProcStat.seconds(pid, 11, 12);
            entries.forEach(task -> {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    tasks.put(
                            Long.parseLong(task.getFileName().toString()),
                            new Task(kindOf(comm), ProcStat.seconds(stat, 11, 12)));
                } catch (IOException | RuntimeException e) {
                    // The thread ended while being read: its CPU is among the ended threads'.
                }
            });
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
        return new JvmThreads(process, Map.copyOf(tasks));
    }

    /**
     * CPU seconds by kind between {@code before} and this snapshot, every kind listed, "ended" last: each live thread's
     * CPU since {@code before} (all of it for a thread started since), and what the threads that ended used.
     */
    public Map<String, Double> since(JvmThreads before) {
        Map<String, Double> kinds = new LinkedHashMap<>();
        for (String[] kind : KINDS) {
            kinds.put(kind[0], 0.0);
        }
        kinds.put("other", 0.0);
        double live = 0;
        for (Map.Entry<Long, Task> e : tasks.entrySet()) {
            Task earlier = before.tasks.get(e.getKey());
            double used = e.getValue().seconds - (earlier == null ? 0 : earlier.seconds);
            kinds.merge(e.getValue().kind, used, Double::sum);
            live += used;
        }
        // Clock ticks: a thread read just before the process may add up to a tick or two more than the process.
        kinds.put("ended", Math.max(0, process - before.process - live));
        return kinds;
    }

    private static String kindOf(String threadName) {
        for (String[] kind : KINDS) {
            for (int i = 1; i < kind.length; i++) {
                if (threadName.startsWith(kind[i])) {
                    return kind[0];
                }
            }
        }
        return "other";
    }
}
