package dev.snailbench.localstack;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A service's class-data archive (dynamic AppCDS) for one JDK: the classes a service loaded in a run, stored
 * in the form the JVM uses, so that the next start maps them instead of reading, parsing and verifying them again. It
 * lives in the module's {@code target/cds}, named after the JDK that made it (only that JDK can use it) and the
 * service's directory (the JVM uses it only at the paths it was made with). A launch without a current archive records
 * what a dump needs ({@code -XX:+RecordDynamicDumpInfo}); once the service has run, {@link #dump} has it write the
 * archive ({@code jcmd VM.cds dynamic_dump}) to a part file, renamed to the archive when whole. An archive older than
 * any file of the packaged service is not current. The Kafka broker's JVM has one too ({@link #ofClassPath}).
 *
 * <p>The services run with {@link SupervisedMain} from a jar of its own in the same directory: the JVM keeps an archive
 * only for the class path it was made with, and refuses to make one with a directory on it.
 */
final class ServiceArchive {

    /** The longest a JVM may take to write its archive. */
    private static final Duration DUMP_TIMEOUT = Duration.ofMinutes(3);

    /** A part file older than this belongs to a run that was killed while writing it. */
    private static final Duration STALE_PART = Duration.ofHours(1);

    private static final String PART = ".part";

    /** What the archive is made from: files, and directories whose every file counts. */
    private final List<Path> inputs;

    private final Path archive;
    private final Path supervisor;

    private ServiceArchive(List<Path> inputs, Path archive, Path supervisor) {
        this.inputs = List.copyOf(inputs);
        this.archive = archive;
        this.supervisor = supervisor;
    }

    /** The archive of the service packaged in {@code quarkusApp} for the JDK {@code java}. */
    static ServiceArchive of(Path moduleDir, ServiceJava java) {
        Path dir = moduleDir.resolve("target/cds");
        Path supervisor = dir.resolve("supervised-main.jar");
        Path app = moduleDir.resolve("target/quarkus-app");
        // Named after where the service is too: the JVM keeps the class path's paths in the archive and ignores the
        // archive at another (a copied checkout), so a copy's archive would be current and never used.
        return new ServiceArchive(
                List.of(app, supervisor),
                dir.resolve(moduleDir.getFileName() + "-" + jdk(java) + "-"
                        + digest(app.toAbsolutePath().normalize().toString()) + ".jsa"),
                supervisor);
    }

    /**
     * The archive of a JVM run on the class path {@code jars} (files only: the JVM makes no archive with a directory
     * on it) by the JDK {@code java}, in {@code dir}: named after the JDK and the class path, so that another class
     * path (another build's jars) has an archive of its own. No supervisor: {@link #supervisorJar} is not for it.
     */
    static ServiceArchive ofClassPath(String name, List<Path> jars, Path dir, ServiceJava java) {
        String classPath = String.join(
                File.pathSeparator, jars.stream().map(Path::toString).toList());
        return new ServiceArchive(jars, dir.resolve(name + "-" + jdk(java) + "-" + digest(classPath) + ".jsa"), null);
    }

    private static String jdk(ServiceJava java) {
        return java.version() + "-"
                + digest(java.executable().toAbsolutePath().normalize().toString());
    }

    Path archive() {
        return archive;
    }

    /** The jar holding {@link SupervisedMain}, written when missing or different: the class path's second entry. */
    Path supervisorJar() throws IOException {
        return classJar(SupervisedMain.class, supervisor);
    }

    /**
     * A jar at {@code jar} holding the one class {@code main} (not the classes nested in it), written when missing
     * or different: the JVM makes no archive for a class path with a directory on it (this module's classes, when it
     * runs from its build).
     */
    static Path classJar(Class<?> main, Path jar) throws IOException {
        byte[] code = classFile(main);
        String entry = main.getName().replace('.', '/') + ".class";
        if (Files.isRegularFile(jar)) {
            try (JarFile existingJar = new JarFile(jar.toFile())) {
                JarEntry existing = existingJar.getJarEntry(entry);
                if (existing != null) {
                    try (InputStream in = existingJar.getInputStream(existing)) {
                        if (Arrays.equals(in.readAllBytes(), code)) {
                            return jar;
                        }
                    }
                }
            } catch (IOException e) {
                // Unreadable: written again below.
            }
        }
        Files.createDirectories(jar.getParent());
        Path part = jar.resolveSibling(jar.getFileName() + "." + UUID.randomUUID() + PART);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(part))) {
            out.putNextEntry(new JarEntry(entry));
            out.write(code);
            out.closeEntry();
        }
        move(part, jar);
        return jar;
    }

    private static byte[] classFile(Class<?> type) throws IOException {
        String name = type.getName();
        try (InputStream in = type.getResourceAsStream(name.substring(name.lastIndexOf('.') + 1) + ".class")) {
            if (in == null) {
                throw new IOException("the class file of " + type.getName() + " is not readable");
            }
            return in.readAllBytes();
        }
    }

    /**
     * Whether the archive exists and is newer than every file it is made from (the packaged service and the
     * supervisor's jar, or the class path's jars): a build since it was made may have changed any class it holds.
     */
    boolean current() {
        FileTime made;
        try {
            made = Files.getLastModifiedTime(archive);
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            for (Path input : inputs) {
                try (Stream<Path> files = Files.walk(input)) {
                    if (!files.filter(Files::isRegularFile).allMatch(file -> olderThan(file, made))) {
                        return false;
                    }
                }
            }
            return true;
        } catch (NoSuchFileException e) {
            // An input gone (a class path entry removed by a build): nothing to trust the archive against.
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean olderThan(Path file, FileTime made) {
        try {
            return Files.getLastModifiedTime(file).compareTo(made) < 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The JVM options of a launch: use the archive when it is current, else record what {@link #dump} needs, with a
     * part file of its own to dump to. Removes part files of runs long gone.
     */
    Launch launch() throws IOException {
        removeStaleParts();
        if (current()) {
            return new Launch(List.of("-XX:SharedArchiveFile=" + archive), null);
        }
        Path part = archive.resolveSibling(archive.getFileName() + "." + UUID.randomUUID() + PART);
        // Classes the JVM cannot archive (not linked, generated) are skipped with a warning each: not the service's
        // log.
        return new Launch(List.of("-XX:+RecordDynamicDumpInfo", "-Xlog:cds*=off"), part);
    }

    /**
     * Has the running JVM {@code pid}, launched with {@link #launch}'s options, write its loaded classes to the launch's
     * part file, then makes that file the archive (a rename, so that a JVM starting at the same time maps the whole
     * old archive or the whole new one). The JVM stops at a safepoint while it writes.
     *
     * @return whether the archive was written; when not, why is in {@code log}
     */
    boolean dump(ServiceJava java, long pid, Path part, Path log) {
        Path jcmd = java.executable().resolveSibling("jcmd");
        try {
            if (!Files.isExecutable(jcmd)) {
                return false;
            }
            Process process = new ProcessBuilder(
                            jcmd.toString(), Long.toString(pid), "VM.cds", "dynamic_dump", part.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!process.waitFor(DUMP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            if (process.exitValue() == 0
                    && Files.isRegularFile(part)
                    && Files.size(part) > 0
                    && !Files.readString(log).toLowerCase(Locale.ROOT).contains("error")) {
                move(part, archive);
                return true;
            }
            return false;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            discard(part);
        }
    }

    /** Removes a part file that is not to become the archive. */
    static void discard(Path part) {
        try {
            Files.deleteIfExists(part);
        } catch (IOException e) {
            // Removed with the stale parts on a later launch.
        }
    }

    private void removeStaleParts() throws IOException {
        Path dir = archive.getParent();
        Files.createDirectories(dir);
        Instant stale = Instant.now().minus(STALE_PART);
        List<Path> parts = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(f -> f.getFileName().toString().endsWith(PART)).forEach(parts::add);
        }
        for (Path part : parts) {
            try {
                if (Files.getLastModifiedTime(part).toInstant().isBefore(stale)) {
                    Files.deleteIfExists(part);
                }
            } catch (IOException e) {
                // Gone already, or another launch removes it.
            }
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The options of one launch, and the part file {@link #dump} writes the archive to (null: it uses the archive). */
    record Launch(List<String> options, Path part) {}
}
