package dev.snailbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.snailbench.datasets.DataDir;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command-line client's own output, against a loopback server that answers as the platform's REST API does
 * (the packaged platform is covered by the generator's SnailbenchUpIT).
 */
class CliTest {

    private static final String JOBS = """
            [{"jobId": "7f0c", "name": "FootballDB v1 nightly", "status": "completed", "total": 100, "done": 100,
              "failed": 35, "reason": null, "outcome": "some-failed"},
             {"jobId": "91ab", "name": "bad spec", "status": "failed", "total": 0, "done": 0, "failed": 0,
              "reason": "question q3 has no gold SQL"}]""";

    private final Map<String, String> answers = new ConcurrentHashMap<>();
    private final Map<String, String> keysSeen = new ConcurrentHashMap<>();
    private final Map<String, String> bodiesSeen = new ConcurrentHashMap<>();
    private final Map<String, String> methodsSeen = new ConcurrentHashMap<>();
    /** Status codes other than 200, by path. */
    private final Map<String, Integer> statuses = new ConcurrentHashMap<>();
    /** Answers given one after the other (the last one again once the others are used), by path. */
    private final Map<String, Deque<String>> sequences = new ConcurrentHashMap<>();
    /** What the last run printed, also when it ended with an error. */
    private ByteArrayOutputStream printed = new ByteArrayOutputStream();
    /** What the client asked the desktop to show (report --open), instead of starting a browser. */
    private final List<Path> opened = new CopyOnWriteArrayList<>();

    private HttpServer platform;

    @TempDir
    Path work;

    @BeforeEach
    void startPlatform() throws Exception {
        platform = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        platform.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            keysSeen.put(path, String.valueOf(exchange.getRequestHeaders().getFirst("X-API-Key")));
            bodiesSeen.put(path, new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            methodsSeen.put(path, exchange.getRequestMethod());
            Deque<String> sequence = sequences.get(path);
            String body =
                    sequence == null ? answers.get(path) : sequence.size() > 1 ? sequence.poll() : sequence.peek();
            byte[] bytes = (body == null ? "{\"error\": \"no such path\"}" : body).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(body == null ? 404 : statuses.getOrDefault(path, 200), bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        platform.start();
    }

    @AfterEach
    void stopPlatform() {
        platform.stop(0);
    }

    @Test
    void shouldListJobsAsAlignedColumnsAndTheApisJsonOnRequest() {
        answers.put("/jobs", JOBS);

        List<String> lines = run("job", "list", "--api-key", "sb_team").lines().toList();

        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith("JOBID").contains("STATUS", "OUTCOME", "DONE", "TOTAL", "FAILED", "NAME");
        // What each job came to, beside its status (empty where the API gives none).
        assertThat(lines.get(1))
                .matches("7f0c\\s+completed\\s+some-failed\\s+100\\s+100\\s+35\\s+FootballDB v1 nightly");
        assertThat(lines.get(2)).matches("91ab\\s+failed\\s+0\\s+0\\s+0\\s+bad spec");
        // Columns line up: every row's status starts where the header's does.
        assertThat(lines.get(1).indexOf("completed")).isEqualTo(lines.get(0).indexOf("STATUS"));
        assertThat(keysSeen).containsEntry("/jobs", "sb_team");

        String json = run("job", "list", "--json", "--api-key", "sb_team");
        assertThat(json).contains("\"jobId\" : \"7f0c\"", "\"reason\" : \"question q3 has no gold SQL\"");
    }

    @Test
    void shouldSayAJobsStateInOneLineWithTheReasonWhenItFailed() {
        answers.put(
                "/jobs/91ab",
                "{\"jobId\": \"91ab\", \"name\": \"bad spec\", \"status\": \"failed\", \"total\": 0,"
                        + " \"done\": 0, \"failed\": 0, \"reason\": \"question q3 has no gold SQL\"}");

        String printed = run("job", "status", "91ab", "--api-key", "sb_team");

        assertThat(printed.lines())
                .containsExactly(
                        "job 91ab (bad spec): failed, 0/0 done, 0 failed", "reason: question q3 has no gold SQL");
    }

    @Test
    void shouldWriteAFootballDbSpecForARegisteredDatabaseThatNamesEveryQuestionAndItsRecordedAnswer() throws Exception {
        String printed = run(
                "job",
                "spec",
                "footballdb",
                "v2",
                "--database",
                "db-42",
                "--out",
                work.resolve("job.json").toString());

        assertThat(printed).contains("(100 questions)", "./snailbench job submit");
        JsonNode spec = PlatformClient.json().readTree(Files.readString(work.resolve("job.json")));
        assertThat(spec.get("database").get("databaseId").asText()).isEqualTo("db-42");
        assertThat(spec.get("dialect").asText()).isEqualTo("postgresql");
        assertThat(spec.get("questions")).hasSize(100);
        assertThat(spec.get("questions"))
                .allSatisfy(q -> assertThat(q.get("goldSql").asText()).isNotBlank());
        // The answers are the ones recorded for v2 (its tables), matched to questions by id.
        JsonNode dev = PlatformClient.json()
                .readTree(DataDir.resolve().resolve("footballdb/v2/dev.json").toFile());
        assertThat(spec.get("questions").get(0).get("id").asText())
                .isEqualTo(dev.get(0).get("id").asText());
        // Each question carries the dataset's hardness label, so the report can show it beside Spider's.
        for (int i = 0; i < dev.size(); i++) {
            assertThat(spec.get("questions").get(i).get("hardness").asText())
                    .isEqualTo(dev.get(i).get("hardness").asText());
        }
        assertThat(spec.get("predictions")).hasSize(100);
        assertThat(spec.get("predictions"))
                .extracting(p -> p.get("questionId").asText())
                .containsExactlyInAnyOrderElementsOf(spec.get("questions").findValuesAsText("id"));
    }

    @Test
    void shouldRefuseASpecForAnUnknownDataModelNamingTheOnesThereAre() {
        assertThatThrownBy(() -> run("job", "spec", "footballdb", "v4", "--database", "db-42"))
                .isInstanceOf(UserError.class)
                .hasMessage("unknown FootballDB data model 'v4' (one of v1, v2, v3)");
        assertThatThrownBy(() -> run("job", "spec", "spider", "dev", "--database", "db-42"))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("the one available is footballdb");
    }

    @Test
    void shouldSubmitASpecWrittenInYamlAsTheSameJobItsJsonWouldBe() throws Exception {
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        Files.writeString(work.resolve("job.yaml"), """
                name: nightly
                database: {databaseId: 4f0e2c7a-51d1-4c59-9d44-1d0cb0e6b2aa}
                dialect: postgresql
                model: gpt-3.5-turbo
                questions:
                  - id: "1"
                    question: How many teams?
                    goldSql: SELECT count(*) FROM national_team
                predictions:
                  - questionId: "1"
                    predictedSql: |
                      SELECT count(team_id)
                      FROM national_team
                """);

        String printed = run("job", "submit", work.resolve("job.yaml").toString(), "--api-key", "sb_team");

        assertThat(printed).contains("job c0de accepted");
        JsonNode sent = PlatformClient.json().readTree(bodiesSeen.get("/jobs"));
        assertThat(sent.get("database").get("databaseId").asText()).isEqualTo("4f0e2c7a-51d1-4c59-9d44-1d0cb0e6b2aa");
        assertThat(sent.get("questions").get(0).get("id").asText()).isEqualTo("1");
        assertThat(sent.get("predictions").get(0).get("predictedSql").asText())
                .isEqualTo("SELECT count(team_id)\nFROM national_team\n");
    }

    @Test
    void shouldRefuseASpecThatIsNotValidYamlNamingTheFileAndWhere() throws Exception {
        Files.writeString(work.resolve("bad.yml"), "name: [unclosed\n");

        assertThatThrownBy(() -> run("job", "submit", work.resolve("bad.yml").toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("cannot read the job spec")
                .hasMessageContaining("bad.yml");
        assertThat(bodiesSeen).doesNotContainKey("/jobs");
    }

    @Test
    void shouldWriteTheHtmlReportAndShowItInTheBrowserWhenAskedToOpenIt() throws Exception {
        answers.put("/jobs/7f0c/report.html", "<!DOCTYPE html><html><title>Snailbench: nightly</title></html>");

        String printed =
                run("report", "7f0c", "--html", work.resolve("r.html").toString(), "--open", "--api-key", "sb_team");

        assertThat(printed).contains("written to " + work.resolve("r.html"));
        assertThat(opened).containsExactly(work.resolve("r.html"));
        assertThat(Files.readString(work.resolve("r.html"))).contains("<title>Snailbench: nightly</title>");

        run("report", "7f0c", "--open", "--api-key", "sb_team");
        assertThat(opened).hasSize(2);
        assertThat(opened.get(1).getFileName().toString()).isEqualTo("snailbench-report-7f0c.html");
        assertThat(Files.readString(opened.get(1))).contains("<title>Snailbench: nightly</title>");
        Files.delete(opened.get(1));
        assertThatThrownBy(() -> run("report", "7f0c", "--csv", "r.csv", "--open", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("--open shows the HTML report");
    }

    private String run(String... args) {
        runForExitCode(args);
        return printed.toString(StandardCharsets.UTF_8);
    }

    /** Whether the client's output is taken for a terminal (--watch redraws its line) or a file. */
    private boolean terminal = true;

    private int runForExitCode(String... args) {
        printed = new ByteArrayOutputStream();
        String base = "http://127.0.0.1:" + platform.getAddress().getPort();
        Cli cli = new Cli(
                Map.of("generator", base, "executor", base, "scorer", base),
                new PrintStream(printed, true, StandardCharsets.UTF_8),
                opened::add);
        cli.pollInterval = Duration.ofMillis(20);
        cli.terminal = terminal;
        return cli.run(List.of(args));
    }

    private String printed() {
        return printed.toString(StandardCharsets.UTF_8);
    }

    private static String job(String status, int done, int total, int failed) {
        return "{\"jobId\": \"c0de\", \"name\": \"nightly\", \"status\": \"" + status + "\", \"total\": " + total
                + ", \"done\": " + done + ", \"failed\": " + failed + ", \"reason\": null}";
    }

    private static final String SUMMARY = """
            {"overall": {"items": 100, "scored": 77, "goldFailed": 23, "predictionFailed": 12, "reviewed": 3,
              "metrics": {"executionAccuracy": {"mean": 0.39, "ciLow": 0.3, "ciHigh": 0.5, "n": 77},
                          "manualAccuracy": {"mean": 0.4026, "ciLow": 0.3, "ciHigh": 0.5, "n": 77},
                          "setAccuracy": {"mean": 0.4156, "ciLow": 0.3, "ciHigh": 0.5, "n": 77},
                          "relaxedAccuracy": {"mean": 0.4286, "ciLow": 0.3, "ciHigh": 0.5, "n": 77}},
              "reasons": {"gold failed": 23, "exact match": 30, "predicted failed": 12, "different rows": 35}},
             "failureReasons": [{"reason": "gold failed: ERROR 42P01 relation \\"match_fact\\" does not exist", "count": 23},
              {"reason": "predicted failed: ERROR 42703 column \\"nme\\" does not exist", "count": 12}],
             "byLevel": [{"key": {"level": "Native"}, "items": 50, "goldFailed": 10,
               "metrics": {"executionAccuracy": {"mean": 0.45}, "setAccuracy": {"mean": 0.45},
                           "relaxedAccuracy": {"mean": 0.475}, "queryRecall": {"mean": 0.8}}},
              {"key": {"level": "Least"}, "items": 50, "goldFailed": 13,
               "metrics": {"executionAccuracy": {"mean": 0.3243}, "setAccuracy": {"mean": 0.3784},
                           "relaxedAccuracy": {"mean": 0.3784}, "queryRecall": {"mean": 0.612}}}]}""";

    private Path spec() throws Exception {
        Path file = work.resolve("job.json");
        Files.writeString(file, """
                {"name": "nightly", "database": {"databaseId": "4f0e2c7a-51d1-4c59-9d44-1d0cb0e6b2aa"}, "dialect": "postgresql", "model": "m",
                 "questions": [{"id": "1", "question": "How many teams?", "goldSql": "SELECT 1"}],
                 "predictions": [{"questionId": "1", "predictedSql": "SELECT 1"}]}""");
        return file;
    }

    /** The text after the last carriage return: what the terminal's watch line holds at the end. */
    private static List<String> redraws(String printed) {
        // Not String.lines(): it would split at the carriage returns too.
        String lastLine = Arrays.stream(printed.split("\n"))
                .filter(l -> l.contains("\r"))
                .findFirst()
                .orElseThrow();
        return List.of(lastLine.split("\r", -1)).subList(1, lastLine.split("\r", -1).length);
    }

    @Test
    void shouldRedrawTheWatchLineOverItsLongerPredecessorWithoutAnEtaOnceCancelledAndExitWithAnError()
            throws Exception {
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        sequences.put(
                "/jobs/c0de",
                new ArrayDeque<>(List.of(
                        job("running", 10, 1000, 1), job("running", 400, 1000, 3), job("cancelled", 400, 1000, 3))));
        answers.put("/jobs/c0de/summary", SUMMARY);

        assertThatThrownBy(() -> run("job", "submit", spec().toString(), "--watch", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("job c0de was cancelled");

        List<String> redraws = redraws(printed());
        String last = redraws.get(redraws.size() - 1);
        String before = redraws.get(redraws.size() - 2);
        assertThat(before).contains("ETA", "running");
        // Padded to cover every character of the longer line before it: nothing of it is left on the screen.
        assertThat(last.length()).isGreaterThanOrEqualTo(before.length());
        assertThat(last.strip())
                .contains("400/1000 done, 3 failed")
                .doesNotContain("ETA")
                .endsWith("cancelled");
        assertThat(printed())
                .contains("score: strict EX 39.0%, set EX 41.6%, relaxed EX 42.9% of the 77 items "
                        + "whose gold ran; 35 of 100 failed");
    }

    @Test
    void shouldExitWithAnErrorNamingTheTopReasonsWhenEveryItemOfAWatchedJobFailed() throws Exception {
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        answers.put(
                "/jobs/c0de",
                job("completed", 3, 3, 3)
                        .replace(
                                "}",
                                ", \"outcome\": \"all-failed\", "
                                        + "\"topReasons\": [{\"reason\": \"gold failed\", \"count\": 2}, "
                                        + "{\"reason\": \"no recorded prediction\", \"count\": 1}]}"));

        assertThatThrownBy(() -> run("job", "submit", spec().toString(), "--watch", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("job c0de: all 3 items failed:\n      2  gold failed\n      1  no recorded prediction");
        // Without the API's outcome (an older generator), the counts say the same.
        answers.put("/jobs/c0de", job("completed", 3, 3, 3));
        assertThatThrownBy(() -> run("job", "status", "c0de", "--watch", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("job c0de: all 3 items failed");
        answers.put("/jobs/c0de", job("failed", 0, 0, 0).replace("\"reason\": null", "\"reason\": \"no questions\""));
        assertThatThrownBy(() -> run("job", "status", "c0de", "--watch", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("job c0de failed");
        assertThat(printed()).contains("reason: no questions");
    }

    @Test
    void shouldEndAWatchedJobThatSucceededWithItsScoreAndExitCodeZero() throws Exception {
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        answers.put("/jobs/c0de", job("completed", 100, 100, 35));
        answers.put("/jobs/c0de/summary", SUMMARY);

        assertThat(runForExitCode("job", "submit", spec().toString(), "--watch", "--api-key", "sb_team"))
                .isZero();

        assertThat(printed().lines().toList())
                .last()
                .isEqualTo("score: strict EX 39.0%, set EX 41.6%, relaxed EX "
                        + "42.9% of the 77 items whose gold ran; 35 of 100 failed");
    }

    @Test
    void shouldWatchIntoAFileLineByLineWithoutCarriageReturns() throws Exception {
        terminal = false;
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        sequences.put(
                "/jobs/c0de",
                new ArrayDeque<>(List.of(
                        job("running", 0, 100, 0),
                        job("running", 1, 100, 0),
                        job("running", 2, 100, 0),
                        job("running", 50, 100, 3),
                        job("completed", 100, 100, 35))));
        answers.put("/jobs/c0de/summary", SUMMARY);

        assertThat(runForExitCode("job", "submit", spec().toString(), "--watch", "--api-key", "sb_team"))
                .isZero();

        List<String> lines = printed().lines().toList();
        assertThat(printed()).doesNotContain("\r");
        // One line per tenth of the job and per status: 1 and 2 of 100 are in the same tenth as 0.
        assertThat(lines).hasSize(5);
        assertThat(lines.get(1))
                .startsWith("[....")
                .contains("0/100 done, 0 failed")
                .endsWith("running");
        assertThat(lines.get(2)).contains("50/100 done, 3 failed");
        assertThat(lines.get(3)).contains("100/100 done, 35 failed").endsWith("completed");
        assertThat(lines.get(4)).startsWith("score: strict EX 39.0%");
    }

    @Test
    void shouldEstimateTheTimeLeftFromASmoothedRateAndShowNoneOnceTheJobHasEnded() {
        Progress progress = new Progress();
        ObjectMapper json = PlatformClient.json();
        Function<String, JsonNode> read = s -> {
            try {
                return json.readTree(s);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        };
        long second = 1_000_000_000L;
        assertThat(progress.line(0, read.apply(job("running", 0, 100, 0)))).doesNotContain("ETA");
        assertThat(progress.line(second, read.apply(job("running", 10, 100, 0))))
                .contains("ETA 9 s");
        // A burst of 20 items in the next second moves the rate from 10 to 13/s, not to 20/s: ETA 70 / 13 = 5 s.
        assertThat(progress.line(2 * second, read.apply(job("running", 30, 100, 0))))
                .contains("ETA 5 s");
        assertThat(progress.line(3 * second, read.apply(job("cancelled", 30, 100, 0))))
                .doesNotContain("ETA")
                .contains("30/100 done, 0 failed, 10.0 items/s, cancelled");
        assertThat(Progress.duration(1818)).isEqualTo("30 min 18 s");
    }

    @Test
    void shouldCancelAJobInOneLineAndSayWhyWhenItHasAlreadyFinishedWithoutAFieldToFix() {
        answers.put("/jobs/7f0c/cancel", job("cancelled", 40, 100, 2).replace("c0de", "7f0c"));
        assertThat(run("job", "cancel", "7f0c", "--api-key", "sb_team"))
                .isEqualTo("job 7f0c cancelled (40/100 done, 2 failed)" + System.lineSeparator());

        statuses.put("/jobs/7f0c/cancel", 409);
        answers.put(
                "/jobs/7f0c/cancel",
                "{\"status\": 409, \"error\": \"job 7f0c is already completed and cannot be "
                        + "cancelled\", \"field\": \"status\"}");
        assertThatThrownBy(() -> run("job", "cancel", "7f0c", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("409 job 7f0c is already completed and cannot be cancelled");
    }

    @Test
    void shouldTestADatabaseRightAfterRegisteringItAndFailWithWhatWentWrong() {
        answers.put("/databases", "{\"id\": \"db-1\", \"name\": \"v1\"}");
        answers.put(
                "/databases/db-1/test",
                "{\"ok\": false, \"elapsedMillis\": 8, \"error\": \"FATAL: password "
                        + "authentication failed for user \\\"reader\\\"\", \"sqlState\": \"28P01\"}");

        assertThatThrownBy(() -> run(register("v1", "jdbc:postgresql://127.0.0.1:5432/v1", "wrong")))
                .isInstanceOf(UserError.class)
                .hasMessage("database db-1: connection failed: FATAL: "
                        + "password authentication failed for user \"reader\" (SQLSTATE 28P01) — check its JDBC URL, "
                        + "user and password (./snailbench db list)");
        assertThat(printed()).isEqualTo("database db-1 registered (v1)" + System.lineSeparator());
        assertThat(keysSeen).containsEntry("/databases/db-1/test", "sb_team");

        assertThatThrownBy(() -> run("db", "test", "db-1", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("connection failed: FATAL: password");

        answers.put(
                "/databases/db-1/test",
                "{\"ok\": true, \"elapsedMillis\": 12, \"databaseProduct\": "
                        + "\"PostgreSQL\", \"databaseVersion\": \"18.1\"}");
        assertThat(run(register("v1", "jdbc:x", "right")).lines())
                .containsExactly(
                        "database db-1 registered (v1)", "database db-1: connection ok (PostgreSQL 18.1, 12 ms)");
        assertThat(run("db", "test", "db-1", "--json", "--api-key", "sb_team")).contains("\"ok\" : true");
    }

    @Test
    void shouldSayWhenASchemasTablesAreNotOnTheLoginsPathAtRegistrationAndWithTheSchema() {
        String path = "\"path\": {\"searchPath\": [\"public\"], \"offPath\": [\"sales\"], \"note\": \"the tables of "
                + "schema sales are not on the search path of login reader (public): name the schema in a job as "
                + "nativeSchema\"}";
        answers.put("/databases", "{\"id\": \"db-1\", \"name\": \"shop\", " + path + "}");
        answers.put(
                "/databases/db-1/test",
                "{\"ok\": true, \"elapsedMillis\": 12, \"databaseProduct\": "
                        + "\"PostgreSQL\", \"databaseVersion\": \"18.1\"}");
        answers.put(
                "/databases/db-1/schema",
                "{\"databaseProduct\": \"PostgreSQL\", \"tables\": [{\"schema\": "
                        + "\"sales\", \"name\": \"orders\", \"columns\": [{\"name\": \"id\", \"type\": \"int4\", "
                        + "\"nullable\": false}], \"primaryKey\": [\"id\"], \"foreignKeys\": []}], \"truncated\": false, "
                        + path + "}");
        String note = "note: the tables of schema sales are not on the search path of login reader (public): name the "
                + "schema in a job as nativeSchema";

        assertThat(run(register("shop", "jdbc:x", "right")).lines())
                .containsExactly(
                        "database db-1 registered (shop)",
                        note,
                        "database db-1: connection ok (PostgreSQL 18.1, 12 ms)");
        assertThat(run("db", "schema", "db-1", "--api-key", "sb_team").lines().map(String::strip))
                .containsExactly("TABLE         COLUMN  TYPE  NULL  KEY", "sales.orders  id      int4  no    PK", note);
    }

    @Test
    void shouldChangeADatabasesLoginsAndDeleteItSayingWhyWhenRefused() throws Exception {
        answers.put(
                "/databases/db-1",
                "{\"id\": \"db-1\", \"name\": \"shop\", \"user\": \"reader\", " + "\"adminUser\": \"owner\"}");

        assertThat(run(
                        "db",
                        "update",
                        "db-1",
                        "--password",
                        "new",
                        "--admin-user",
                        "owner",
                        "--admin-password",
                        "also-new",
                        "--api-key",
                        "sb_team"))
                .isEqualTo("database db-1 changed (shop, user reader, admin owner)" + System.lineSeparator());
        assertThat(methodsSeen).containsEntry("/databases/db-1", "PATCH");
        assertThat(new ObjectMapper().readTree(bodiesSeen.get("/databases/db-1")))
                .isEqualTo(new ObjectMapper()
                        .readTree(
                                "{\"password\": \"new\", \"adminUser\": \"owner\", \"adminPassword\": \"also-new\"}"));
        assertThatThrownBy(() -> run("db", "update", "db-1", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("nothing to change: give --name");

        answers.put("/databases/db-1", "");
        assertThat(run("db", "delete", "db-1", "--api-key", "sb_team"))
                .isEqualTo("database db-1 deleted" + System.lineSeparator());
        assertThat(methodsSeen).containsEntry("/databases/db-1", "DELETE");
        statuses.put("/databases/db-1", 409);
        answers.put(
                "/databases/db-1",
                "{\"status\": 409, \"error\": \"database db-1 is in use by running job 7f0c\", "
                        + "\"field\": \"id\"}");
        assertThatThrownBy(() -> run("db", "delete", "db-1", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("409 database db-1 is in use by running job 7f0c");
    }

    @Test
    void shouldShowASchemaAsColumnsWithKeys() {
        answers.put("/databases/db-1/schema", """
                {"databaseProduct": "PostgreSQL", "tables": [{"schema": "public", "name": "club", "type": "TABLE",
                  "columns": [{"name": "club_id", "type": "int4", "nullable": false},
                              {"name": "team_id", "type": "int4", "nullable": true}],
                  "primaryKey": ["club_id"], "foreignKeys": [{"name": "fk", "columns": ["team_id"],
                  "refSchema": "public", "refTable": "national_team", "refColumns": ["team_id"]}]}],
                 "truncated": false}""");

        assertThat(run("db", "schema", "db-1", "--api-key", "sb_team").lines().map(String::strip))
                .containsExactly(
                        "TABLE        COLUMN   TYPE  NULL  KEY",
                        "public.club  club_id  int4  no    PK",
                        "public.club  team_id  int4  yes   → national_team.team_id");
    }

    @Test
    void shouldPrintTheReportsSummaryFirstAndItsItemsOnlyWhenAsked() {
        answers.put(
                "/jobs/7f0c/report.json",
                "{\"job\": {\"status\": \"completed\", \"done\": 100, "
                        + "\"total\": 100, \"failed\": 35, \"reason\": null}, \"summary\": " + SUMMARY
                        + ", \"items\": ["
                        + "{\"questionId\": \"2\", \"model\": \"gpt\", \"level\": \"Native\", \"strictMatch\": true, "
                        + "\"setMatch\": true, \"relaxedMatch\": true, \"manualVerdict\": \"correct\", \"reason\": \"exact match\"},"
                        + "{\"questionId\": \"377\", \"model\": \"gpt\", \"level\": \"Least\", \"strictMatch\": null, "
                        + "\"reason\": \"gold failed: ERROR 22P02\"}]}");

        // Without --items the client asks for the summary alone (the scorer keeps it computed), not every item.
        answers.put(
                "/jobs/7f0c/summary",
                withJob(
                        "{\"status\": \"completed\", \"done\": 100, \"total\": 100, "
                                + "\"failed\": 35, \"reason\": null}",
                        SUMMARY));
        List<String> lines =
                run("report", "7f0c", "--api-key", "sb_team").lines().toList();
        assertThat(keysSeen).containsKey("/jobs/7f0c/summary").doesNotContainKey("/jobs/7f0c/report.json");
        // Where the job stands, first; then the score, the manual accuracy after reviews, the headline per level.
        assertThat(lines.get(0)).isEqualTo("job 7f0c: completed: 100/100 items done, 35 failed");
        assertThat(lines.get(1)).startsWith("score: strict EX 39.0%");
        assertThat(lines.get(2))
                .isEqualTo("manual accuracy 40.3% (3 items reviewed by hand; the strict verdict " + "elsewhere)");
        assertThat(lines.get(3)).isEqualTo("by level:");
        assertThat(lines.get(4))
                .matches("  LEVEL\\s+ITEMS\\s+GOLD RAN\\s+STRICT EX\\s+SET EX\\s+RELAXED EX\\s+QUERYRECALL");
        assertThat(lines.get(5)).matches("  Native\\s+50\\s+40\\s+45.0%\\s+45.0%\\s+47.5%\\s+0.800");
        assertThat(lines.get(6)).matches("  Least\\s+50\\s+37\\s+32.4%\\s+37.8%\\s+37.8%\\s+0.612");
        // One model: no per-model tables.
        assertThat(String.join("\n", lines)).doesNotContain("by model");
        assertThat(lines)
                .containsSubsequence(
                        "failure reasons:",
                        "     23  gold failed: ERROR 42P01 relation \"match_fact\" does not exist",
                        "     12  predicted failed: ERROR 42703 column \"nme\" does not exist");
        assertThat(lines)
                .contains("verdicts by reason:", "     35  different rows", "     23  gold failed")
                .last()
                .isEqualTo("every item: ./snailbench report 7f0c --items (or --csv FILE, --html FILE)");
        assertThat(String.join("\n", lines)).doesNotContain("377");

        List<String> withItems =
                run("report", "7f0c", "--items", "--api-key", "sb_team").lines().toList();
        assertThat(withItems.get(1)).startsWith("score:");
        assertThat(withItems)
                .anySatisfy(l -> assertThat(l)
                        .matches("QUESTION\\s+MODEL\\s+LEVEL\\s+STRICT\\s+SET\\s+RELAXED\\s+MANUAL\\s+REASON"))
                .anySatisfy(
                        l -> assertThat(l).matches("2\\s+gpt\\s+Native\\s+yes\\s+yes\\s+yes\\s+correct\\s+exact match"))
                .anySatisfy(l ->
                        assertThat(l).matches("377\\s+gpt\\s+Least\\s+-\\s+-\\s+-\\s+-\\s+gold failed: ERROR 22P02"));
    }

    @Test
    void shouldSayFirstThatAJobStillRunsOrWasCancelledAndBreakASeveralModelJobDownByModelAndLevel() {
        String groups = """
                "byModel": [%s, %s],
                "byModelAndLevel": [%s, %s, %s, %s]""".formatted(
                        group("model", "a", 0.5),
                        group("model", "b", 0.25),
                        group2("a", "Native", 0.75),
                        group2("a", "Least", 0.25),
                        group2("b", "Native", 0.5),
                        group2("b", "Least", 0.0));
        answers.put(
                "/jobs/7f0c/summary",
                withJob(
                        "{\"status\": \"running\", \"done\": 40, \"total\": 100, " + "\"failed\": 2, \"reason\": null}",
                        SUMMARY.replace("\"byLevel\"", groups + ", \"byLevel\"")));

        List<String> lines =
                run("report", "7f0c", "--api-key", "sb_team").lines().toList();

        assertThat(lines.get(0))
                .isEqualTo("job 7f0c: running: 40/100 items done, 2 failed (still running: the "
                        + "figures below will change)");
        assertThat(lines).containsSubsequence("by model:", "by model and level:");
        assertThat(lines)
                .anySatisfy(l -> assertThat(l).matches("  a\\s+Least\\s+10\\s+10\\s+25.0%.*"))
                .anySatisfy(l -> assertThat(l).matches("  b\\s+Native\\s+10\\s+10\\s+50.0%.*"));

        answers.put(
                "/jobs/7f0c/summary",
                withJob(
                        "{\"status\": \"cancelled\", \"done\": 40, \"total\": "
                                + "100, \"failed\": 2, \"reason\": \"cancelled by its tenant\"}",
                        SUMMARY));
        assertThat(run("report", "7f0c", "--api-key", "sb_team").lines().findFirst())
                .hasValue(
                        "job 7f0c: cancelled: "
                                + "40/100 items done, 2 failed (cancelled: cancelled by its tenant; the other items will not be scored)");
    }

    /** A summary as the scorer answers it: where the job stands ({@code job}) first. */
    private static String withJob(String job, String summary) {
        return "{\"job\": " + job + ", " + summary.strip().substring(1);
    }

    private static String group(String key, String value, double accuracy) {
        return "{\"key\": {\"" + key + "\": \"" + value + "\"}, \"items\": 20, \"goldFailed\": 0, \"metrics\": "
                + "{\"executionAccuracy\": {\"mean\": " + accuracy + "}}}";
    }

    private static String group2(String model, String level, double accuracy) {
        return "{\"key\": {\"model\": \"" + model + "\", \"level\": \"" + level + "\"}, \"items\": 10, "
                + "\"goldFailed\": 0, \"metrics\": {\"executionAccuracy\": {\"mean\": " + accuracy + "}}}";
    }

    @Test
    void shouldSayThatTheSameSpecWasSubmittedBeforeWithTheJobsState() throws Exception {
        statuses.put("/jobs", 200);
        answers.put(
                "/jobs",
                "{\"jobId\": \"c0de\", \"status\": \"completed\", \"existing\": true, \"total\": 100, "
                        + "\"done\": 100, \"failed\": 35}");

        assertThat(run("job", "submit", spec().toString(), "--api-key", "sb_team"))
                .isEqualTo("job c0de already "
                        + "exists: completed, 100/100 done, 35 failed (the same spec was submitted before)"
                        + System.lineSeparator());
    }

    @Test
    void shouldNameAnUnknownCommandWithTheOneThatWasMeant() {
        assertThatThrownBy(() -> run("jobs", "list"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown command 'jobs': did you mean 'job'?");
        assertThatThrownBy(() -> run("job", "lst"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown command 'job lst': did you mean 'job list'?");
        assertThatThrownBy(() -> run("frobnicate"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown command 'frobnicate'");
    }

    @Test
    void shouldNameAMistypedSpecFieldWithTheOneThatWasMeantBeforeSendingIt() throws Exception {
        Path file = work.resolve("typo.json");
        Files.writeString(file, Files.readString(spec()).replace("\"questions\"", "\"questons\""));
        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage(file + ": unknown field 'questons' at line 2, column 2 (did you mean 'questions'?)");
        // Every unknown field at once, at any depth, in the order of their paths, each where it is in the file.
        Files.writeString(
                file,
                Files.readString(spec())
                        .replace("\"goldSql\"", "\"gold_sql\"")
                        .replace("\"databaseId\"", "\"databaseID\"")
                        .replace(
                                "\"model\": \"m\"",
                                "\"model\": \"m\", " + "\"promptOptions\": {\"shotz\": 3}, \"colour\": \"red\""));
        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage(file + ": unknown fields 'colour' at line 1, column 159, 'database.databaseID' at line 1, "
                        + "column 34 (did you mean 'databaseId'?), 'promptOptions.shotz' at line 1, column 146 (did "
                        + "you mean 'shots'?), 'questions[0].gold_sql' at line 2, column 59 (did you mean "
                        + "'goldSql'?)");
        assertThat(bodiesSeen).doesNotContainKey("/jobs");

        // What the server refuses is printed as the server says it, with where its field is in the file.
        statuses.put("/jobs", 400);
        answers.put(
                "/jobs",
                "{\"status\": 400, \"error\": \"database.jdbcurl: unknown field 'jdbcurl': did you "
                        + "mean 'jdbcUrl'?\", \"field\": \"database.jdbcurl\"}");
        assertThatThrownBy(() -> run("job", "submit", spec().toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("400 database.jdbcurl: unknown field 'jdbcurl': did you "
                        + "mean 'jdbcUrl'? (fix: database.jdbcurl at line 1, column 21 of " + spec() + ")");
    }

    @Test
    void shouldRefuseASpecByTheGeneratorsOwnRulesNamingEveryProblemBeforeSendingIt() throws Exception {
        Path file = work.resolve("rules.json");
        Files.writeString(file, """
                {"name": " ", "database": {"databaseId": "db-42", "jdbcUrl": "jdbc:postgresql://db/x"},
                 "dialect": "oracle", "model": "m", "levels": ["Native", "Lowest"],
                 "questions": [{"id": "1", "question": "How many teams?", "goldSql": ""}]}""");

        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage(file + ": database at line 1, column 15: name either a registered database (databaseId) or "
                        + "an inline one (kind, jdbcUrl, user, password), not both; database.databaseId at line 1, "
                        + "column 28: 'db-42' is not the id of a registered database (a UUID from POST /databases on "
                        + "the executor); dialect at line 2, column 2: unknown dialect 'oracle' (expected postgresql "
                        + "or sqlserver); levels[1] at line 2, column 58: unknown naturalness level 'Lowest' (expected "
                        + "Native, Regular, Low or Least); name at line 1, column 2: must not be blank; "
                        + "questions[0].goldSql at line 3, column 59: must not be blank");
        assertThat(bodiesSeen).doesNotContainKey("/jobs");
    }

    @Test
    void shouldRefuseSqlThatCouldOnlyFailBeforeSendingIt() throws Exception {
        Path file = work.resolve("sql.json");
        Files.writeString(
                file,
                Files.readString(spec())
                        .replace("\"goldSql\": \"SELECT 1\"", "\"goldSql\": \"DELETE FROM national_team\"")
                        .replace("\"predictedSql\": \"SELECT 1\"", "\"predictedSql\": \"SELEC 1\""));

        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith(
                        file + ": questions[0].goldSql at line 2, column 59: is not one read-only query "
                                + "the executor would run: only SELECT queries may run, got DML (DELETE); "
                                + "predictions[0].predictedSql at line 3, column 38: is not one read-only query the executor "
                                + "would run: not a parseable PostgreSQL statement")
                .hasMessageEndingWith("(recorded predictions a model wrote that cannot run are accepted with "
                        + "\"allowInvalidPredictions\": true (their items fail))");
        assertThat(bodiesSeen).doesNotContainKey("/jobs");

        // A recorded answer in its Markdown fence is checked as the platform will run it, and sent as recorded.
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        Files.writeString(
                file,
                Files.readString(spec())
                        .replace("\"predictedSql\": \"SELECT 1\"", "\"predictedSql\": \"```sql\\nSELECT 1\\n```\""));
        assertThat(run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .contains("job c0de accepted");
        assertThat(PlatformClient.json()
                        .readTree(bodiesSeen.get("/jobs"))
                        .at("/predictions/0/predictedSql")
                        .asText())
                .isEqualTo("```sql\nSELECT 1\n```");
    }

    @Test
    void shouldSayWhereInTheFileAYamlSpecIsBroken() throws Exception {
        Files.writeString(
                work.resolve("broken.yaml"),
                "name: nightly\ndialect: postgresql\nquestions:\n" + "  - id: 1\n    question: [unclosed\n");

        assertThatThrownBy(
                        () -> run("job", "submit", work.resolve("broken.yaml").toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("cannot read the job spec " + work.resolve("broken.yaml") + " at line ")
                .hasMessageMatching(".* at line [56], column \\d+: .*");
        assertThat(bodiesSeen).doesNotContainKey("/jobs");
    }

    @Test
    void shouldSayWhereInTheFileEachRefusedFieldIs() throws Exception {
        Path file = work.resolve("where.yaml");
        String yaml = """
                name: nightly
                database:
                  kind: postgresql
                  jdbcUrl: jdbc:postgresql://db.example:5432/football
                  user: reader
                  password: secret
                dialect: postgresql
                model: m
                questions:
                  - id: "1"
                    question: How many teams?
                    goldSql: SELECT 1
                predictions:
                  - questionId: "1"
                    predictedSql: SELECT 1
                """;
        Files.writeString(file, yaml.replace("    goldSql: SELECT 1", "    goldSql: SELECT 1\n    colour: red"));
        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage(file + ": unknown field 'questions[0].colour' at line 13, column 5");

        Files.writeString(
                file,
                yaml.replace("How many teams?", "\"\"")
                        .replace("goldSql: SELECT 1", "goldSql: DELETE FROM national_team"));
        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage(file + ": questions[0].question at line 11, column 5: must not be blank");
        Files.writeString(file, yaml.replace("goldSql: SELECT 1", "goldSql: DELETE FROM national_team"));
        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith(
                        file + ": questions[0].goldSql at line 12, column 5: is not one read-only " + "query");
        assertThat(bodiesSeen).doesNotContainKey("/jobs");

        // A field the generator refuses is found in the file too.
        Files.writeString(file, yaml);
        statuses.put("/jobs", 400);
        answers.put(
                "/jobs",
                "{\"status\": 400, \"error\": \"the login of user 'reader' failed\", \"field\": "
                        + "\"database.user\"}");
        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("400 the login of user 'reader' failed (fix: database.user at line 5, column 3 of " + file
                        + ")");
        // In a JSON file alike; a field the file lacks is placed at the object that should hold it.
        answers.put("/jobs", "{\"status\": 400, \"error\": \"missing\", \"field\": \"questions[0].hardness\"}");
        assertThatThrownBy(() -> run("job", "submit", spec().toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("400 missing (fix: questions[0].hardness at line 2, column 16 of " + spec() + ")");
    }

    @Test
    void shouldRefuseASpecLargerThanTheGeneratorAcceptsBeforeSendingIt() throws Exception {
        StringBuilder questions = new StringBuilder();
        String text = "q".repeat(9_000);
        for (int i = 0; i < 2_000; i++) {
            questions
                    .append(i == 0 ? "" : ", ")
                    .append("{\"id\": \"")
                    .append(i)
                    .append("\", \"question\": \"")
                    .append(text)
                    .append("\", \"goldSql\": \"SELECT 1\"}");
        }
        Path file = work.resolve("large.json");
        Files.writeString(
                file,
                "{\"name\": \"large\", \"dialect\": \"postgresql\", \"model\": \"m\", "
                        + "\"allowMissingPredictions\": true, \"questions\": [" + questions + "]}");

        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessageMatching(
                        java.util.regex.Pattern.quote(file.toString()) + ": the spec is \\d+ bytes as JSON; "
                                + "the generator accepts at most 16777216: split the questions into several jobs");
        assertThat(bodiesSeen).doesNotContainKey("/jobs");
    }

    @Test
    void shouldNameAMissingSpecFileOnce() {
        Path missing = work.resolve("nowhere.json");
        assertThatThrownBy(() -> run("job", "submit", missing.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("no such file: " + missing);
    }

    @Test
    void shouldBlameTheKeyGivenWithApiKeyNotTheEnvironmentWhenItIsRefused() {
        statuses.put("/jobs", 401);
        answers.put("/jobs", "{\"status\": 401, \"error\": \"missing or invalid X-API-Key\"}");

        assertThatThrownBy(() -> run("job", "list", "--api-key", "sb_wrong"))
                .isInstanceOf(UserError.class)
                .hasMessage("401 missing or invalid X-API-Key — check the key given with --api-key");
    }

    @Test
    void shouldListItemsToReviewWithTheirQuestionAndGoldSqlAndReviewOneByQuestionId() {
        answers.put("/jobs/7f0c/review", """
                [{"workItemId": "5d1e", "questionId": "teams-2018", "question": "Teams of 2018, by name?",
                  "goldSql": "SELECT teamname\\n FROM national_team", "predictedSql": "SELECT teamname FROM national_team ORDER BY 1",
                  "reason": "same rows, different order"}]""");
        answers.put(
                "/jobs/7f0c/items/teams-2018/review",
                "{\"workItemId\": \"5d1e\", \"questionId\": " + "\"teams-2018\", \"manualVerdict\": \"correct\"}");

        assertThat(run("review", "7f0c", "--api-key", "sb_team").lines())
                .containsExactly(
                        "1 item(s) to review",
                        "- 5d1e  question teams-2018  same rows, different order",
                        "    question:  Teams of 2018, by name?",
                        "    gold:      SELECT teamname FROM national_team",
                        "    predicted: SELECT teamname FROM national_team ORDER BY 1");
        assertThat(run("review", "7f0c", "teams-2018", "correct", "--api-key", "sb_team"))
                .isEqualTo("item 5d1e (question teams-2018) reviewed: correct" + System.lineSeparator());
    }

    @Test
    void shouldSendEveryPairOfTheFileThroughTheBatchEndpointAndPrintALinePerPair() throws Exception {
        Path pairs = work.resolve("pairs.ndjson");
        String first = "{\"id\": \"q1\", \"gold\": {\"rows\": [[1]]}, \"predicted\": {\"rows\": [[1]]}}";
        String second = "{\"id\": \"q2\", \"gold\": ";
        Files.writeString(pairs, first + "\n" + second + "\n");
        answers.put("/compare/batch", """
                {"line":1,"id":"q1","status":200,"result":{"strict":{"match":true,"reason":"MATCH"},\
                "set":{"match":true,"reason":"MATCH"},"relaxed":{"match":true,"reason":"MATCH"}}}
                {"line":2,"id":null,"status":400,"error":"line 2 is not JSON: unexpected end-of-input","field":"line"}
                """);

        int code = runForExitCode("compare", pairs.toString(), "--api-key", "sb_team");

        assertThat(code).isEqualTo(1);
        assertThat(bodiesSeen.get("/compare/batch")).isEqualTo(first + "\n" + second + "\n");
        assertThat(keysSeen.get("/compare/batch")).isEqualTo("sb_team");
        assertThat(printed().lines())
                .containsExactly(
                        "LINE   ID           STRICT  SET     RELAXED REASON",
                        "1      q1           yes     yes     yes     MATCH",
                        "2      -            400 line 2 is not JSON: unexpected end-of-input (fix: line)",
                        "2 pairs compared: 1 strict matches, 1 lines refused",
                        "  line 2: 400 line 2 is not JSON: unexpected end-of-input (fix: line)");
    }

    @Test
    void shouldWriteTheBatchAnswersToAFileAndBlameTheKeyWhenRefused() throws Exception {
        Path pairs = work.resolve("pairs.ndjson");
        Files.writeString(pairs, "{\"gold\": {\"rows\": []}, \"predicted\": {\"rows\": []}}\n");
        String answer = "{\"line\":1,\"id\":null,\"status\":200,\"result\":{\"strict\":{\"match\":true}}}";
        answers.put("/compare/batch", answer + "\n");

        assertThat(runForExitCode(
                        "compare",
                        pairs.toString(),
                        "--out",
                        work.resolve("answers.ndjson").toString(),
                        "--api-key",
                        "sb_team"))
                .isZero();
        assertThat(Files.readString(work.resolve("answers.ndjson"))).isEqualTo(answer + System.lineSeparator());
        assertThat(printed()).startsWith("1 pairs compared: 1 strict matches, 0 lines refused; answers written to ");

        statuses.put("/compare/batch", 401);
        answers.put("/compare/batch", "{\"status\": 401, \"error\": \"invalid API key\", \"field\": \"X-API-Key\"}");
        assertThatThrownBy(() -> run("compare", pairs.toString(), "--api-key", "sb_wrong"))
                .isInstanceOf(UserError.class)
                .hasMessage("401 invalid API key — check the key given with --api-key");
    }

    @Test
    void shouldImportListShowAndExportCrosswalks() throws Exception {
        String cw = "{\"id\": \"cw1\", \"name\": \"football\", \"origin\": \"csv\", \"dialect\": \"postgresql\", "
                + "\"status\": \"ready\", \"error\": null, \"entryCount\": 2}";
        answers.put("/crosswalks", cw);
        Path csv = work.resolve("football.csv");
        Files.writeString(
                csv, "kind,identifier_native,native_level,regular,low,least\ntable,club,Regular,club,clb,CB\n");

        assertThat(run("crosswalk", "import", csv.toString(), "--name", "football", "--api-key", "sb_team"))
                .isEqualTo("crosswalk cw1 (football): ready, 2 entries\n");
        assertThat(bodiesSeen.get("/crosswalks")).isEqualTo(Files.readString(csv));

        answers.put("/crosswalks", "[" + cw + "]");
        assertThat(run("crosswalk", "list", "--api-key", "sb_team")
                        .lines()
                        .toList()
                        .get(1))
                .matches("cw1\\s+ready\\s+2\\s+csv\\s+postgresql\\s+football");
        answers.put("/crosswalks/cw1", cw);
        assertThat(run("crosswalk", "show", "cw1", "--api-key", "sb_team")).startsWith("crosswalk cw1 (football)");
        answers.put("/crosswalks/cw1/csv", "kind,identifier_native\n");
        run("crosswalk", "export", "cw1", "--out", work.resolve("out.csv").toString(), "--api-key", "sb_team");
        assertThat(work.resolve("out.csv")).hasContent("kind,identifier_native\n");
    }

    @Test
    void shouldBuildACrosswalkFromARegisteredSchemaAndWaitUntilItIsReady() throws Exception {
        answers.put(
                "/crosswalks/builds",
                "{\"id\": \"cw2\", \"name\": \"v1\", \"status\": \"classifying\", " + "\"entryCount\": 0}");
        sequences.put(
                "/crosswalks/cw2",
                new ArrayDeque<>(List.of(
                        "{\"id\": \"cw2\", \"name\": \"v1\", \"status\": \"classifying\", \"entryCount\": 0}",
                        "{\"id\": \"cw2\", \"name\": \"v1\", \"status\": \"ready\", \"entryCount\": 40}")));

        String printed = run(
                "crosswalk",
                "build",
                "--name",
                "v1",
                "--database",
                "db-1",
                "--schema",
                "exp_v1",
                "--expand-with-llm",
                "--wait",
                "--api-key",
                "sb_team");

        assertThat(printed).isEqualTo("crosswalk cw2 (v1): ready, 40 entries\n");
        JsonNode body = new ObjectMapper().readTree(bodiesSeen.get("/crosswalks/builds"));
        assertThat(body.get("databaseId").asText()).isEqualTo("db-1");
        assertThat(body.get("nativeSchema").asText()).isEqualTo("exp_v1");
        assertThat(body.get("expandWithLlm").asBoolean()).isTrue();
        assertThat(body.has("abbreviateWithLlm")).isFalse();

        sequences.put(
                "/crosswalks/cw2",
                new ArrayDeque<>(List.of("{\"id\": \"cw2\", \"name\": \"v1\", "
                        + "\"status\": \"failed\", \"error\": \"the classifier did not answer\", \"entryCount\": 0}")));
        assertThatThrownBy(() -> run(
                        "crosswalk",
                        "build",
                        "--name",
                        "v1",
                        "--database",
                        "db-1",
                        "--schema",
                        "exp_v1",
                        "--wait",
                        "--api-key",
                        "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("crosswalk cw2 failed: the classifier did not answer");
    }

    @Test
    void shouldGenerateTestSuitesAndSyntheticSetsListThemAndSayHowAJobNamesThem() throws Exception {
        answers.put(
                "/test-suites",
                "{\"id\": \"ts1\", \"name\": \"qatch v1\", \"nativeSchema\": \"exp_v1\", " + "\"testCount\": 40}");
        List<String> created = run(
                        "suite",
                        "create",
                        "--name",
                        "qatch v1",
                        "--database",
                        "db-1",
                        "--schema",
                        "exp_v1",
                        "--seed",
                        "7",
                        "--counts",
                        "join=5,groupby=3",
                        "--tables",
                        "club,player",
                        "--api-key",
                        "sb_team")
                .lines()
                .toList();
        assertThat(created)
                .containsExactly(
                        "test suite ts1 (qatch v1): 40 tests on exp_v1",
                        "a job on it: \"questionSet\": {\"testSuiteId\": \"ts1\"}");
        JsonNode suite = new ObjectMapper().readTree(bodiesSeen.get("/test-suites"));
        assertThat(suite.get("seed").asLong()).isEqualTo(7);
        assertThat(suite.get("counts").toString()).isEqualTo("{\"join\":5,\"groupby\":3}");
        assertThat(suite.get("tables").toString()).isEqualTo("[\"club\",\"player\"]");

        answers.put(
                "/test-suites",
                "[{\"id\": \"ts1\", \"name\": \"qatch v1\", \"nativeSchema\": \"exp_v1\", "
                        + "\"testCount\": 40, \"createdAt\": \"2026-01-01T00:00:00Z\"}]");
        assertThat(run("suite", "list", "--api-key", "sb_team").lines().toList().get(1))
                .matches("ts1\\s+40\\s+exp_v1\\s+2026-01-01T00:00:00Z\\s+qatch v1");

        Path seeds = work.resolve("seeds.yaml");
        Files.writeString(seeds, "benchmark: footballdb\ndataModel: v3\nsplit: train\n");
        answers.put(
                "/synthetic-sets",
                "{\"id\": \"ss1\", \"name\": \"syn\", \"nativeSchema\": \"exp_v3\", " + "\"pairCount\": 1000}");
        assertThat(run(
                                "synthetic",
                                "create",
                                "--name",
                                "syn",
                                "--database",
                                "db-3",
                                "--schema",
                                "exp_v3",
                                "--seeds",
                                seeds.toString(),
                                "--target",
                                "1000",
                                "--api-key",
                                "sb_team")
                        .lines()
                        .findFirst())
                .hasValue("synthetic set ss1 (syn): 1000 pairs on exp_v3");
        JsonNode set = new ObjectMapper().readTree(bodiesSeen.get("/synthetic-sets"));
        assertThat(set.get("seeds").toString())
                .isEqualTo("{\"benchmark\":\"footballdb\",\"dataModel\":\"v3\"," + "\"split\":\"train\"}");
        assertThat(set.get("target").asInt()).isEqualTo(1000);

        answers.put(
                "/synthetic-sets/ss1",
                "{\"id\": \"ss1\", \"name\": \"syn\", \"nativeSchema\": \"exp_v3\", "
                        + "\"pairCount\": 1, \"questions\": [{\"id\": \"p1\", \"hardness\": \"easy\", \"question\": "
                        + "\"How many clubs?\"}]}");
        assertThat(run("synthetic", "show", "ss1", "--api-key", "sb_team")
                        .lines()
                        .toList())
                .last()
                .asString()
                .matches("p1\\s+easy\\s+How many clubs\\?");
    }

    @Test
    void shouldWriteNaturalViewsAndRefinedViewsAsDdlAndRewriteSqlBackToPhysicalNames() throws Exception {
        answers.put(
                "/natural-views",
                "{\"views\": {\"viewSchema\": \"db_nl\", \"nativeSchema\": \"exp_v1\", "
                        + "\"level\": \"Least\", \"statements\": [\"CREATE SCHEMA db_nl\", \"CREATE VIEW db_nl.CB AS SELECT 1\"]},"
                        + " \"applied\": false}");
        List<String> views = run(
                        "views",
                        "create",
                        "--crosswalk",
                        "cw1",
                        "--database",
                        "db-1",
                        "--schema",
                        "exp_v1",
                        "--level",
                        "Least",
                        "--out",
                        work.resolve("views.sql").toString(),
                        "--api-key",
                        "sb_team")
                .lines()
                .toList();
        assertThat(views.get(0))
                .isEqualTo("2 statements for the natural views in db_nl over exp_v1: not created "
                        + "(--apply creates them through the database's admin login) (level Least)");
        assertThat(work.resolve("views.sql")).hasContent("CREATE SCHEMA db_nl;\nCREATE VIEW db_nl.CB AS SELECT 1;");
        answers.put("/natural-views/rewrite", "{\"sql\": \"SELECT club_name FROM exp_v1.club\"}");
        assertThat(run(
                        "views",
                        "rewrite",
                        "--crosswalk",
                        "cw1",
                        "--sql",
                        "SELECT CNM FROM db_nl.CB",
                        "--api-key",
                        "sb_team"))
                .isEqualTo("SELECT club_name FROM exp_v1.club\n");

        String analysis = "{\"nativeSchema\": \"exp_v1\", \"tables\": 3, \"columns\": 20, \"communities\": 2, "
                + "\"findings\": [{\"type\": \"SYNONYM\", \"sss\": 0.93, \"columns\": [{\"table\": \"club\", "
                + "\"column\": \"nm\"}, {\"table\": \"team\", \"column\": \"name\"}]}]}";
        answers.put("/refiner/analyses", analysis);
        assertThat(run("refine", "analyse", "--database", "db-1", "--schema", "exp_v1", "--api-key", "sb_team")
                        .lines()
                        .toList())
                .containsExactly(
                        "exp_v1: 3 tables, 20 columns, 2 communities; 1 findings (1 synonym)",
                        "TYPE     SSS   COLUMNS",
                        "synonym  0.93  club.nm, team.name");
        answers.put(
                "/refiner/views",
                "{\"analysis\": " + analysis + ", \"views\": {\"viewSchema\": "
                        + "\"exp_v1_refined\", \"physicalSchema\": \"exp_v1\", \"statements\": [\"CREATE VIEW v AS SELECT 1\"]},"
                        + " \"applied\": true}");
        assertThat(run(
                        "refine",
                        "views",
                        "--database",
                        "db-1",
                        "--schema",
                        "exp_v1",
                        "--apply",
                        "--api-key",
                        "sb_team"))
                .contains("1 statements for the refined views in exp_v1_refined over exp_v1: created");
        assertThat(new ObjectMapper()
                        .readTree(bodiesSeen.get("/refiner/views"))
                        .get("apply")
                        .asBoolean())
                .isTrue();
        Path mapping = work.resolve("mapping.json");
        Files.writeString(mapping, "{\"club\": {\"name\": \"nm\"}}");
        answers.put("/refiner/rewrite", "{\"sql\": \"SELECT nm FROM club\", \"unknown\": [\"x\"], \"ambiguous\": []}");
        assertThat(run(
                                "refine",
                                "rewrite",
                                "--sql",
                                "SELECT name FROM club",
                                "--mapping",
                                mapping.toString(),
                                "--api-key",
                                "sb_team")
                        .lines())
                .containsExactly("SELECT nm FROM club", "not in the mapping: x");
    }

    @Test
    void shouldRefuseAnOptionACommandDoesNotTakeNamingTheOneMeant() {
        assertThatThrownBy(() -> run("suite", "create", "--nmae", "x", "--api-key", "sb_team"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option --nmae: did you mean --name?");
        assertThatThrownBy(() -> run("crosswalk", "list", "--wait", "--api-key", "sb_team"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown option --wait (this " + "command takes --api-key, --json)");
    }

    /** {@code db register} of a PostgreSQL database, as {@code reader} with that password, for team {@code sb_team}. */
    private static String[] register(String name, String jdbcUrl, String password) {
        return new String[] {
            "db",
            "register",
            "--name",
            name,
            "--kind",
            "postgresql",
            "--jdbc-url",
            jdbcUrl,
            "--user",
            "reader",
            "--password",
            password,
            "--api-key",
            "sb_team"
        };
    }
}
