package dev.snailbench.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The JVM the services run on: the JDK that {@value #HOME_VARIABLE} names, else the one running the stack. Which JDK
 * matters (on JDK 25 the services used 7 % less CPU per item of a warm job than on
 * 17, mostly in the serial collector, but more on a team's first job and more memory), so it is a choice of its own
 * rather than whatever runs Maven or the CLI. A named JDK that is not one (no {@code bin/java}, no {@code release}
 * file, older than 17) is refused with the reason: never a silent start on another JVM.
 *
 * @param executable its {@code bin/java}
 * @param version    its version, read from its {@code release} file (the options the stack gives depend on it)
 */
public record ServiceJava(Path executable, Runtime.Version version) {

    /** The environment variable naming the services' JDK (its home directory). */
    public static final String HOME_VARIABLE = "SNAILBENCH_SERVICES_JAVA_HOME";

    /** The classes are compiled for Java 17 (maven.compiler.release). */
    static final int OLDEST = 17;

    /** The JVM running this process. */
    public static ServiceJava launcher() {
        return new ServiceJava(Path.of(KafkaBroker.javaExecutable()), Runtime.version());
    }

    /** The JDK the variable names in {@code environment}, else in this process's environment, else the launcher. */
    public static ServiceJava from(Map<String, String> environment) {
        String home = environment.getOrDefault(HOME_VARIABLE, System.getenv(HOME_VARIABLE));
        return home == null || home.isBlank() ? launcher() : at(Path.of(home));
    }

    /** The JDK (or JRE) installed at {@code home}. */
    public static ServiceJava at(Path home) {
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            throw new IllegalArgumentException(
                    HOME_VARIABLE + "=" + home + " is not a Java home: it has no " + "executable bin/java");
        }
        Runtime.Version version = releaseVersion(home);
        if (version.feature() < OLDEST) {
            throw new IllegalArgumentException(HOME_VARIABLE + "=" + home + " is Java " + version + "; the services "
                    + "need Java " + OLDEST + " or later");
        }
        return new ServiceJava(java, version);
    }

    /** The {@code JAVA_VERSION} of the home's {@code release} file, which every JDK and JRE build since 9 has. */
    private static Runtime.Version releaseVersion(Path home) {
        Path release = home.resolve("release");
        Properties properties = new Properties();
        try (var in = Files.newBufferedReader(release)) {
            properties.load(in);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(HOME_VARIABLE + "=" + home + " is not a Java home: it has no release "
                    + "file to read its version from");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String value =
                properties.getProperty("JAVA_VERSION", "").replace("\"", "").trim();
        try {
            return Runtime.Version.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(HOME_VARIABLE + "=" + home + ": its release file has no readable "
                    + "JAVA_VERSION (" + (value.isEmpty() ? "none" : value) + ")");
        }
    }

    /** The heap options the stack gives the services on this JVM. */
    public List<String> heapOptions() {
        return heapOptions(version);
    }

    /**
     * Every service's heap: the serial collector, and a small initial heap that grows as needed. Without -Xms the JVM
     * starts with 1/64 of the machine's memory (365 MiB on a 23 GiB host) and cycles its allocations through all of
     * it, so each service held 320-390 MiB resident for 30-75 MiB of live objects (PipelineBenchmark's rss line).
     * The free ratios give memory back after a job's peak instead of keeping up to 70 % of the heap free. Every 5 s
     * the JVM also hands the C allocator's freed memory back to the system (malloc_trim): 2-12 MiB less resident in
     * four services after a 10,000-item job, at no CPU the benchmark could see; only
     * on JVMs that have the option (17.0.9, 21.0.1 and later), since an unknown option stops a JVM from starting:
     * the options are the services' JVM's ({@link #heapOptions()}). The young generation starts at 24 MiB
     * (half the initial heap, not a third) with survivor spaces of a quarter of it each: with the default 1.6 MiB
     * survivors, the 1-5 MiB that outlived each young collection of a job's batches were promoted, and the scorer
     * made a full collection every six young ones, a quarter of its samples in a warm 10,000-item job; with these,
     * its collector used 0.3 CPU-s of that job against 0.8-1.4, at no resident memory the benchmark could see.
     */
    static List<String> heapOptions(Runtime.Version jvm) {
        List<String> options = new ArrayList<>(List.of(
                "-Xms48m",
                "-Xmx512m",
                "-XX:+UseSerialGC",
                "-XX:MinHeapFreeRatio=10",
                "-XX:MaxHeapFreeRatio=30",
                "-XX:NewSize=24m",
                "-XX:SurvivorRatio=2",
                "-XX:TargetSurvivorRatio=90"));
        if (trimsNativeHeap(jvm)) {
            options.add("-XX:TrimNativeHeapInterval=5000");
        }
        return List.copyOf(options);
    }

    /** Whether the JVM has -XX:TrimNativeHeapInterval: JDK 22, and the 17.0.9 and 21.0.1 updates that backported it. */
    static boolean trimsNativeHeap(Runtime.Version jvm) {
        return jvm.feature() >= 22
                || (jvm.feature() == 21 && jvm.update() >= 1)
                || (jvm.feature() == 17 && jvm.update() >= 9);
    }
}
