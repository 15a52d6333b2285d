package dev.snailbench.localstack;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * PostgreSQL data directories made once per machine and set of binaries (in the temp directory) and copied for every
 * server: a fresh cluster (initdb's output) and clusters filled from it, such as FootballDB loaded. A copy takes a
 * fraction of the seconds initdb (or loading) takes, and is a new cluster in every way that matters here: every login
 * is trusted until {@link Postgres} sets the superuser's password and requires passwords, exactly as after initdb.
 */
final class PostgresTemplate {

    /** Where {@code ready} marks a whole template (written last); its time is when the template was last used. */
    private static final String READY = "snailbench-template-ready";

    private static final String PREFIX = "snailbench-pg-template-";

    /** A template of this machine's binaries that another of its kind replaced is removed once unused this long. */
    static final Duration STALE_VARIANT = Duration.ofMinutes(30);

    /** Any other template (other binaries, another checkout's), or a make that never finished, once unused this long. */
    static final Duration STALE_OTHER = Duration.ofDays(2);

    private PostgresTemplate() {}

    /** The template of a fresh cluster (initdb's output), made first if there is none. */
    static Path base() {
        Path template = directory("");
        try {
            if (!ready(template)) {
                make(template, work -> {
                    // zonky has no initdb alone: one start and a clean stop.
                    EmbeddedPostgres server = EmbeddedPostgres.builder()
                            .setPort(Ports.free())
                            .setDataDirectory(work)
                            .setCleanDataDirectory(false)
                            .start();
                    server.close();
                });
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the PostgreSQL template " + template, e);
        }
        removeStale(template.getParent(), template, Instant.now());
        return template;
    }

    /**
     * The template of a cluster made from the base one and filled by {@code fill} (e.g. databases loaded), named
     * {@code name}: made first if there is none (the name must change whenever what {@code fill} does changes).
     */
    static Path derived(String name, Consumer<Postgres> fill) {
        Path template = directory("-" + name);
        try {
            if (!ready(template)) {
                make(template, work -> {
                    Postgres server = Postgres.start(base());
                    try {
                        fill.accept(server);
                    } catch (RuntimeException e) {
                        server.close();
                        throw e;
                    }
                    server.stopInto(work);
                });
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the PostgreSQL template " + template, e);
        }
        removeStale(template.getParent(), template, Instant.now());
        return template;
    }

    /** Copies a template into the empty directory {@code target}, and marks it used now. */
    static void copyInto(Path template, Path target) {
        try {
            // First: a template being copied is never one unused long enough to be removed.
            Files.setLastModifiedTime(template.resolve(READY), FileTime.from(Instant.now()));
            copy(template, target);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the PostgreSQL template " + template + " to " + target, e);
        }
    }

    /**
     * Removes the templates in {@code dir} that are stale: of the same binaries and kind as {@code current} (FootballDB
     * loaded by another loader or from other dumps) and unused for {@link #STALE_VARIANT}, or any other unused for
     * {@link #STALE_OTHER} (a make left unfinished counts from its last change). A template is renamed away before it
     * is deleted, so no process ever sees half of one; one in use is never that old ({@link #copyInto}).
     */
    static void removeStale(Path dir, Path current, Instant now) {
        String name = current.getFileName().toString();
        String kind = kind(name);
        List<Path> templates;
        try (Stream<Path> list = Files.list(dir)) {
            templates = list.filter(p -> p.getFileName().toString().startsWith(PREFIX)
                            && !p.equals(current)
                            && !p.getFileName().toString().contains(".removing-")
                            && Files.isDirectory(p))
                    .toList();
        } catch (IOException e) {
            return;
        }
        for (Path template : templates) {
            String other = template.getFileName().toString();
            boolean making = other.contains(".making-");
            Duration stale = !making && kind.equals(kind(other)) ? STALE_VARIANT : STALE_OTHER;
            try {
                Path marker = making || !ready(template) ? template : template.resolve(READY);
                if (Files.getLastModifiedTime(marker).toInstant().isAfter(now.minus(stale))) {
                    continue;
                }
                Path removing = template.resolveSibling(other + ".removing-" + UUID.randomUUID());
                Files.move(template, removing, StandardCopyOption.ATOMIC_MOVE);
                KafkaBroker.deleteRecursively(removing);
            } catch (IOException e) {
                // Removed by another process at the same time, or not ours to remove: left alone.
            }
        }
    }

    /**
     * A template's kind: its name without what changes with its contents (the derived template's hash, or the base
     * template's binaries key alone): {@code <binaries key>-footballdb} for {@code <binaries key>-footballdb-<hash>}.
     */
    private static String kind(String name) {
        String rest = name.substring(PREFIX.length());
        int dash = rest.lastIndexOf('-');
        return dash < 0 ? rest : rest.substring(0, dash);
    }

    private static Path directory(String suffix) {
        return Path.of(System.getProperty("java.io.tmpdir"), "snailbench-pg-template-" + binariesKey() + suffix);
    }

    private static boolean ready(Path template) {
        return Files.isRegularFile(template.resolve(READY));
    }

    /** What fills a template's data directory, which exists and is empty when it is called. */
    private interface Maker {
        void make(Path work) throws IOException;
    }

    /**
     * Fills a directory of its own, then renames it to the template's name: two processes making it at once both
     * succeed, and one of the two copies is kept.
     */
    private static void make(Path template, Maker maker) throws IOException {
        Path work = Files.createTempDirectory(template.getParent(), template.getFileName() + ".making-");
        try {
            maker.make(work);
            Files.deleteIfExists(work.resolve("postmaster.opts"));
            Files.writeString(work.resolve(READY), "");
            try {
                Files.move(work, template, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileSystemException e) {
                // Another process made it first: renaming onto its directory fails (on Linux as a plain
                // FileSystemException, "Directory not empty"), and its whole copy is kept.
                if (!ready(template)) {
                    throw e;
                }
            }
        } finally {
            KafkaBroker.deleteRecursively(work);
        }
        if (!ready(template)) {
            throw new IOException("the template was not made");
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(from)) {
            paths = walk.toList();
        }
        for (Path source : paths) {
            Path relative = from.relativize(source);
            if (relative.toString().equals(READY) || relative.toString().isEmpty()) {
                continue;
            }
            Path target = to.resolve(relative.toString());
            if (Files.isDirectory(source)) {
                Files.createDirectories(target);
            } else {
                Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    /**
     * The binaries' identity: a hash of where zonky's PostgreSQL archive for this system is on the classpath (the
     * versioned jar); another version of the binaries gets a template of its own.
     */
    static String binariesKey() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        String source = EmbeddedPostgres.class.getName();
        for (String name : List.of(
                "postgres-linux-x86_64.txz",
                "postgres-linux-arm_64.txz",
                "postgres-darwin-x86_64.txz",
                "postgres-darwin-arm_64.txz",
                "postgres-windows-x86_64.txz")) {
            URL url = EmbeddedPostgres.class.getClassLoader().getResource(name);
            if (url != null) {
                source = url.toString();
                break;
            }
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((source + "|" + os + "|" + arch).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
