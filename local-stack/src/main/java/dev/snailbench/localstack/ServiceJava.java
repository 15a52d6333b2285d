package dev.snailbench.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The JVM the services run on: the JDK that {@value #HOME_VARIABLE} names, else the one running the stack. Which JDK
 * matters (docs/BENCHMARKS.md, session 37: on JDK 25 the services used 7 % less CPU per item of a warm job than on
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
            throw new IllegalArgumentException(HOME_VARIABLE + "=" + home + " is not a Java home: it has no "
                    + "executable bin/java");
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
        String value = properties.getProperty("JAVA_VERSION", "").replace("\"", "").trim();
        try {
            return Runtime.Version.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(HOME_VARIABLE + "=" + home + ": its release file has no readable "
                    + "JAVA_VERSION (" + (value.isEmpty() ? "none" : value) + ")");
        }
    }

    /** The heap options the stack gives the services on this JVM ({@link Stack#heapOptions}). */
    public List<String> heapOptions() {
        return Stack.heapOptions(version);
    }
}
