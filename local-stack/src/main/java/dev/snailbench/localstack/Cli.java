package dev.snailbench.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.URI;
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
                          [--admin-user U --admin-password P]   register a database and test its connection
              db list | db test <id> | db schema <id>   the tenant's databases, a connection test, a schema
              job spec footballdb v1|v2|v3 --database <id> [--out FILE]   a job spec to start from: FootballDB's
                                                        100 dev questions and gpt-3.5-turbo's recorded answers
              job submit <spec.json|spec.yaml> [--watch]   submit a job (prints its id); --watch follows it to the
                                                        end and prints its score (exit 1 if it failed, was
                                                        cancelled or every item failed)
              job list | job status <id> [--watch] | job cancel <id>
              report <job> [--items] [--html FILE | --csv FILE] [--open]   the job's summary (--items: and every
                                                        item); --open shows the HTML report in the browser
              review <job>                              items whose verdict a person should judge
              review <job> <item|question> correct|incorrect [--note TEXT] [--reviewer NAME]   record a verdict
              compare <pairs.ndjson> [--out FILE]       score many result pairs in one streamed request (each line
                                                        a POST /compare body, optional id): a line per pair and a
                                                        summary; --out writes the answers (NDJSON) to FILE
            options: --api-key KEY (else SNAILBENCH_API_KEY); --json prints the API's JSON instead of columns""";

    /** The commands and their subcommands, for "did you mean" (up, demo and data are the script's own). */
    static final Map<String, List<String>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("tenant", List.of("create"));
        COMMANDS.put("db", List.of("register", "list", "test", "schema"));
        COMMANDS.put("job", List.of("spec", "submit", "list", "status", "cancel"));
        COMMANDS.put("report", List.of());
        COMMANDS.put("review", List.of());
        COMMANDS.put("compare", List.of());
        COMMANDS.put("help", List.of());
        COMMANDS.put("up", List.of());
        COMMANDS.put("demo", List.of());
        COMMANDS.put("data", List.of());
    }

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
    private final PlatformClient http = new PlatformClient();
    /** Shows a file in the desktop's browser ({@code report --open}). */
    private final Consumer<Path> browser;
    /** How often {@code --watch} asks for the job's state. */
    Duration pollInterval = Duration.ofMillis(500);
    /**
     * Whether the output is a terminal: {@code --watch} redraws one line there; into a file or a pipe it writes a
     * line per tenth of the job and one when its status changes, so a log reads line by line.
     */
    boolean terminal;
    /** Which key a 401 refers to: the one given with --api-key, the environment's, or the admin key. */
    private String keyOrigin = "SNAILBENCH_API_KEY / the admin key";

    Cli(Map<String, String> endpoints, PrintStream out) {
        this(endpoints, out, Cli::openInBrowser);
    }

    Cli(Map<String, String> endpoints, PrintStream out, Consumer<Path> browser) {
        this.endpoints = endpoints;
        this.out = out;
        this.browser = browser;
        this.terminal = out == System.out && System.console() != null;
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println(USAGE);
            System.exit(2);
        }
        Path root = Path.of(args[0]);
        List<String> rest = List.of(args).subList(1, args.length);
        int code;
        try {
            code = new Cli(Endpoints.find(root), System.out).run(rest);
        } catch (UserError e) {
            System.out.flush();
            System.err.println("error: " + e.getMessage());
            code = 1;
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(USAGE);
            code = 2;
        }
        System.exit(code);
    }

    /** Runs one command; returns the exit code (0, or 1 when a watched job did not succeed). */
    int run(List<String> args) {
        CliArgs a = new CliArgs(args);
        String first = a.word(0, "a command");
        if (!COMMANDS.containsKey(first)) {
            throw new IllegalArgumentException("unknown command '" + first + "'" + Suggest.hint(first,
                    COMMANDS.keySet()));
        }
        List<String> subcommands = COMMANDS.get(first);
        if (!subcommands.isEmpty()) {
            String second = a.word(1, "a " + first + " command (" + String.join(", ", subcommands) + ")");
            if (!subcommands.contains(second)) {
                throw new IllegalArgumentException("unknown command '" + first + " " + second + "'"
                        + Suggest.closest(second, subcommands).map(s -> ": did you mean '" + first + " " + s + "'?")
                                .orElse(" (one of: " + String.join(", ", subcommands) + ")"));
            }
        }
        String command = subcommands.isEmpty() ? first : first + " " + a.words.get(1);
        switch (command) {
            case "help" -> out.println(USAGE);
            case "up", "demo", "data" -> throw new UserError("run it as ./snailbench " + command);
            case "tenant create" -> tenantCreate(a.word(2, "the tenant's name"));
            case "db register" -> {
                return dbRegister(a);
            }
            case "db list" -> table(call("GET", url("executor", "/databases"), apiKey(a), null), a,
                    List.of("id", "name", "kind", "jdbcUrl"));
            case "db test" -> dbTest(a.word(2, "a database id"), apiKey(a), a.has("--json"));
            case "db schema" -> dbSchema(a);
            case "job spec" -> jobSpec(a);
            case "job submit" -> {
                return jobSubmit(a);
            }
            case "job list" -> table(call("GET", url("generator", "/jobs"), apiKey(a), null), a,
                    List.of("jobId", "status", "done", "total", "failed", "name"));
            case "job status" -> {
                String jobId = a.word(2, "a job id");
                if (a.has("--watch")) {
                    return watch(jobId, apiKey(a));
                }
                jobStatus(call("GET", url("generator", "/jobs/" + jobId), apiKey(a), null), a);
            }
            case "job cancel" -> jobCancel(a);
            case "report" -> report(a);
            case "review" -> review(a);
            case "compare" -> {
                return new CompareCommand(out, this::refusal).run(URI.create(url("scorer", "/compare/batch")),
                        apiKey(a), file(a.word(1, "a file of pairs (one JSON object per line)")),
                        a.has("--out") ? file(a.option("--out")) : null, a.has("--json"));
            }
            default -> throw new IllegalStateException(command);
        }
        return 0;
    }

    private void tenantCreate(String name) {
        String admin = endpoints.get("adminKey");
        if (admin == null) {
            throw new UserError("no admin key: set SNAILBENCH_ADMIN_KEY (printed by ./snailbench up)");
        }
        keyOrigin = "the admin key: check SNAILBENCH_ADMIN_KEY (printed by ./snailbench up)";
        JsonNode tenant = call("POST", url("generator", "/tenants"), Map.of("X-Admin-Key", admin),
                Map.of("name", name));
        out.println("tenant " + tenant.path("tenantId").asText() + " created; its API key (shown once):");
        out.println(tenant.path("apiKey").asText());
        out.println("export SNAILBENCH_API_KEY=" + tenant.path("apiKey").asText());
    }

    /** Registers the database, then tests its connection: a wrong URL or login shows up now, not in the first job. */
    private int dbRegister(CliArgs a) {
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
        String id = db.path("id").asText();
        if (a.has("--json")) {
            print(db);
        } else {
            out.println("database " + id + " registered (" + db.path("name").asText() + ")");
        }
        dbTest(id, apiKey(a), a.has("--json"));
        return 0;
    }

    /** One line: ok with the product and the time it took, or a {@link UserError} saying what failed (exit 1). */
    private void dbTest(String id, Map<String, String> key, boolean json) {
        JsonNode check = call("POST", url("executor", "/databases/" + id + "/test"), key, null);
        if (json) {
            print(check);
        }
        if (!check.path("ok").asBoolean()) {
            String state = check.hasNonNull("sqlState") ? " (SQLSTATE " + check.get("sqlState").asText() + ")" : "";
            throw new UserError("database " + id + ": connection failed: " + check.path("error").asText("no reason "
                    + "given") + state + " — check its JDBC URL, user and password (./snailbench db list)");
        }
        if (!json) {
            out.printf(Locale.ROOT, "database %s: connection ok (%s %s, %d ms)%n", id,
                    check.path("databaseProduct").asText(""), check.path("databaseVersion").asText(""),
                    check.path("elapsedMillis").asLong());
        }
    }

    /** Every column of every table: table, column, type, null or not, primary and foreign key. */
    private void dbSchema(CliArgs a) {
        JsonNode schema = call("GET", url("executor", "/databases/" + a.word(2, "a database id") + "/schema"),
                apiKey(a), null);
        if (a.has("--json")) {
            print(schema);
            return;
        }
        com.fasterxml.jackson.databind.node.ArrayNode rows = JSON.createArrayNode();
        for (JsonNode table : schema.path("tables")) {
            String name = (table.hasNonNull("schema") ? table.get("schema").asText() + "." : "")
                    + table.path("name").asText();
            List<String> primaryKey = new ArrayList<>();
            table.path("primaryKey").forEach(c -> primaryKey.add(c.asText()));
            Map<String, String> references = new HashMap<>();
            for (JsonNode fk : table.path("foreignKeys")) {
                for (int i = 0; i < fk.path("columns").size(); i++) {
                    references.put(fk.path("columns").get(i).asText(), "→ " + fk.path("refTable").asText() + "."
                            + fk.path("refColumns").path(i).asText());
                }
            }
            for (JsonNode column : table.path("columns")) {
                String c = column.path("name").asText();
                String key = String.join(" ", java.util.stream.Stream.of(primaryKey.contains(c) ? "PK" : null,
                        references.get(c)).filter(java.util.Objects::nonNull).toList());
                rows.addObject().put("table", name).put("column", c).put("type", column.path("type").asText())
                        .put("null", column.path("nullable").asBoolean() ? "yes" : "no").put("key", key);
            }
        }
        table(rows, a, List.of("table", "column", "type", "null", "key"));
        if (schema.path("truncated").asBoolean()) {
            out.println("(schema cut at the executor's limit: --json shows what was read)");
        }
    }

    /** A spec a newcomer can submit as it is, or edit: FootballDB's dev questions and recorded answers. */
    private void jobSpec(CliArgs a) {
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

    private void jobStatus(JsonNode job, CliArgs a) {
        if (a.has("--json")) {
            print(job);
            return;
        }
        String outcome = job.path("outcome").isTextual() ? " — " + job.get("outcome").asText() : "";
        out.printf(Locale.ROOT, "job %s (%s): %s, %d/%d done, %d failed%s%n", job.path("jobId").asText(),
                job.path("name").asText(""), job.path("status").asText(), job.path("done").asInt(),
                job.path("total").asInt(), job.path("failed").asInt(), outcome);
        if (job.hasNonNull("reason")) {
            out.println("reason: " + job.get("reason").asText());
        }
        String reasons = topReasons(job);
        if (!reasons.isEmpty()) {
            out.println("top failure reasons: " + reasons);
        }
    }

    /** The job's {@code topReasons} ({@code [{reason, count}]}) in one line, or nothing when it has none. */
    private static String topReasons(JsonNode job) {
        List<String> parts = new ArrayList<>();
        job.path("topReasons").forEach(r -> parts.add(r.path("count").asInt() + " × " + r.path("reason").asText()));
        return String.join("; ", parts);
    }

    private void jobCancel(CliArgs a) {
        String jobId = a.word(2, "a job id");
        JsonNode job = call("POST", url("generator", "/jobs/" + jobId + "/cancel"), apiKey(a), null);
        if (a.has("--json")) {
            print(job);
            return;
        }
        out.printf(Locale.ROOT, "job %s %s (%d/%d done, %d failed)%n", jobId, job.path("status").asText(),
                job.path("done").asInt(), job.path("total").asInt(), job.path("failed").asInt());
    }

    /** An array of objects as aligned columns (the API's JSON with --json). */
    private void table(JsonNode rows, CliArgs a, List<String> columns) {
        if (a.has("--json")) {
            print(rows);
            return;
        }
        TablePrinter.print(out, rows, columns);
    }

    private int jobSubmit(CliArgs a) {
        String named = a.word(2, "a job spec (JSON or YAML file)");
        Path spec = file(named);
        String name = spec.getFileName().toString().toLowerCase(Locale.ROOT);
        ObjectMapper reader = name.endsWith(".yaml") || name.endsWith(".yml") ? YAML : JSON;
        Object body;
        try {
            body = reader.readValue(Files.readString(spec), Object.class);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new UserError("no such file: " + spec);
        } catch (IOException e) {
            throw new UserError("cannot read the job spec " + spec + ": " + e.getMessage().lines().findFirst()
                    .orElse(""));
        }
        checkFields(named, body);
        JsonNode accepted = call("POST", url("generator", "/jobs"), apiKey(a), body);
        String jobId = accepted.path("jobId").asText();
        if (accepted.path("existing").asBoolean()) {
            String progress = accepted.has("done") && accepted.has("total") ? String.format(Locale.ROOT,
                    ", %d/%d done, %d failed", accepted.path("done").asInt(), accepted.path("total").asInt(),
                    accepted.path("failed").asInt()) : "";
            out.println("job " + jobId + " already exists: " + accepted.path("status").asText() + progress
                    + " (the same spec was submitted before)");
        } else {
            out.println("job " + jobId + " accepted");
        }
        return a.has("--watch") ? watch(jobId, apiKey(a)) : 0;
    }

    /**
     * A mistyped field name is named with the closest one before anything is sent (the server refuses it too, but
     * this says which one was meant): the spec's own fields and those of each question and prediction.
     */
    private static void checkFields(String file, Object spec) {
        if (!(spec instanceof Map<?, ?> fields)) {
            throw new UserError(file + ": a job spec is an object with " + String.join(", ", JobSpecFields.TOP_LEVEL));
        }
        for (Map.Entry<?, ?> field : fields.entrySet()) {
            String key = String.valueOf(field.getKey());
            unknownField(file, key, key, JobSpecFields.TOP_LEVEL);
            List<String> known = JobSpecFields.ELEMENTS.get(key);
            if (known != null && field.getValue() instanceof List<?> elements) {
                for (int i = 0; i < elements.size(); i++) {
                    if (elements.get(i) instanceof Map<?, ?> element) {
                        for (Object inner : element.keySet()) {
                            unknownField(file, key + "[" + i + "]." + inner, String.valueOf(inner), known);
                        }
                    }
                }
            }
        }
    }

    private static void unknownField(String file, String path, String name, List<String> known) {
        if (!known.contains(name)) {
            throw new UserError(file + ": unknown field '" + path + "'" + Suggest.closest(name, known)
                    .map(s -> ": did you mean '" + s + "'?").orElse(" (known: " + String.join(", ", known) + ")"));
        }
    }

    /**
     * A progress line redrawn in place until the job ends, then its score. The exit code says whether it succeeded:
     * 1 (with the reason) when it failed, was cancelled or every item failed.
     */
    int watch(String jobId, Map<String, String> key) {
        Progress progress = new Progress();
        JsonNode job;
        String logged = null;
        while (true) {
            job = callOrNull("GET", url("generator", "/jobs/" + jobId), key);
            if (job != null) {
                String line = progress.line(System.nanoTime(), job);
                String step = job.path("status").asText() + " " + job.path("done").asInt() * 10
                        / Math.max(1, job.path("total").asInt());
                if (terminal) {
                    out.print(line);
                } else if (!step.equals(logged)) {
                    out.println(line.substring(1).stripTrailing());
                    logged = step;
                }
                out.flush();
                if (Progress.finished(job.path("status").asText())) {
                    break;
                }
            }
            try {
                Thread.sleep(pollInterval.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UserError("interrupted");
            }
        }
        if (terminal) {
            out.println();
        }
        if (job.hasNonNull("reason")) {
            out.println("reason: " + job.get("reason").asText());
        }
        HttpResponse<String> summary = send("GET", url("scorer", "/jobs/" + jobId + "/summary"), key, null,
                "application/json");
        if (summary.statusCode() == 200) {
            out.println(score(parse(summary).path("overall")));
        }
        String status = job.path("status").asText();
        String outcome = job.path("outcome").isTextual() ? job.get("outcome").asText()
                : status.equals("completed") && job.path("total").asInt() > 0
                        && job.path("failed").asInt() >= job.path("total").asInt() ? "all-failed" : status;
        String reasons = topReasons(job);
        switch (outcome) {
            case "failed" -> throw new UserError("job " + jobId + " failed");
            case "cancelled" -> throw new UserError("job " + jobId + " was cancelled");
            case "all-failed" -> throw new UserError("job " + jobId + ": all " + job.path("total").asInt()
                    + " items failed" + (reasons.isEmpty() ? " (./snailbench report " + jobId + " says why)"
                            : ": " + reasons));
            default -> {
                return 0;
            }
        }
    }

    /** One line: strict, set and relaxed execution accuracy over the items whose gold ran, and how many failed. */
    static String score(JsonNode overall) {
        JsonNode metrics = overall.path("metrics");
        int items = overall.path("items").asInt();
        int goldRan = items - overall.path("goldFailed").asInt();
        int failed = overall.path("goldFailed").asInt() + overall.path("predictionFailed").asInt();
        return String.format(Locale.ROOT, "score: strict EX %s, set EX %s, relaxed EX %s of the %d items whose gold "
                + "ran; %d of %d failed", percent(metrics.path("executionAccuracy")),
                percent(metrics.path("setAccuracy")), percent(metrics.path("relaxedAccuracy")), goldRan, failed, items);
    }

    private static String percent(JsonNode estimate) {
        return estimate.path("mean").isNumber() ? String.format(Locale.ROOT, "%.1f%%",
                100 * estimate.get("mean").asDouble()) : "—";
    }

    /** The summary first (score, counts, verdicts by reason); every item after it only with --items. */
    private void report(CliArgs a) {
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
        JsonNode report = call("GET", url("scorer", "/jobs/" + jobId + "/report.json"), key, null);
        if (a.has("--json")) {
            print(a.has("--items") ? report : report.path("summary"));
            return;
        }
        JsonNode overall = report.path("summary").path("overall");
        out.println("job " + jobId + ": " + overall.path("items").asInt() + " items");
        out.println(score(overall));
        List<Map.Entry<String, JsonNode>> reasons = new ArrayList<>();
        overall.path("reasons").fields().forEachRemaining(reasons::add);
        reasons.sort((x, y) -> Long.compare(y.getValue().asLong(), x.getValue().asLong()));
        if (!reasons.isEmpty()) {
            out.println("verdicts by reason:");
            reasons.forEach(r -> out.printf(Locale.ROOT, "  %5d  %s%n", r.getValue().asLong(), r.getKey()));
        }
        if (a.has("--items")) {
            out.println();
            com.fasterxml.jackson.databind.node.ArrayNode rows = JSON.createArrayNode();
            for (JsonNode item : report.path("items")) {
                rows.addObject().put("question", item.path("questionId").asText())
                        .put("strict", yesNo(item.path("strictMatch"))).put("set", yesNo(item.path("setMatch")))
                        .put("relaxed", yesNo(item.path("relaxedMatch"))).put("reason", item.path("reason").asText(""));
            }
            table(rows, new CliArgs(List.of()), List.of("question", "strict", "set", "relaxed", "reason"));
        } else {
            out.println("every item: ./snailbench report " + jobId + " --items (or --csv FILE, --html FILE)");
        }
    }

    private static String yesNo(JsonNode match) {
        return match.isBoolean() ? (match.asBoolean() ? "yes" : "no") : "-";
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

    private void review(CliArgs a) {
        String jobId = a.word(1, "a job id");
        if (a.words.size() < 3) {
            JsonNode queue = call("GET", url("scorer", "/jobs/" + jobId + "/review"), apiKey(a), null);
            if (a.has("--json")) {
                print(queue);
                return;
            }
            out.println(queue.size() + " item(s) to review");
            for (JsonNode item : queue) {
                out.println("- " + item.path("workItemId").asText() + "  question " + item.path("questionId").asText()
                        + "  " + item.path("reason").asText());
                if (item.hasNonNull("question")) {
                    out.println("    question:  " + item.get("question").asText());
                }
                if (item.hasNonNull("goldSql")) {
                    out.println("    gold:      " + oneLine(item.get("goldSql").asText()));
                }
                out.println("    predicted: " + oneLine(item.path("predictedSql").asText()));
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
        // An item id or a question id (the scorer answers 409 when a question id names several items).
        String item = java.net.URLEncoder.encode(a.word(2, "an item or question id"),
                java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
        JsonNode reviewed = call("PUT", url("scorer", "/jobs/" + jobId + "/items/" + item + "/review"), apiKey(a),
                body);
        out.println("item " + reviewed.path("workItemId").asText() + " (question " + reviewed.path("questionId")
                .asText() + ") reviewed: " + reviewed.path("manualVerdict").asText());
    }

    private static String oneLine(String sql) {
        return sql.replaceAll("\\s+", " ").trim();
    }

    private Map<String, String> apiKey(CliArgs a) {
        boolean given = a.has("--api-key");
        String key = given ? a.option("--api-key") : System.getenv("SNAILBENCH_API_KEY");
        if (key == null || key.isBlank()) {
            throw new UserError("no API key: set SNAILBENCH_API_KEY or pass --api-key (./snailbench tenant create "
                    + "prints one)");
        }
        keyOrigin = given ? "the key given with --api-key" : "the key in SNAILBENCH_API_KEY";
        return Map.of("X-API-Key", key);
    }

    private String url(String service, String path) {
        return Endpoints.url(endpoints, service, path);
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
            return http.exchange(method, url, headers, body, accept, Duration.ofMinutes(7));
        } catch (ConnectException e) {
            throw new UserError("cannot reach " + url + " (is the platform running? ./snailbench up)");
        } catch (IOException e) {
            throw new UserError(method + " " + url + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted");
        }
    }

    /**
     * The body as JSON, or the platform's error as a {@link UserError}: its message as the server wrote it, the field
     * to fix for a bad request, and for a 401 which key was refused.
     */
    private JsonNode parse(HttpResponse<String> response) {
        JsonNode body = json(response.body());
        if (response.statusCode() >= 400) {
            throw refusal(response.statusCode(), response.body());
        }
        return body;
    }

    /** The platform's error as a {@link UserError}: its message, the field to fix, for a 401 which key to check. */
    UserError refusal(int status, String text) {
        JsonNode body = json(text);
        String error = body.path("error").asText(text);
        String field = status == 400 && body.path("field").isTextual() ? " (fix: " + body.path("field").asText()
                + ")" : "";
        String hint = status == 401 ? " — check " + keyOrigin : "";
        return new UserError(status + " " + error + field + hint);
    }

    private static JsonNode json(String text) {
        try {
            return text == null || text.isBlank() ? JSON.createObjectNode() : JSON.readTree(text);
        } catch (IOException e) {
            return JSON.createObjectNode().put("error", text);
        }
    }
}
