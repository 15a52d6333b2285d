package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What every command of the command-line client uses: where the services are ({@link Endpoints}), the one HTTP client
 * ({@link PlatformClient}), the API key, files named on the command line, and the output (columns, or the API's JSON
 * with {@code --json}).
 */
final class CommandContext {

    final PrintStream out;
    final PlatformClient client;
    private final Map<String, String> endpoints;

    CommandContext(Map<String, String> endpoints, PrintStream out, PlatformClient client) {
        this.endpoints = endpoints;
        this.out = out;
        this.client = client;
    }

    /** A service's URL for this path, or a {@link UserError} saying how to start or point at it. */
    String url(String service, String path) {
        return Endpoints.url(endpoints, service, path);
    }

    /** A JSON request to a service with the tenant's key ({@link #apiKey}); the answer's JSON. */
    JsonNode call(String method, String service, String path, CliArgs a, Object body) {
        String url = url(service, path);
        return client.call(method, url, apiKey(a), body);
    }

    /** The admin key ({@code SNAILBENCH_ADMIN_KEY}, or the endpoints file), or null. */
    String adminKey() {
        return endpoints.get("adminKey");
    }

    /** Whether the platform was started with FootballDB ({@code ./snailbench up --footballdb}). */
    boolean footballDb() {
        return endpoints.containsKey("footballdb");
    }

    /** The tenant's key header: {@code --api-key}, else {@code SNAILBENCH_API_KEY}. */
    static Map<String, String> apiKey(CliArgs a) {
        String key = a.has("--api-key") ? a.option("--api-key") : System.getenv("SNAILBENCH_API_KEY");
        if (key == null || key.isBlank()) {
            throw new UserError("no API key: set SNAILBENCH_API_KEY or pass --api-key (./snailbench tenant create "
                    + "prints one)");
        }
        return Map.of("X-API-Key", key);
    }

    /** A file named on the command line: relative to where the command was typed. */
    static Path file(String name) {
        String cwd = System.getProperty("snailbench.cwd");
        return cwd == null ? Path.of(name) : Path.of(cwd).resolve(name);
    }

    /**
     * A JSON or YAML file named on the command line ({@code .yaml}/{@code .yml} read as YAML), as a tree; a
     * {@link UserError} naming the file when it is missing or unreadable (YAML errors with their line and column).
     */
    static JsonNode readJsonOrYaml(String named) {
        Path path = file(named);
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        ObjectMapper reader = name.endsWith(".yaml") || name.endsWith(".yml") ? Yaml.MAPPER : PlatformClient.json();
        try {
            return reader.readTree(Files.readString(path));
        } catch (NoSuchFileException e) {
            throw new UserError("no such file: " + path);
        } catch (IOException e) {
            throw new UserError("cannot read " + path + ": "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** A text file named on the command line, or a {@link UserError} naming it. */
    static String readText(String named) {
        Path path = file(named);
        try {
            return Files.readString(path);
        } catch (NoSuchFileException e) {
            throw new UserError("no such file: " + path);
        } catch (IOException e) {
            throw new UserError("cannot read " + path + ": " + e.getMessage());
        }
    }

    /** Writes text to a file named on the command line; a {@link UserError} when it cannot. */
    static Path write(String named, String text) {
        Path path = file(named);
        try {
            Files.writeString(path, text);
            return path.toAbsolutePath();
        } catch (IOException e) {
            throw new UserError("cannot write " + path + ": " + e.getMessage());
        }
    }

    /** The YAML reader, made on first use (most commands read no YAML). */
    private static final class Yaml {
        static final ObjectMapper MAPPER = new YAMLMapper();
    }

    void print(JsonNode node) {
        out.println(node.toPrettyString());
    }

    /** With {@code --json}: prints the API's JSON and says so (the command prints nothing else). */
    boolean printedAsJson(CliArgs a, JsonNode node) {
        if (a.has("--json")) {
            print(node);
            return true;
        }
        return false;
    }

    /** An array of objects as aligned columns (the API's JSON with --json). */
    void table(JsonNode rows, CliArgs a, List<String> columns) {
        if (!printedAsJson(a, rows)) {
            TablePrinter.print(out, rows, columns);
        }
    }
}
