package dev.snailbench.testkit;

import dev.snailbench.localstack.Stack;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Resident memory of each service of a running {@link Stack}, from {@code /proc/<pid>/status}: the peak
 * ({@code VmHWM}, since the process started) and now ({@code VmRSS}), in MiB, with the heap settings the stack
 * gives them, so a benchmark can print it beside its CPU line.
 */
public final class ResidentMemory {

    private ResidentMemory() {}

    /** {@code rss MiB (peak VmHWM/now VmRSS): generator 251/240 …; heap -Xms48m -Xmx512m -XX:+UseSerialGC (Stack)}. */
    public static String of(Stack stack) {
        List<String> parts = new ArrayList<>();
        for (Stack.Instance instance : stack.instances()) {
            Process process = stack.process(instance);
            parts.add(CpuTimes.name(instance) + " " + kib(process.pid(), "VmHWM") / 1024 + "/"
                    + kib(process.pid(), "VmRSS") / 1024);
        }
        return "  rss MiB (peak VmHWM/now VmRSS): " + String.join(" ", parts) + "; heap "
                + String.join(" ", stack.serviceJava().heapOptions()) + ", env " + Stack.SERVICE_ENVIRONMENT + ", Java "
                + stack.serviceJava().version() + " (Stack)";
    }

    /** A {@code kB} line of the process' status, or -1 when it cannot be read (not Linux, process gone). */
    static long kib(long pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(
                            line.substring(field.length() + 1).replace("kB", "").trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
