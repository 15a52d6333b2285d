package dev.snailbench.datasets;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the public datasets are: system property {@code snailbench.data-dir}, else environment variable
 * {@code SNAILBENCH_DATA_DIR}, else {@code ../shared/data} next to the project root (looked up from the
 * working directory, which is a module directory during a Maven build).
 */
public final class DataDir {

    private DataDir() {}

    public static Path resolve() {
        String configured = System.getProperty("snailbench.data-dir", System.getenv("SNAILBENCH_DATA_DIR"));
        if (configured != null && !configured.isBlank()) {
            return requireDir(Path.of(configured));
        }
        Path cwd = Path.of("").toAbsolutePath();
        for (Path p = cwd; p != null; p = p.getParent()) {
            Path candidate = p.resolve("../shared/data").normalize();
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no data directory: set -Dsnailbench.data-dir or SNAILBENCH_DATA_DIR "
                + "(default ../shared/data from the project root, looked up from " + cwd + ")");
    }

    private static Path requireDir(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("data directory " + dir.toAbsolutePath() + " does not exist");
        }
        return dir;
    }
}
