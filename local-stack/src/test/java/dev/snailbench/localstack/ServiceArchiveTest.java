package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A service's class-data archive: written by a first run once it is ready, mapped by the next run on the same JDK,
 * made again once the packaged service changes; real JVMs on a stand-in service packaged like a Quarkus application.
 */
class ServiceArchiveTest {

    /** Stands in for a service: loads a few classes, says it is ready, and runs until its input ends. */
    public static final class StandIn {
        public static void main(String[] args) throws Exception {
            System.out.println("stand-in ready with " + new java.util.concurrent.ConcurrentSkipListMap<>().size());
            System.out.flush();
            System.in.readAllBytes();
        }
    }

    @TempDir
    Path module;

    @Test
    void shouldWriteTheArchiveAtTheFirstRunAndMapItAtTheNext() throws Exception {
        Path app = packageStandIn();
        ServiceArchive archive = ServiceArchive.of(module, ServiceJava.launcher());

        ServiceArchive.Launch first = archive.launch();
        assertThat(archive.current()).isFalse();
        assertThat(first.part()).isNotNull();
        assertThat(run(app, archive, first, List.of())).contains("stand-in ready with 0");

        assertThat(archive.archive()).isNotEmptyFile();
        assertThat(first.part()).doesNotExist();
        assertThat(archive.current()).isTrue();
        ServiceArchive.Launch next = archive.launch();
        assertThat(next.part()).isNull();
        assertThat(next.options()).containsExactly("-XX:SharedArchiveFile=" + archive.archive());
        // -Xshare:on: the JVM refuses to start when it cannot map the archive.
        String classes = run(app, archive, next, List.of("-Xshare:on", "-Xlog:class+load=info"));
        assertThat(classes)
                .contains("stand-in ready with 0")
                .containsPattern("ServiceArchiveTest\\$StandIn source: shared objects file \\(top\\)")
                .containsPattern("SupervisedMain source: shared objects file \\(top\\)");
    }

    @Test
    void shouldMakeTheArchiveAgainWhenTheServiceIsNewer() throws Exception {
        Path app = packageStandIn();
        ServiceArchive archive = ServiceArchive.of(module, ServiceJava.launcher());
        run(app, archive, archive.launch(), List.of());
        assertThat(archive.current()).isTrue();

        Path lib = Files.createDirectories(app.resolve("lib/main")).resolve("rebuilt.jar");
        Files.writeString(lib, "a library of a later build");
        Files.setLastModifiedTime(lib, FileTime.from(Instant.now().plusSeconds(5)));

        assertThat(archive.current()).isFalse();
        assertThat(archive.launch().part()).isNotNull();
    }

    @Test
    void shouldKeepTheSupervisorJarWhileItsClassIsTheSame() throws Exception {
        ServiceArchive archive = ServiceArchive.of(module, ServiceJava.launcher());
        Path jar = archive.supervisorJar();
        FileTime written = FileTime.from(Instant.now().minusSeconds(60));
        Files.setLastModifiedTime(jar, written);

        assertThat(archive.supervisorJar()).isEqualTo(jar);
        assertThat(Files.getLastModifiedTime(jar))
                .as("not written again: the archive stays valid")
                .isEqualTo(written);

        Files.writeString(jar, "not a jar");
        archive.supervisorJar();
        assertThat(Files.size(jar)).isGreaterThan(100);
    }

    @Test
    void shouldKeepAnArchivePerClassPathAndMakeItAgainWhenAJarOfItIsNewer() throws Exception {
        Path jar = ServiceArchive.classJar(StandIn.class, module.resolve("cds/stand-in.jar"));
        Path library = Files.writeString(module.resolve("library.jar"), "a library");
        for (Path file : List.of(jar, library)) {
            Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(5)));
        }
        ServiceArchive archive = ServiceArchive.ofClassPath(
                "broker", List.of(jar, library), module.resolve("cds"), ServiceJava.launcher());
        ServiceArchive other =
                ServiceArchive.ofClassPath("broker", List.of(jar), module.resolve("cds"), ServiceJava.launcher());
        assertThat(other.archive()).as("another class path, another archive").isNotEqualTo(archive.archive());

        ServiceArchive.Launch first = archive.launch();
        assertThat(first.part()).isNotNull();
        Files.writeString(archive.archive(), "an archive written after the jars");
        assertThat(archive.current()).isTrue();
        assertThat(ServiceArchive.classJar(StandIn.class, jar))
                .as("the same class: the jar is kept, the archive stays current")
                .isEqualTo(jar);
        assertThat(archive.current()).isTrue();

        Files.setLastModifiedTime(library, FileTime.from(Instant.now().plusSeconds(5)));
        assertThat(archive.current()).as("a jar rebuilt after it").isFalse();
        Files.delete(library);
        assertThat(archive.current()).as("a jar gone").isFalse();
    }

    @Test
    void shouldRemoveOnlyStalePartFiles() throws Exception {
        ServiceArchive archive = ServiceArchive.of(module, ServiceJava.launcher());
        Files.createDirectories(archive.archive().getParent());
        Path stale = archive.archive().resolveSibling("x.jsa.old.part");
        Path writing = archive.archive().resolveSibling("x.jsa.now.part");
        Files.writeString(stale, "left by a killed run");
        Files.writeString(writing, "being written by a running service");
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(Duration.ofHours(2))));

        archive.launch();

        assertThat(stale).doesNotExist();
        assertThat(writing).exists();
    }

    /** A quarkus-app directory whose runner jar holds the stand-in. */
    private Path packageStandIn() throws Exception {
        Path app = Files.createDirectories(module.resolve("target/quarkus-app"));
        String entry = StandIn.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(app.resolve("quarkus-run.jar")));
                InputStream in = StandIn.class.getResourceAsStream("/" + entry)) {
            out.putNextEntry(new JarEntry(entry));
            out.write(in.readAllBytes());
            out.closeEntry();
        }
        // The archive is newer than the package only when made after it (file times may be coarse).
        Files.setLastModifiedTime(
                app.resolve("quarkus-run.jar"), FileTime.from(Instant.now().minusSeconds(5)));
        return app;
    }

    /**
     * Runs the stand-in as Stack runs a service, with the launch's options, and once it is ready has it write the
     * archive when the launch makes one; returns its output.
     */
    private String run(Path app, ServiceArchive archive, ServiceArchive.Launch launch, List<String> extra)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(KafkaBroker.javaExecutable()));
        command.addAll(launch.options());
        command.addAll(extra);
        command.addAll(List.of(
                "-cp",
                app.resolve("quarkus-run.jar") + File.pathSeparator + archive.supervisorJar(),
                SupervisedMain.class.getName(),
                Long.toString(ProcessHandle.current().pid()),
                StandIn.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader lines =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder output = new StringBuilder();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            output.append(line).append('\n');
            if (line.startsWith("stand-in ready")) {
                break;
            }
        }
        if (launch.part() != null) {
            Path log = module.resolve("dump.log");
            assertThat(archive.dump(ServiceJava.launcher(), process.pid(), launch.part(), log))
                    .as(output + Files.readString(log))
                    .isTrue();
            assertThat(launch.part()).as("renamed to the archive").doesNotExist();
        }
        process.getOutputStream().close();
        lines.lines().forEach(line -> output.append(line).append('\n'));
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output.toString()).isZero();
        return output.toString();
    }
}
