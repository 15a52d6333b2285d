package dev.snailbench.localstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
final class Endpoints {

    private Endpoints() {
    }

    /** Where the platform is: the file {@code ./snailbench up} writes, then the environment on top. */
    static Map<String, String> find(Path root) {
        Map<String, String> found = new HashMap<>();
        Path file = root.resolve(Up.ENDPOINTS_FILE);
        if (Files.isRegularFile(file)) {
            Properties p = new Properties();
            try (var in = Files.newInputStream(file)) {
                p.load(in);
            } catch (IOException e) {
                throw new Cli.UserError("cannot read " + file + ": " + e.getMessage());
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

    /** A service's URL for this path, or a {@link Cli.UserError} saying how to start or point at it. */
    static String url(Map<String, String> endpoints, String service, String path) {
        String base = endpoints.get(service);
        if (base == null) {
            throw new Cli.UserError("where is the " + service + " service? Start the platform with ./snailbench up, or "
                    + "set SNAILBENCH_" + service.toUpperCase(Locale.ROOT) + "_URL");
        }
        return base + path;
    }
}
