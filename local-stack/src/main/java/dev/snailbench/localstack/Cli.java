package dev.snailbench.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * The command-line client ({@code ./snailbench <command>}), talking to the platform's REST APIs as a team would.
 * Where the services are: {@code target/snailbench-endpoints.properties} written by {@code ./snailbench up}, or
 * the environment ({@code SNAILBENCH_GENERATOR_URL}, {@code SNAILBENCH_EXECUTOR_URL}, {@code SNAILBENCH_SCORER_URL}).
 * Keys: {@code SNAILBENCH_API_KEY} (or {@code --api-key}) and, for {@code tenant create}, {@code SNAILBENCH_ADMIN_KEY}
 * (or the endpoints file). Every 4xx is printed as the platform's error with the field to fix, exit code 1.
 */
public final class Cli {

    static final String USAGE = """
            usage: ./snailbench <command> [options]
              tenant create <name>                      create a tenant; prints its API key (admin key needed)
              db register --name N --kind postgresql|sqlserver --jdbc-url URL --user U --password P
                          [--admin-user U --admin-password P]   register a database (prints its id)
              db list | db test <id> | db schema <id>   the tenant's databases, a connection test, a schema
              job spec footballdb v1|v2|v3 --database <id> [--out FILE]   a job spec to start from: FootballDB's
                                                        100 dev questions and gpt-3.5-turbo's recorded answers
              job submit <spec.json|spec.yaml> [--watch]   submit a job (prints its id); --watch follows it to the end
              job list | job status <id> | job cancel <id>   (list, status: --json for the API's JSON)
              report <job> [--html FILE | --csv FILE | --json] [--open]   the job's report (JSON to stdout by
                                                        default); --open shows the HTML report in the browser
              review <job>                              items whose verdict a person should judge
              review <job> <item> correct|incorrect [--note TEXT] [--reviewer NAME]   record a verdict
            options: --api-key KEY (else SNAILBENCH_API_KEY)""";

    /** A failure to show the user as is (what went wrong and what to fix), with exit code 1. */
    static final class UserError extends RuntimeException {
        UserError(String message) {
            super(message);
        }
    }

    private static final ObjectMapper JSON = PlatformClient.json();
    private static final ObjectMapper YAML = new YAMLMapper();

    private final Map<String, String> endpoints;
    private final PrintStream out;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /** Shows a file in the desktop's browser ({@code report --open}). */
    private final Consumer<Path> browser;

    Cli(Map<String, String> endpoints, PrintStream out) {
        this(endpoints, out, Cli::openInBrowser);
    }

