package dev.snailbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Where the platform's services are, for the command-line client: {@code target/snailbench-endpoints.properties}
 * written by {@code ./snailbench up}, then the environment on top ({@code SNAILBENCH_GENERATOR_URL},
 * {@code SNAILBENCH_EXECUTOR_URL}, {@code SNAILBENCH_SCORER_URL}, {@code SNAILBENCH_ADMIN_KEY}).
 */
public final class Endpoints {

    /** Where the running platform's URLs and admin key are written for the command-line client (removed on stop). */
    public static final String FILE = "target/snailbench-endpoints.properties";

    private Endpoints() {}

    /**
     * Writes the running platform's URLs ({@code generator}, {@code executor}, ... to URL) and {@code adminKey} for
     * the command-line client, readable by the owner only.
     */
    public static void write(Path root, Map<String, String> endpoints) throws IOException {
        Properties p = new Properties();
        endpoints.forEach(p::setProperty);
        Path file = root.resolve(FILE);
        Files.createDirectories(file.getParent());
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (var out = Files.newOutputStream(file)) {
            p.store(out, "written by ./snailbench up; removed when it stops");
        }
    }

    /** Where the platform is: the file {@code ./snailbench up} writes, then the environment on top. */
    static Map<String, String> find(Path root) {
        Map<String, String> found = new HashMap<>();
        Path file = root.resolve(FILE);
        if (Files.isRegularFile(file)) {
            Properties p = new Properties();
            try (var in = Files.newInputStream(file)) {
                p.load(in);
            } catch (IOException e) {
                throw new UserError("cannot read " + file + ": " + e.getMessage());
            }
            p.forEach((k, v) -> found.put(k.toString(), v.toString()));
        }
        for (String name : List.of("generator", "executor", "scorer")) {
            String env = System.getenv("SNAILBENCH_" + name.toUpperCase(Locale.ROOT) + "_URL");
            if (env != null && !env.isBlank()) {
                found.put(name, env);
            }
        }
        String admin = System.getenv("SNAILBENCH_ADMIN_KEY");
        if (admin != null && !admin.isBlank()) {
            found.put("adminKey", admin);
        }
        return found;
    }

    /** A service's URL for this path, or a {@link UserError} saying how to start or point at it. */
    static String url(Map<String, String> endpoints, String service, String path) {
        String base = endpoints.get(service);
        if (base == null) {
            throw new UserError("where is the " + service + " service? Start the platform with ./snailbench up, or "
                    + "set SNAILBENCH_" + service.toUpperCase(Locale.ROOT) + "_URL");
        }
        return base + path;
    }
}
