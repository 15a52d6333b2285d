package dev.snailbench.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU times from Linux's {@code /proc/PID/stat} lines (a process's or a thread's). */
final class ProcStat {

    private ProcStat() {}

    /** Two clock-tick fields of /proc/PID/stat, indexed after the command name, in seconds. */
    static double seconds(long pid, int first, int second) throws IOException {
        return seconds(Files.readString(Path.of("/proc", Long.toString(pid), "stat")), first, second);
    }

    /** Two clock-tick fields of a stat line (a process's or a thread's), indexed after the command name, in seconds. */
    static double seconds(String stat, int first, int second) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[first]) + Long.parseLong(f[second])) / 100.0; // USER_HZ
    }
}
