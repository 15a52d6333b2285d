package dev.snailbench.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.generator.testing.StackDatabases;
import dev.snailbench.localstack.ServiceJava;
import dev.snailbench.localstack.Up;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.testkit.FakeOpenAi;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code ./snailbench up} as a newcomer runs it: the platform comes up with FootballDB loaded, prints what is needed
 * to use it (URLs, admin key, how a tenant gets its own read-only login), answers as printed, and stops everything
 * when told to stop. With two generator replicas: both are listed, and the command-line client and the web UI work
 * through either.
 */
class SnailbenchUpIT {

    private static final Pattern SERVICE_URL = Pattern.compile("^\\s+(\\S+-service)\\s+(http://\\S+)");
    private static final Pattern REPLICA_URL = Pattern.compile("^\\s+(\\S+-service-\\d+)\\s+(http://\\S+)");
    private static final Pattern ADMIN_KEY = Pattern.compile("admin key \\(X-Admin-Key\\)\\s+(\\S+)");
    private static final Pattern FOOTBALL = Pattern.compile("FootballDB v1-v3\\s+(\\S+) \\(and _v2, _v3; each tenant "
            + "gets its own read-only login: ./snailbench footballdb login <tenant>\\)");
    private static final Pattern LOGIN = Pattern.compile("FootballDB login for \\S+: (\\S+) / (\\S+)");

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    /**
     * The model given to {@code up --backend}: it also serves the workbench's LLM features, and answers a crosswalk
     * expansion (a JSON object naming each identifier listed in the prompt) as an LLM would.
     */
    private static FakeOpenAi workbenchModel() {
        return FakeOpenAi.start(new FakeOpenAi.Answers() {
            @Override
            public String complete(FakeOpenAi.Seen seen) {
                StringBuilder answer = new StringBuilder("{");
                for (String line : seen.prompt().split("\n")) {
                    Matcher m = Pattern.compile("^- (\\w+) \\(").matcher(line);
                    if (m.find()) {
                        answer.append(answer.length() > 1 ? ", " : "")
                                .append('"')
                                .append(m.group(1))
                                .append("\": \"")
                                .append(m.group(1).replace('_', ' '))
                                .append(" name\"");
                    }
                }
                return answer.append('}').toString();
            }
        });
    }