    Cli(Map<String, String> endpoints, PrintStream out, Consumer<Path> browser) {
        this.endpoints = endpoints;
        this.out = out;
        this.browser = browser;
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println(USAGE);
            System.exit(2);
        }
        Path root = Path.of(args[0]);
        List<String> rest = List.of(args).subList(1, args.length);
        try {
            new Cli(endpoints(root), System.out).run(rest);
        } catch (UserError e) {
            System.err.println("error: " + e.getMessage());
            System.exit(1);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        }
    }

    /** Where the platform is: the file {@code ./snailbench up} writes, then the environment on top. */
    static Map<String, String> endpoints(Path root) {
        Map<String, String> found = new HashMap<>();
        Path file = root.resolve(Up.ENDPOINTS_FILE);
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

    void run(List<String> args) {
        Args a = new Args(args);
        boolean onJob = a.words.get(0).equals("report") || a.words.get(0).equals("review");
        String command = a.word(0, "a command") + (a.words.size() > 1 && !onJob ? " " + a.words.get(1) : "");
        if (a.words.get(0).equals("help")) {
            out.println(USAGE);
            return;
        }
        switch (command) {
            case "tenant create" -> tenantCreate(a.word(2, "the tenant's name"));
            case "db register" -> dbRegister(a);
            case "db list" -> table(call("GET", url("executor", "/databases"), apiKey(a), null), a,
                    List.of("id", "name", "kind", "jdbcUrl"));
            case "db test" -> print(call("POST", url("executor", "/databases/" + a.word(2, "a database id") + "/test"),
                    apiKey(a), null));
            case "db schema" -> print(call("GET", url("executor", "/databases/" + a.word(2, "a database id")
                    + "/schema"), apiKey(a), null));
            case "job spec" -> jobSpec(a);
            case "job submit" -> jobSubmit(a);
            case "job list" -> table(call("GET", url("generator", "/jobs"), apiKey(a), null), a,
                    List.of("jobId", "status", "done", "total", "failed", "name"));
            case "job status" -> jobStatus(call("GET", url("generator", "/jobs/" + a.word(2, "a job id")), apiKey(a),
                    null), a);
            case "job cancel" -> print(call("POST", url("generator", "/jobs/" + a.word(2, "a job id") + "/cancel"),
                    apiKey(a), null));
            default -> {
                if (a.words.get(0).equals("report")) {
                    report(a);
                } else if (a.words.get(0).equals("review")) {
                    review(a);
                } else {
                    throw new IllegalArgumentException("unknown command '" + String.join(" ", a.words) + "'");
                }
            }
        }
    }

    private void tenantCreate(String name) {
        String admin = endpoints.get("adminKey");
        if (admin == null) {
            throw new UserError("no admin key: set SNAILBENCH_ADMIN_KEY (printed by ./snailbench up)");
        }
        JsonNode tenant = call("POST", url("generator", "/tenants"), Map.of("X-Admin-Key", admin),
                Map.of("name", name));
        out.println("tenant " + tenant.path("tenantId").asText() + " created; its API key (shown once):");
        out.println(tenant.path("apiKey").asText());
        out.println("export SNAILBENCH_API_KEY=" + tenant.path("apiKey").asText());
    }

    private void dbRegister(Args a) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", a.option("--name"));
        body.put("kind", a.option("--kind"));
        body.put("jdbcUrl", a.option("--jdbc-url"));
        body.put("user", a.option("--user"));
        body.put("password", a.option("--password"));
        if (a.has("--admin-user")) {
            body.put("adminUser", a.option("--admin-user"));
            body.put("adminPassword", a.option("--admin-password"));
        }
        JsonNode db = call("POST", url("executor", "/databases"), apiKey(a), body);
        out.println("database " + db.path("id").asText() + " registered (" + db.path("name").asText() + ")");
    }

    /** A spec a newcomer can submit as it is, or edit: FootballDB's dev questions and recorded answers. */
    private void jobSpec(Args a) {
        String dataset = a.word(2, "a dataset (footballdb)");
        if (!dataset.equals("footballdb")) {
            throw new UserError("no spec template for '" + dataset + "': the one available is footballdb");
        }
        String version = a.word(3, "a FootballDB data model (v1, v2 or v3)");
        Map<String, Object> database = Map.of("databaseId", a.option("--database"));
        Path data;
        try {
            data = DataDir.resolve();
        } catch (IllegalStateException e) {
            throw new UserError(e.getMessage());
        }
        Map<String, Object> spec;
        try {
            spec = FootballDb.replayJob(data, version, database);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        } catch (IOException e) {
            throw new UserError("cannot read FootballDB " + version + " from " + data + " (" + e.getMessage()
                    + "); point SNAILBENCH_DATA_DIR at a data folder that has it, or ./snailbench data fetch");
        }
        String text;
        try {
            text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(spec);
        } catch (IOException e) {
            throw new UserError("cannot write the spec: " + e.getMessage());
        }
        if (!a.has("--out")) {
            out.println(text);
            return;
        }
        Path file = file(a.option("--out"));
        try {
            Files.writeString(file, text + System.lineSeparator());
        } catch (IOException e) {
            throw new UserError("cannot write " + file + ": " + e.getMessage());
        }
        out.println("job spec written to " + file.toAbsolutePath() + " (" + ((List<?>) spec.get("questions")).size()
                + " questions); submit it with ./snailbench job submit " + a.option("--out") + " --watch");
    }

    private void jobStatus(JsonNode job, Args a) {
        if (a.has("--json")) {
            print(job);
            return;
        }
        out.printf(Locale.ROOT, "job %s (%s): %s, %d/%d done, %d failed%n", job.path("jobId").asText(),
                job.path("name").asText(""), job.path("status").asText(), job.path("done").asInt(),
                job.path("total").asInt(), job.path("failed").asInt());
        if (job.hasNonNull("reason")) {
            out.println("reason: " + job.get("reason").asText());
        }
    }

    /** An array of objects as aligned columns (the API's JSON with --json). */
    private void table(JsonNode rows, Args a, List<String> columns) {
        if (a.has("--json")) {
            print(rows);
            return;
        }
        if (rows.isEmpty()) {
            out.println("(none)");
            return;
        }
        List<List<String>> lines = new ArrayList<>();
        lines.add(columns.stream().map(c -> c.toUpperCase(Locale.ROOT)).toList());
        rows.forEach(row -> lines.add(columns.stream().map(c -> row.path(c).isNull() ? "" : row.path(c).asText())
                .toList()));
        int[] widths = new int[columns.size()];
        lines.forEach(line -> {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        });
        lines.forEach(line -> {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < widths.length; i++) {
                // The last column (a name or a URL) is not padded, so long values do not push trailing blanks.
                sb.append(i == widths.length - 1 ? line.get(i) : String.format(Locale.ROOT, "%-" + widths[i] + "s  ",
                        line.get(i)));
            }
            out.println(sb.toString().stripTrailing());
        });
    }

    private void jobSubmit(Args a) {
        Path spec = file(a.word(2, "a job spec (JSON or YAML file)"));
        String name = spec.getFileName().toString().toLowerCase(Locale.ROOT);
        ObjectMapper reader = name.endsWith(".yaml") || name.endsWith(".yml") ? YAML : JSON;
        Object body;
        try {
            body = reader.readValue(Files.readString(spec), Object.class);
        } catch (IOException e) {
            throw new UserError("cannot read the job spec " + spec + ": " + e.getMessage().lines().findFirst()
                    .orElse(""));
        }
        JsonNode accepted = call("POST", url("generator", "/jobs"), apiKey(a), body);
        String jobId = accepted.path("jobId").asText();
        out.println("job " + jobId + " accepted");
        if (a.has("--watch")) {
            watch(jobId, apiKey(a));
        }
    }

    /** A progress line until the job ends: items done and failed, rate, ETA. */
    void watch(String jobId, Map<String, String> key) {
        long start = System.nanoTime();
        while (true) {
            JsonNode job = callOrNull("GET", url("generator", "/jobs/" + jobId), key);
            if (job != null) {
                int total = job.path("total").asInt();
                int done = job.path("done").asInt();
                double seconds = Math.max(0.001, (System.nanoTime() - start) / 1e9);
                double rate = done / seconds;
                int width = 30;
                int filled = total == 0 ? 0 : (int) ((long) width * done / total);
                String eta = rate > 0 && total > done ? String.format(Locale.ROOT, "ETA %.0f s", (total - done) / rate)
                        : "";
                String status = job.path("status").asText();
                out.printf(Locale.ROOT, "\r[%s%s] %d/%d done, %d failed, %.1f items/s %s %s   ", "#".repeat(filled),
                        ".".repeat(width - filled), done, total, job.path("failed").asInt(), rate, eta, status);
                out.flush();
                if (status.equals("completed") || status.equals("failed") || status.equals("cancelled")) {
                    out.println();
                    if (!job.path("reason").isMissingNode() && !job.path("reason").isNull()) {
                        out.println("reason: " + job.path("reason").asText());
                    }
                    return;
                }
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void report(Args a) {
        String jobId = a.word(1, "a job id");
        Map<String, String> key = apiKey(a);
        if (a.has("--open") && a.has("--csv")) {
            throw new UserError("--open shows the HTML report: use it with --html FILE, or alone");
        }
        if (a.has("--html") || a.has("--csv") || a.has("--open")) {
            boolean html = !a.has("--csv");
            Path file = a.has("--html") || a.has("--csv") ? file(a.option(html ? "--html" : "--csv"))
                    : Path.of(System.getProperty("java.io.tmpdir"), "snailbench-report-" + jobId + ".html");
            String text = raw(url("scorer", "/jobs/" + jobId + (html ? "/report.html" : "/report.csv")), key);
            try {
                Files.writeString(file, text);
            } catch (IOException e) {
                throw new UserError("cannot write " + file + ": " + e.getMessage());
            }
            out.println("report of job " + jobId + " written to " + file.toAbsolutePath());
            if (a.has("--open")) {
                browser.accept(file.toAbsolutePath());
            }
            return;
        }
        print(call("GET", url("scorer", "/jobs/" + jobId + "/report.json"), key, null));
    }

    /** The desktop's own opener (xdg-open, or macOS' open); without one, the user is told where the file is. */
    private static void openInBrowser(Path file) {
        String opener = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac") ? "open"
                : "xdg-open";
        try {
            new ProcessBuilder(opener, file.toString()).inheritIO().start();
        } catch (IOException e) {
            throw new UserError("cannot start " + opener + " to show the report (" + e.getMessage() + "); open "
                    + file.toUri() + " in a browser");
        }
    }

    /** A file named on the command line: relative to where the command was typed. */
    private static Path file(String name) {
        String cwd = System.getProperty("snailbench.cwd");
        return cwd == null ? Path.of(name) : Path.of(cwd).resolve(name);
    }

    private void review(Args a) {
        String jobId = a.word(1, "a job id");
        if (a.words.size() < 3) {
            JsonNode queue = call("GET", url("scorer", "/jobs/" + jobId + "/review"), apiKey(a), null);
            out.println(queue.size() + " item(s) to review");
            for (JsonNode item : queue) {
                out.println("- " + item.path("workItemId").asText() + "  question " + item.path("questionId").asText()
                        + "  " + item.path("reason").asText());
                out.println("    predicted: " + item.path("predictedSql").asText().replaceAll("\\s+", " "));
            }
            return;
        }
        String verdict = a.word(3, "a verdict (correct or incorrect)");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("verdict", verdict);
        if (a.has("--note")) {
            body.put("note", a.option("--note"));
        }
        body.put("reviewer", a.has("--reviewer") ? a.option("--reviewer") : System.getProperty("user.name"));
        JsonNode reviewed = call("PUT", url("scorer", "/jobs/" + jobId + "/items/" + a.word(2, "an item id")
                + "/review"), apiKey(a), body);
        out.println("item " + reviewed.path("workItemId").asText() + " reviewed: "
                + reviewed.path("manualVerdict").asText());
    }

    private Map<String, String> apiKey(Args a) {
        String key = a.has("--api-key") ? a.option("--api-key") : System.getenv("SNAILBENCH_API_KEY");
        if (key == null || key.isBlank()) {
            throw new UserError("no API key: set SNAILBENCH_API_KEY or pass --api-key (./snailbench tenant create "
                    + "prints one)");
        }
        return Map.of("X-API-Key", key);
    }

    private String url(String service, String path) {
        String base = endpoints.get(service);
        if (base == null) {
            throw new UserError("where is the " + service + " service? Start the platform with ./snailbench up, or "
                    + "set SNAILBENCH_" + service.toUpperCase(Locale.ROOT) + "_URL");
        }
        return base + path;
    }

    private void print(JsonNode node) {
        out.println(node.toPrettyString());
    }

    private JsonNode callOrNull(String method, String url, Map<String, String> headers) {
        HttpResponse<String> r = send(method, url, headers, null, "application/json");
        return r.statusCode() == 404 ? null : parse(r);
    }

    JsonNode call(String method, String url, Map<String, String> headers, Object body) {
        return parse(send(method, url, headers, body, "application/json"));
    }

    private String raw(String url, Map<String, String> headers) {
        HttpResponse<String> r = send("GET", url, headers, null, "*/*");
        if (r.statusCode() >= 400) {
            parse(r);
        }
        return r.body();
    }

    private HttpResponse<String> send(String method, String url, Map<String, String> headers, Object body,
            String accept) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(7))
                    .header("Accept", accept);
            headers.forEach(request::header);
            if (body != null) {
                request.header("Content-Type", "application/json");
            }
            request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new UserError("cannot reach " + url + " (is the platform running? ./snailbench up)");
        } catch (IOException e) {
            throw new UserError(method + " " + url + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted");
        }
    }

    /** The body as JSON, or the platform's error (with the field to fix) as a {@link UserError}. */
    private static JsonNode parse(HttpResponse<String> response) {
        JsonNode body;
        try {
            body = response.body() == null || response.body().isBlank() ? JSON.createObjectNode()
                    : JSON.readTree(response.body());
        } catch (IOException e) {
            body = JSON.createObjectNode().put("error", response.body());
        }
        int status = response.statusCode();
        if (status >= 400) {
            String error = body.path("error").asText(response.body());
            String field = body.path("field").isTextual() ? " (fix: " + body.path("field").asText() + ")" : "";
            String hint = status == 401 ? " — check SNAILBENCH_API_KEY / the admin key" : "";
            throw new UserError(status + " " + error + field + hint);
        }
        return body;
    }

    /** Positional words and {@code --name value} options. */
    static final class Args {
        final List<String> words = new ArrayList<>();
        final Map<String, String> options = new HashMap<>();

        Args(List<String> args) {
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                if (arg.equals("--watch") || arg.equals("--json") || arg.equals("--open")) {
                    options.put(arg, "true");
                } else if (arg.startsWith("--")) {
                    if (i + 1 >= args.size()) {
                        throw new IllegalArgumentException(arg + " needs a value");
                    }
                    options.put(arg, args.get(++i));
                } else {
                    words.add(arg);
                }
            }
        }

        String word(int i, String what) {
            if (i >= words.size()) {
                throw new IllegalArgumentException("missing " + what);
            }
            return words.get(i);
        }

        boolean has(String option) {
            return options.containsKey(option);
        }

        String option(String option) {
            String value = options.get(option);
            if (value == null) {
                throw new IllegalArgumentException("missing " + option);
            }
            return value;
        }
    }
}
