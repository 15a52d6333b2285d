package dev.snailbench.testkit;

import java.nio.file.Files;
import java.nio.file.Path;

/** The project's root folder (the one holding the parent pom and test-kit) above the module a test runs in. */
final class ProjectRoot {

    private ProjectRoot() {}

    static Path find() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !(Files.exists(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("test-kit")))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException(
                    "no project root above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
