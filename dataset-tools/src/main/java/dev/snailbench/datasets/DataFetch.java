package dev.snailbench.datasets;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Fetches datasets into a data directory: each repository is checked out at its pinned commit into a scratch
 * directory, converted into a temporary folder inside the data directory, and only when every requested dataset
 * has been converted are the files moved into place (then {@code CHECKSUMS.sha256} is rewritten). A failure
 * leaves the data directory as it was. Files of the layout a conversion does not produce are left alone.
 */
final class DataFetch {

    /** A fetch or conversion that failed; the message is one line naming the repository and what to do. */
    static final class Failed extends Exception {
        Failed(String message) {
            super(message);
        }
    }

    private final PrintStream out;

    DataFetch(PrintStream out) {
        this.out = out;
    }

    /** Returns the notes of what was not produced (empty when the layout is complete). */
    List<String> fetch(Path dataDir, List<Dataset> datasets) throws Failed, IOException {
        boolean created = !Files.exists(dataDir);
        Files.createDirectories(dataDir);
        Path staging = Files.createTempDirectory(dataDir, ".fetch-");
        Path scratch = Files.createTempDirectory("snailbench-data-");
        List<String> notes = new ArrayList<>();
        boolean done = false;
        try {
            for (Dataset d : datasets) {
                if (!d.conversion().producesFiles()) {
                    List<String> skipped = d.conversion().convert(null, null);
                    skipped.forEach(n -> out.println(d.name() + ": " + n));
                    notes.addAll(skipped);
                    continue;
                }
                out.println(d.name() + ": fetching " + d.url() + " at " + d.shortCommit() + " ...");
                String commit;
                Path checkout = scratch.resolve(d.name());
                try {
                    commit = Git.checkout(d.url(), d.commit(), checkout);
                } catch (Git.FetchFailed e) {
                    String advice = e.unreachable
                            ? "Offline? Point SNAILBENCH_DATA_DIR or --data-dir at an existing " + "copy of the data"
                            : "Check the pinned commit (SNAILBENCH_DATA_"
                                    + d.name().toUpperCase(Locale.ROOT)
                                    + "_COMMIT) or point SNAILBENCH_DATA_DIR or --data-dir at an existing copy of the data";
                    throw new Failed("cannot fetch " + d.name() + " from " + d.url() + " (" + d.repository() + " at "
                            + d.shortCommit() + "): " + e.getMessage() + ". " + advice + "; nothing was changed in "
                            + dataDir);
                }
                List<String> missing;
                try {
                    missing = d.conversion().convert(checkout, staging.resolve(d.name()));
                } catch (IOException | RuntimeException e) {
                    throw new Failed("cannot convert " + d.name() + " from " + d.repository() + " at " + commit + ": "
                            + e.getMessage() + "; nothing was changed in " + dataDir);
                }
                out.println(d.name() + ": converted from " + d.repository() + " " + commit + " ("
                        + Checksums.files(staging).stream()
                                .filter(f -> f.startsWith(d.name() + "/"))
                                .count() + " files)");
                missing.forEach(n -> out.println(d.name() + ": " + n));
                d.conversion().caveats().forEach(n -> out.println(d.name() + ": note: " + n));
                notes.addAll(missing);
                delete(checkout);
            }
            int moved = moveIntoPlace(staging, dataDir);
            int listed = Checksums.write(dataDir);
            out.println("wrote " + moved + " files into " + dataDir + "; " + Checksums.FILE + " lists " + listed
                    + " files");
            done = true;
            return notes;
        } finally {
            delete(scratch);
            delete(staging);
            if (!done && created) {
                delete(dataDir);
            }
        }
    }

    private static int moveIntoPlace(Path staging, Path dataDir) throws IOException {
        List<String> files = Checksums.files(staging);
        for (String rel : files) {
            Path target = dataDir.resolve(rel);
            Files.createDirectories(target.getParent());
            Files.move(
                    staging.resolve(rel), target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return files.size();
    }

    static void delete(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                file.toFile().setWritable(true); // git marks its pack files read-only
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