    @Test
    void shouldStartThePlatformPrintHowToUseItAndStopEverythingOnSigterm() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        String classpath = root.resolve("local-stack/target/classes")
                + File.pathSeparator
                + Files.readString(root.resolve(
                                "local-stack/target/classes/dev/snailbench/localstack/runtime-classpath.txt"))
                        .trim();
        FakeOpenAi model = workbenchModel();
        ProcessBuilder command = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        classpath,
                        Up.class.getName(),
                        root.toString(),
                        "--footballdb",
                        "--data-dir",
                        DataDir.resolve().toString(),
                        "--warm-up",
                        "100",
                        "--replicas",
                        "generator=2",
                        "--backend",
                        "fake=" + model.baseUrl() + ",model=fake-model")
                .redirectErrorStream(true);
        // The services' JDK named as an operator names it: the one running this test, whose version is known here.
        command.environment().put(ServiceJava.HOME_VARIABLE, System.getProperty("java.home"));
        Process up = command.start();
        // Read while a reader thread appends: up prints on after its banner (the warm-up), so every read is of a
        // snapshot.
        List<String> printed = new CopyOnWriteArrayList<>();
        try {
            CompletableFuture<Boolean> ready = CompletableFuture.supplyAsync(() -> readUntilReady(up, printed));
            // (drain is set by readUntilReady before it returns true)
            assertThat(ready.get(5, TimeUnit.MINUTES))
                    .as("ready line in:%n%s", String.join("\n", printed))
                    .isTrue();

            Map<String, String> urls = new HashMap<>();
            Map<String, String> replicas = new HashMap<>();
            String adminKey = null;
            Matcher football = null;
            for (String line : printed) {
                Matcher m = SERVICE_URL.matcher(line);
                if (m.find()) {
                    urls.put(m.group(1), m.group(2));
                }
                Matcher r = REPLICA_URL.matcher(line);
                if (r.find()) {
                    replicas.put(r.group(1), r.group(2));
                }
                Matcher k = ADMIN_KEY.matcher(line);
                if (k.find()) {
                    adminKey = k.group(1);
                }
                Matcher f = FOOTBALL.matcher(line);
                if (f.find()) {
                    football = f;
                }
            }
            assertThat(printed)
                    .as("the start line names the services' Java")
                    .anySatisfy(line -> assertThat(line)
                            .startsWith(
                                    "Starting Kafka, PostgreSQL and the five services, with 2 generator replicas (Java "
                                            + Runtime.version().feature() + "."));
            assertThat(urls)
                    .containsOnlyKeys(
                            "generator-service",
                            "classifier-service",
                            "inference-service",
                            "executor-service",
                            "scorer-service");
            assertThat(replicas).containsOnlyKeys("generator-service-2");
            assertThat(replicas.get("generator-service-2")).isNotEqualTo(urls.get("generator-service"));
            // A web UI per generator replica, each served by its replica.
            for (String generator : List.of(urls.get("generator-service"), replicas.get("generator-service-2"))) {
                assertThat(printed)
                        .anySatisfy(line -> assertThat(line).contains("web UI").contains(generator + "/ui/index.html"));
                assertThat(http.send(
                                        HttpRequest.newBuilder(URI.create(generator + "/ui/index.html"))
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString())
                                .statusCode())
                        .as(generator)
                        .isEqualTo(200);
            }
            // Quiet: the console has the platform's own lines; PostgreSQL's went to postgres.log.
            assertThat(printed).noneSatisfy(line -> assertThat(line).containsAnyOf("INFO", "io.zonky", "initdb"));
            assertThat(root.resolve("target/up-logs/postgres.log")).content().contains("database system is ready");
            ownTempDirectories = temporaryDirectoriesOf(printed);
            assertThat(ownTempDirectories)
                    .as("the servers' temp directories while up")
                    .hasSize(3)
                    .allSatisfy(dir -> assertThat(dir).isDirectory());
            // The start-up warm-up runs a job through the five services once the platform says it is up.
            assertThat(awaitLineAfterReady(printed, Up.WARMED_UP + " in", Duration.ofMinutes(5)))
                    .as("the warm-up's done line after the ready line in:%n%s", String.join("\n", printed))
                    .isTrue();
            assertThat(adminKey).isNotBlank();
            assertThat(football).as("FootballDB line").isNotNull();

            JsonNode tenant = post(
                    urls.get("generator-service") + "/tenants",
                    Map.of("X-Admin-Key", adminKey),
                    Map.of("name", "newcomer"),
                    201);
            Matcher login = footballDbLogin(root, "newcomer");
            JsonNode database = post(
                    urls.get("executor-service") + "/databases",
                    Map.of("X-API-Key", tenant.get("apiKey").asText()),
                    DatabaseRegistration.postgresql("football v1", football.group(1), login.group(1), login.group(2)),
                    201);
            JsonNode check = post(
                    urls.get("executor-service") + "/databases/"
                            + database.get("id").asText() + "/test",
                    Map.of("X-API-Key", tenant.get("apiKey").asText()),
                    Map.of(),
                    200);
            assertThat(check.get("ok").asBoolean()).as(check.toString()).isTrue();
            // The web UI of every generator replica is told where the scorer answers: nobody types it.
            for (String generator : List.of(urls.get("generator-service"), replicas.get("generator-service-2"))) {
                assertThat(get(generator + "/ui/config").get("scorerUrl").asText())
                        .as(generator)
                        .isEqualTo(urls.get("scorer-service"));
            }
            assertThat(printed).anySatisfy(line -> assertThat(line).contains("workbench LLM            fake"));
            // A normal start logs no ERROR (a WARN of Vert.x's blocked-thread checker, with its stack, is the
            // machine's load, not the platform's fault).
            assertThat(Files.readAllLines(root.resolve("target/up-logs/generator-service.log")))
                    .anySatisfy(line -> assertThat(line).contains("started in"))
                    .noneSatisfy(line -> assertThat(line).matches(".* ERROR .*"));

            useTheCommandLineClient(root, football, login.group(1), replicas.get("generator-service-2"), model);
        } finally {
            model.close();
            // SIGTERM, as Ctrl-C or a kill would; through the handle, because Process.destroy() also closes the
            // output stream and the shutdown lines would be lost.
            up.toHandle().destroy();
        }
        assertThat(up.waitFor(90, TimeUnit.SECONDS)).as("stopped after SIGTERM").isTrue();
        // The process has exited: its output ends, and the reader has every line.
        drain.join(Duration.ofSeconds(30).toMillis());
        synchronized (printed) {
            assertThat(String.join("\n", printed)).contains("Stopping Snailbench", "Stopped.");
        }
        // Everything it started is gone: the services no longer answer.
        Matcher m = SERVICE_URL.matcher(printed.stream()
                .filter(l -> l.contains("generator-service"))
                .findFirst()
                .orElseThrow());
        assertThat(m.find()).isTrue();
        String generator = m.group(2);
        assertThat(unreachable(generator + "/q/health/ready"))
                .as("generator still answering after stop")
                .isTrue();
        // Nothing left in the temp folder: both PostgreSQL servers' data directories and the broker's.
        assertThat(ownTempDirectories).allSatisfy(dir -> assertThat(dir).doesNotExist());
    }

    private List<Path> ownTempDirectories = List.of();
    /** Directories left by servers killed before this test (a reused port in their settings) are not ours. */
    private final Instant started = Instant.now();

    /**
     * The directories of the servers this run started, found by the ports it printed (other builds on the machine
     * have their own): PostgreSQL's {@code postmaster.opts} and the broker's {@code server.properties} name them.
     */
    private List<Path> temporaryDirectoriesOf(List<String> printed) throws IOException {
        List<String> ports = new ArrayList<>();
        Matcher m = Pattern.compile("127\\.0\\.0\\.1:(\\d+)").matcher(String.join("\n", printed));
        while (m.find()) {
            ports.add(m.group(1));
        }
        List<Path> found = new ArrayList<>();
        try (var dirs = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            for (Path dir : dirs.filter(d -> d.getFileName().toString().matches("snailbench-(pg|kafka)-\\d+"))
                    .toList()) {
                if (Files.getLastModifiedTime(dir).toInstant().isBefore(started.minusSeconds(1))) {
                    continue;
                }
                Path marker = dir.resolve(
                        dir.getFileName().toString().startsWith("snailbench-pg-")
                                ? "postmaster.opts"
                                : "server.properties");
                String text = Files.isRegularFile(marker) ? Files.readString(marker) : "";
                if (ports.stream()
                        .anyMatch(p -> text.contains("\"-p\" \"" + p + "\"")
                                || text.contains("PLAINTEXT://127.0.0.1:" + p + ","))) {
                    found.add(dir);
                }
            }
        }
        return found;
    }

    /**
     * The command-line client against the platform just started (it finds it through the endpoints file): a tenant,
     * a database, a job watched to the end, its HTML report, and a bad spec answered with the field to fix. The
     * FootballDB job goes through the second generator replica ({@code SNAILBENCH_GENERATOR_URL}), the job list
     * through the first: both are the tenant's.
     */
    private void useTheCommandLineClient(
            Path root, Matcher football, String newcomersLogin, String secondGenerator, FakeOpenAi model)
            throws Exception {
        Path work = Files.createTempDirectory("snailbench-cli");
        Cli created = cli(root, work, Map.of(), "tenant", "create", "cli-team");
        assertThat(created.exit()).as(created.output()).isZero();
        assertThat(created.output())
                .contains("its own read-only FootballDB login: ./snailbench footballdb login " + "cli-team");
        String apiKey = created.output()
                .lines()
                .filter(l -> l.startsWith("sb_"))
                .findFirst()
                .orElseThrow();
        Map<String, String> env = Map.of("SNAILBENCH_API_KEY", apiKey);
        // The tenant's own FootballDB login, not the newcomer's: neither sees nor cancels the other's queries.
        Matcher login = footballDbLogin(root, "cli-team");
        assertThat(login.group(1)).isNotEqualTo(newcomersLogin);

        Cli registered = cli(
                root,
                work,
                env,
                "db",
                "register",
                "--name",
                "v1",
                "--kind",
                "postgresql",
                "--jdbc-url",
                football.group(1),
                "--user",
                login.group(1),
                "--password",
                login.group(2));
        assertThat(registered.exit()).as(registered.output()).isZero();
        // Registered, then tested: the connection works before the first job runs on it.
        assertThat(registered.output())
                .containsPattern("database \\S+: connection ok \\(PostgreSQL [\\d.]+, \\d+ ms\\)");
        String databaseId = registered.output().replaceAll("(?s).*database (\\S+) registered.*", "$1");

        Files.writeString(
                work.resolve("job.json"),
                json.writeValueAsString(
                        StackDatabases.postgresqlJob(
                                "cli job",
                                StackDatabases.registered(databaseId),
                                "model",
                                "gold-replay",
                                "questions",
                                List.of(
                                        Map.of(
                                                "id",
                                                "q1",
                                                "question",
                                                "How many teams?",
                                                "goldSql",
                                                "SELECT count(*) FROM national_team"),
                                        Map.of(
                                                "id",
                                                "q2",
                                                "question",
                                                "Teams and years of 2018, by name",
                                                "goldSql",
                                                "SELECT teamname, year FROM national_team WHERE year = 2018 "
                                                        + "ORDER BY teamname")),
                                "predictions",
                                List.of(
                                        Map.of(
                                                "questionId",
                                                "q1",
                                                "predictedSql",
                                                "SELECT count(team_id) FROM national_team"),
                                        Map.of(
                                                "questionId",
                                                "q2",
                                                "predictedSql",
                                                "SELECT year, teamname FROM national_team WHERE year = 2018 ORDER BY teamname")))));
        Cli submitted = cli(root, work, env, "job", "submit", "job.json", "--watch");
        assertThat(submitted.exit()).as(submitted.output()).isZero();
        assertThat(submitted.output()).contains("2/2 done, 0 failed").contains("completed");
        String jobId = submitted.output().replaceAll("(?s).*job (\\S+) accepted.*", "$1");

        // q2's columns are permuted: the relaxed comparator matches, the strict one does not; a person decides.
        Cli queue = cli(root, work, env, "review", jobId);
        assertThat(queue.output())
                .as(queue.output())
                .contains("1 item(s) to review")
                .contains("question q2");
        String item = queue.output().replaceAll("(?s).*\\n- (\\S+)  question q2.*", "$1");
        Cli reviewed = cli(root, work, env, "review", jobId, item, "correct", "--note", "same columns");
        assertThat(reviewed.output()).as(reviewed.output()).contains("reviewed: correct");

        Cli report = cli(root, work, env, "report", jobId, "--html", "report.html");
        assertThat(report.exit()).as(report.output()).isZero();
        assertThat(Files.readString(work.resolve("report.html")))
                .contains("<html")
                .contains(jobId);
        // The summary says where the job stands first, counts the review, and breaks the job down by level.
        Cli reviewedReport = cli(root, work, env, "report", jobId, "--items");
        assertThat(reviewedReport.output().lines().toList())
                .as(reviewedReport.output())
                .startsWith("job " + jobId + ": completed: 2/2 items done, 0 failed")
                .contains("manual accuracy 100.0% (1 item reviewed by hand; the strict verdict elsewhere)", "by level:")
                .anySatisfy(l -> assertThat(l)
                        .matches("QUESTION\\s+MODEL\\s+LEVEL\\s+STRICT\\s+SET\\s+RELAXED" + "\\s+MANUAL\\s+REASON"))
                .anySatisfy(l ->
                        assertThat(l).matches("q2\\s+gold-replay\\s+Native\\s+no\\s+\\S+\\s+yes\\s+correct\\s+.*"));

        // compare reads its file from where it was typed, as every other command does.
        Files.writeString(
                work.resolve("pairs.ndjson"),
                "{\"id\": \"p1\", \"gold\": {\"columns\": [\"n\"], "
                        + "\"rows\": [[\"1\"]]}, \"predicted\": {\"columns\": [\"n\"], \"rows\": [[\"1\"]]}}\n");
        Cli compared = cli(root, work, env, "compare", "pairs.ndjson");
        assertThat(compared.exit()).as(compared.output()).isZero();
        assertThat(compared.output()).contains("1 pairs compared: 1 strict matches");

        useTheWorkbench(root, work, env, databaseId, model);

        // A newcomer's first real job: the FootballDB spec the client writes from the data folder, submitted and
        // watched to the end, then both jobs in the client's list.
        Map<String, String> withData = Map.of(
                "SNAILBENCH_API_KEY",
                apiKey,
                "SNAILBENCH_DATA_DIR",
                DataDir.resolve().toString());
        Cli spec = cli(
                root,
                work,
                withData,
                "job",
                "spec",
                "footballdb",
                "v1",
                "--database",
                databaseId,
                "--out",
                "football.json");
        assertThat(spec.exit()).as(spec.output()).isZero();
        Cli footballJob = cli(
                root,
                work,
                Map.of("SNAILBENCH_API_KEY", apiKey, "SNAILBENCH_GENERATOR_URL", secondGenerator),
                "job",
                "submit",
                "football.json",
                "--watch");
        assertThat(footballJob.exit()).as(footballJob.output()).isZero();
        assertThat(footballJob.output())
                .contains("100/100 done")
                .contains("completed")
                .containsPattern("score: strict EX \\d+\\.\\d%, set EX \\d+\\.\\d%, relaxed EX \\d+\\.\\d% of the \\d+ "
                        + "items whose gold ran; \\d+ of 100 failed");
        String footballJobId = footballJob.output().replaceAll("(?s).*job (\\S+) accepted.*", "$1");
        Cli summary = cli(root, work, env, "report", footballJobId);
        assertThat(summary.output().lines().findFirst())
                .hasValueSatisfying(first -> assertThat(first)
                        .matches("job " + footballJobId + ": completed: 100/100 items done, \\d+ failed"));
        // What the README's walkthrough shows, as this run printed it.
        Files.writeString(
                root.resolve("platform-tests/target/cli-walkthrough.txt"),
                String.join("\n", registered.output(), footballJob.output(), summary.output()));
        Cli listed = cli(root, work, env, "job", "list");
        assertThat(listed.output())
                .as(listed.output())
                .containsPattern(jobId + "\\s+completed\\s+succeeded\\s+2\\s+2\\s+0\\s+cli job")
                .containsPattern(
                        "completed\\s+some-failed\\s+100\\s+100\\s+\\d+\\s+FootballDB v1 gpt-3.5-turbo 30-shot");

        Files.writeString(
                work.resolve("bad.json"),
                "{\"name\": \"bad\", \"dialect\": \"postgresql\", " + "\"model\": \"m\", \"questions\": []}");
        Cli bad = cli(root, work, env, "job", "submit", "bad.json");
        assertThat(bad.exit()).isEqualTo(1);
        // Refused by the client before sending, by the generator's own rules, with where the field is in the file.
        assertThat(bad.output())
                .contains("error: bad.json: questions at line 1, column 56: a job needs at least one " + "question");
    }

    /**
     * The schema workbench from the command line on the platform just started: a crosswalk built with the LLM that
     * {@code up --backend} gave it, natural views of it, the refiner's analysis, a QATCH test suite and a synthetic
     * set, each listed.
     */
    private void useTheWorkbench(Path root, Path work, Map<String, String> env, String databaseId, FakeOpenAi model)
            throws Exception {
        int asked = model.prompts().size();
        Cli crosswalk = cli(
                root,
                work,
                env,
                "crosswalk",
                "build",
                "--name",
                "v1 expanded",
                "--database",
                databaseId,
                "--schema",
                "exp_v1",
                "--expand-with-llm",
                "--wait");
        assertThat(crosswalk.exit()).as(crosswalk.output()).isZero();
        assertThat(crosswalk.output()).containsPattern("crosswalk \\S+ \\(v1 expanded\\): ready, \\d+ entries");
        assertThat(model.prompts().size())
                .as("the workbench asked up's backend")
                .isGreaterThan(asked);
        String crosswalkId = crosswalk.output().replaceAll("(?s).*crosswalk (\\S+) \\(v1 expanded\\).*", "$1");
        assertThat(cli(root, work, env, "crosswalk", "list").output()).contains(crosswalkId);

        Cli views = cli(
                root,
                work,
                env,
                "views",
                "create",
                "--crosswalk",
                crosswalkId,
                "--database",
                databaseId,
                "--schema",
                "exp_v1",
                "--level",
                "Least",
                "--out",
                "views.sql");
        assertThat(views.exit()).as(views.output()).isZero();
        assertThat(views.output()).contains("natural views in db_nl over exp_v1: not created");
        assertThat(Files.readString(work.resolve("views.sql"))).contains("CREATE");

        Cli analysis = cli(root, work, env, "refine", "analyse", "--database", databaseId, "--schema", "exp_v1");
        assertThat(analysis.exit()).as(analysis.output()).isZero();
        assertThat(analysis.output()).containsPattern("exp_v1: \\d+ tables, \\d+ columns");

        Cli suite = cli(
                root,
                work,
                env,
                "suite",
                "create",
                "--name",
                "qatch v1",
                "--database",
                databaseId,
                "--schema",
                "exp_v1",
                "--counts",
                "project=2,join=2");
        assertThat(suite.exit()).as(suite.output()).isZero();
        assertThat(suite.output()).containsPattern("test suite \\S+ \\(qatch v1\\): \\d+ tests on exp_v1");
        assertThat(cli(root, work, env, "suite", "list").output()).contains("qatch v1");

        Files.writeString(work.resolve("seeds.yaml"), "benchmark: footballdb\ndataModel: v1\nsplit: train\n");
        Cli synthetic = cli(
                root,
                work,
                env,
                "synthetic",
                "create",
                "--name",
                "v1 synthetic",
                "--database",
                databaseId,
                "--schema",
                "exp_v1",
                "--seeds",
                "seeds.yaml",
                "--target",
                "20");
        assertThat(synthetic.exit()).as(synthetic.output()).isZero();
        assertThat(synthetic.output()).containsPattern("synthetic set \\S+ \\(v1 synthetic\\): \\d+ pairs on exp_v1");
        assertThat(cli(root, work, env, "synthetic", "list").output()).contains("v1 synthetic");
    }

    private JsonNode get(String url) throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode())
                .as(url + " answered " + response.body())
                .isEqualTo(200);
        return json.readTree(response.body());
    }

    /** What a command printed (stdout and stderr) and its exit code. */
    private record Cli(int exit, String output) {}

    /** {@code ./snailbench footballdb login NAME}: the tenant's own login (user, password), as it prints it. */
    private static Matcher footballDbLogin(Path root, String tenant) throws Exception {
        Cli printed = cli(root, root, Map.of(), "footballdb", "login", tenant);
        assertThat(printed.exit()).as(printed.output()).isZero();
        Matcher m = LOGIN.matcher(printed.output());
        assertThat(m.find()).as(printed.output()).isTrue();
        assertThat(printed.output())
                .contains("./snailbench db register --name footballdb-v1 --kind postgresql "
                        + "--jdbc-url jdbc:postgresql://")
                .contains("--user " + m.group(1) + " --password " + m.group(2));
        return m;
    }

    private static Cli cli(Path root, Path cwd, Map<String, String> env, String... args) throws Exception {
        List<String> command =
                new ArrayList<>(List.of(root.resolve("snailbench").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
        builder.environment().remove("SNAILBENCH_API_KEY");
        builder.environment().putAll(env);
        Process p = builder.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
        return new Cli(p.exitValue(), output);
    }

    /** Whether a line starting with {@code start} follows the ready line in what up printed, waiting up to {@code wait}. */
    private static boolean awaitLineAfterReady(List<String> printed, String start, Duration wait)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(wait);
        while (Instant.now().isBefore(deadline)) {
            synchronized (printed) {
                int ready = -1;
                for (int i = 0; i < printed.size(); i++) {
                    if (printed.get(i).startsWith(Up.READY)) {
                        ready = i;
                    } else if (ready >= 0 && printed.get(i).startsWith(start)) {
                        return true;
                    }
                }
            }
            Thread.sleep(200);
        }
        return false;
    }

    /** Reads the rest of the output once the ready line was seen (so the process never blocks on a full pipe). */
    private Thread drain;

    private boolean readUntilReady(Process up, List<String> printed) {
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(up.getInputStream(), StandardCharsets.UTF_8));
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                synchronized (printed) {
                    printed.add(line);
                }
                if (line.startsWith(Up.READY)) {
                    drain = new Thread(() -> {
                        try {
                            for (String rest = out.readLine(); rest != null; rest = out.readLine()) {
                                synchronized (printed) {
                                    printed.add(rest);
                                }
                            }
                        } catch (IOException ignored) {
                            // the process ended
                        }
                    });
                    drain.setDaemon(true);
                    drain.start();
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    private JsonNode post(String url, Map<String, String> headers, Object body, int expected) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
        headers.forEach(request::header);
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode())
                .as(url + " answered " + response.body())
                .isEqualTo(expected);
        return json.readTree(response.body());
    }

    private boolean unreachable(String url) throws Exception {
        try {
            http.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            return false;
        } catch (ConnectException e) {
            return true;
        } catch (IOException e) {
            return e.getCause() instanceof ConnectException
                    || String.valueOf(e.getMessage()).contains("refused");
        }
    }
}
