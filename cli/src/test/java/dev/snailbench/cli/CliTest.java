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
              "failed": 35, "reason": null},
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
            String body = sequence == null ? answers.get(path)
                    : sequence.size() > 1 ? sequence.poll() : sequence.peek();
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
        assertThat(lines.get(0)).startsWith("JOBID").contains("STATUS", "DONE", "TOTAL", "FAILED", "NAME");
        assertThat(lines.get(1)).matches("7f0c\\s+completed\\s+100\\s+100\\s+35\\s+FootballDB v1 nightly");
        assertThat(lines.get(2)).matches("91ab\\s+failed\\s+0\\s+0\\s+0\\s+bad spec");
        // Columns line up: every row's status starts where the header's does.
        assertThat(lines.get(1).indexOf("completed")).isEqualTo(lines.get(0).indexOf("STATUS"));
        assertThat(keysSeen).containsEntry("/jobs", "sb_team");

        String json = run("job", "list", "--json", "--api-key", "sb_team");
        assertThat(json).contains("\"jobId\" : \"7f0c\"", "\"reason\" : \"question q3 has no gold SQL\"");
    }

    @Test
    void shouldSayAJobsStateInOneLineWithTheReasonWhenItFailed() {
        answers.put("/jobs/91ab", "{\"jobId\": \"91ab\", \"name\": \"bad spec\", \"status\": \"failed\", \"total\": 0,"
                + " \"done\": 0, \"failed\": 0, \"reason\": \"question q3 has no gold SQL\"}");

        String printed = run("job", "status", "91ab", "--api-key", "sb_team");

        assertThat(printed.lines()).containsExactly("job 91ab (bad spec): failed, 0/0 done, 0 failed",
                "reason: question q3 has no gold SQL");
    }

    @Test
    void shouldWriteAFootballDbSpecForARegisteredDatabaseThatNamesEveryQuestionAndItsRecordedAnswer()
            throws Exception {
        String printed = run("job", "spec", "footballdb", "v2", "--database", "db-42", "--out",
                work.resolve("job.json").toString());

        assertThat(printed).contains("(100 questions)", "./snailbench job submit");
        JsonNode spec = PlatformClient.json().readTree(Files.readString(work.resolve("job.json")));
        assertThat(spec.get("database").get("databaseId").asText()).isEqualTo("db-42");
        assertThat(spec.get("dialect").asText()).isEqualTo("postgresql");
        assertThat(spec.get("questions")).hasSize(100);
        assertThat(spec.get("questions")).allSatisfy(q -> assertThat(q.get("goldSql").asText()).isNotBlank());
        // The answers are the ones recorded for v2 (its tables), matched to questions by id.
        JsonNode dev = PlatformClient.json().readTree(DataDir.resolve().resolve("footballdb/v2/dev.json").toFile());
        assertThat(spec.get("questions").get(0).get("id").asText()).isEqualTo(dev.get(0).get("id").asText());
        // Each question carries the dataset's hardness label, so the report can show it beside Spider's.
        for (int i = 0; i < dev.size(); i++) {
            assertThat(spec.get("questions").get(i).get("hardness").asText())
                    .isEqualTo(dev.get(i).get("hardness").asText());
        }
        assertThat(spec.get("predictions")).hasSize(100);
        assertThat(spec.get("predictions")).extracting(p -> p.get("questionId").asText())
                .containsExactlyInAnyOrderElementsOf(spec.get("questions").findValuesAsText("id"));
    }

    @Test
    void shouldRefuseASpecForAnUnknownDataModelNamingTheOnesThereAre() {
        assertThatThrownBy(() -> run("job", "spec", "footballdb", "v4", "--database", "db-42"))
                .isInstanceOf(UserError.class).hasMessage("unknown FootballDB data model 'v4' (one of v1, v2, v3)");
        assertThatThrownBy(() -> run("job", "spec", "spider", "dev", "--database", "db-42"))
                .isInstanceOf(UserError.class).hasMessageContaining("the one available is footballdb");
    }

    @Test
    void shouldSubmitASpecWrittenInYamlAsTheSameJobItsJsonWouldBe() throws Exception {
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        Files.writeString(work.resolve("job.yaml"), """
                name: nightly
                database: {databaseId: db-42}
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
        assertThat(sent.get("database").get("databaseId").asText()).isEqualTo("db-42");
        assertThat(sent.get("questions").get(0).get("id").asText()).isEqualTo("1");
        assertThat(sent.get("predictions").get(0).get("predictedSql").asText())
                .isEqualTo("SELECT count(team_id)\nFROM national_team\n");
    }

    @Test
    void shouldRefuseASpecThatIsNotValidYamlNamingTheFileAndWhere() throws Exception {
        Files.writeString(work.resolve("bad.yml"), "name: [unclosed\n");

        assertThatThrownBy(() -> run("job", "submit", work.resolve("bad.yml").toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class).hasMessageStartingWith("cannot read the job spec")
                .hasMessageContaining("bad.yml");
        assertThat(bodiesSeen).doesNotContainKey("/jobs");
    }

    @Test
    void shouldWriteTheHtmlReportAndShowItInTheBrowserWhenAskedToOpenIt() throws Exception {
        answers.put("/jobs/7f0c/report.html", "<!DOCTYPE html><html><title>Snailbench: nightly</title></html>");

        String printed = run("report", "7f0c", "--html", work.resolve("r.html").toString(), "--open",
                "--api-key", "sb_team");

        assertThat(printed).contains("written to " + work.resolve("r.html"));
        assertThat(opened).containsExactly(work.resolve("r.html"));
        assertThat(Files.readString(work.resolve("r.html"))).contains("<title>Snailbench: nightly</title>");

        run("report", "7f0c", "--open", "--api-key", "sb_team");
        assertThat(opened).hasSize(2);
        assertThat(opened.get(1).getFileName().toString()).isEqualTo("snailbench-report-7f0c.html");
        assertThat(Files.readString(opened.get(1))).contains("<title>Snailbench: nightly</title>");
        Files.delete(opened.get(1));
        assertThatThrownBy(() -> run("report", "7f0c", "--csv", "r.csv", "--open", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class).hasMessageContaining("--open shows the HTML report");
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
        Cli cli = new Cli(Map.of("generator", base, "executor", base, "scorer", base),
                new PrintStream(printed, true, StandardCharsets.UTF_8), opened::add);
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
            {"overall": {"items": 100, "scored": 77, "goldFailed": 23, "predictionFailed": 12,
              "metrics": {"executionAccuracy": {"mean": 0.39, "ciLow": 0.3, "ciHigh": 0.5, "n": 77},
                          "setAccuracy": {"mean": 0.4156, "ciLow": 0.3, "ciHigh": 0.5, "n": 77},
                          "relaxedAccuracy": {"mean": 0.4286, "ciLow": 0.3, "ciHigh": 0.5, "n": 77}},
              "reasons": {"gold failed": 23, "exact match": 30, "predicted failed": 12, "different rows": 35}}}""";

    private Path spec() throws Exception {
        Path file = work.resolve("job.json");
        Files.writeString(file, """
                {"name": "nightly", "database": {"databaseId": "db-42"}, "dialect": "postgresql", "model": "m",
                 "questions": [{"id": "1", "question": "How many teams?", "goldSql": "SELECT 1"}],
                 "predictions": [{"questionId": "1", "predictedSql": "SELECT 1"}]}""");
        return file;
    }

    /** The text after the last carriage return: what the terminal's watch line holds at the end. */
    private static List<String> redraws(String printed) {
        // Not String.lines(): it would split at the carriage returns too.
        String lastLine = Arrays.stream(printed.split("\n")).filter(l -> l.contains("\r")).findFirst()
                .orElseThrow();
        return List.of(lastLine.split("\r", -1)).subList(1, lastLine.split("\r", -1).length);
    }

    @Test
    void shouldRedrawTheWatchLineOverItsLongerPredecessorWithoutAnEtaOnceCancelledAndExitWithAnError()
            throws Exception {
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        sequences.put("/jobs/c0de", new ArrayDeque<>(List.of(job("running", 10, 1000, 1),
                job("running", 400, 1000, 3), job("cancelled", 400, 1000, 3))));
        answers.put("/jobs/c0de/summary", SUMMARY);

        assertThatThrownBy(() -> run("job", "submit", spec().toString(), "--watch", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class).hasMessage("job c0de was cancelled");

        List<String> redraws = redraws(printed());
        String last = redraws.get(redraws.size() - 1);
        String before = redraws.get(redraws.size() - 2);
        assertThat(before).contains("ETA", "running");
        // Padded to cover every character of the longer line before it: nothing of it is left on the screen.
        assertThat(last.length()).isGreaterThanOrEqualTo(before.length());
        assertThat(last.strip()).contains("400/1000 done, 3 failed").doesNotContain("ETA").endsWith("cancelled");
        assertThat(printed()).contains("score: strict EX 39.0%, set EX 41.6%, relaxed EX 42.9% of the 77 items "
                + "whose gold ran; 35 of 100 failed");
    }

    @Test
    void shouldExitWithAnErrorNamingTheTopReasonsWhenEveryItemOfAWatchedJobFailed() throws Exception {
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        answers.put("/jobs/c0de", job("completed", 3, 3, 3).replace("}", ", \"outcome\": \"all-failed\", "
                + "\"topReasons\": [{\"reason\": \"gold failed\", \"count\": 2}, "
                + "{\"reason\": \"no recorded prediction\", \"count\": 1}]}"));

        assertThatThrownBy(() -> run("job", "submit", spec().toString(), "--watch", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("job c0de: all 3 items failed: 2 × gold failed; 1 × no recorded prediction");
        // Without the API's outcome (an older generator), the counts say the same.
        answers.put("/jobs/c0de", job("completed", 3, 3, 3));
        assertThatThrownBy(() -> run("job", "status", "c0de", "--watch", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class).hasMessageStartingWith("job c0de: all 3 items failed");
        answers.put("/jobs/c0de", job("failed", 0, 0, 0).replace("\"reason\": null", "\"reason\": \"no questions\""));
        assertThatThrownBy(() -> run("job", "status", "c0de", "--watch", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class).hasMessage("job c0de failed");
        assertThat(printed()).contains("reason: no questions");
    }

    @Test
    void shouldEndAWatchedJobThatSucceededWithItsScoreAndExitCodeZero() throws Exception {
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        answers.put("/jobs/c0de", job("completed", 100, 100, 35));
        answers.put("/jobs/c0de/summary", SUMMARY);

        assertThat(runForExitCode("job", "submit", spec().toString(), "--watch", "--api-key", "sb_team")).isZero();

        assertThat(printed().lines().toList()).last().isEqualTo("score: strict EX 39.0%, set EX 41.6%, relaxed EX "
                + "42.9% of the 77 items whose gold ran; 35 of 100 failed");
    }

    @Test
    void shouldWatchIntoAFileLineByLineWithoutCarriageReturns() throws Exception {
        terminal = false;
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"queued\"}");
        sequences.put("/jobs/c0de", new ArrayDeque<>(List.of(job("running", 0, 100, 0),
                job("running", 1, 100, 0), job("running", 2, 100, 0), job("running", 50, 100, 3),
                job("completed", 100, 100, 35))));
        answers.put("/jobs/c0de/summary", SUMMARY);

        assertThat(runForExitCode("job", "submit", spec().toString(), "--watch", "--api-key", "sb_team")).isZero();

        List<String> lines = printed().lines().toList();
        assertThat(printed()).doesNotContain("\r");
        // One line per tenth of the job and per status: 1 and 2 of 100 are in the same tenth as 0.
        assertThat(lines).hasSize(5);
        assertThat(lines.get(1)).startsWith("[....").contains("0/100 done, 0 failed").endsWith("running");
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
        assertThat(progress.line(second, read.apply(job("running", 10, 100, 0)))).contains("ETA 9 s");
        // A burst of 20 items in the next second moves the rate from 10 to 13/s, not to 20/s: ETA 70 / 13 = 5 s.
        assertThat(progress.line(2 * second, read.apply(job("running", 30, 100, 0)))).contains("ETA 5 s");
        assertThat(progress.line(3 * second, read.apply(job("cancelled", 30, 100, 0)))).doesNotContain("ETA")
                .contains("30/100 done, 0 failed, 10.0 items/s, cancelled");
        assertThat(Progress.duration(1818)).isEqualTo("30 min 18 s");
    }

    @Test
    void shouldCancelAJobInOneLineAndSayWhyWhenItHasAlreadyFinishedWithoutAFieldToFix() {
        answers.put("/jobs/7f0c/cancel", job("cancelled", 40, 100, 2).replace("c0de", "7f0c"));
        assertThat(run("job", "cancel", "7f0c", "--api-key", "sb_team"))
                .isEqualTo("job 7f0c cancelled (40/100 done, 2 failed)" + System.lineSeparator());

        statuses.put("/jobs/7f0c/cancel", 409);
        answers.put("/jobs/7f0c/cancel", "{\"status\": 409, \"error\": \"job 7f0c is already completed and cannot be "
                + "cancelled\", \"field\": \"status\"}");
        assertThatThrownBy(() -> run("job", "cancel", "7f0c", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("409 job 7f0c is already completed and cannot be cancelled");
    }

    @Test
    void shouldTestADatabaseRightAfterRegisteringItAndFailWithWhatWentWrong() {
        answers.put("/databases", "{\"id\": \"db-1\", \"name\": \"v1\"}");
        answers.put("/databases/db-1/test", "{\"ok\": false, \"elapsedMillis\": 8, \"error\": \"FATAL: password "
                + "authentication failed for user \\\"reader\\\"\", \"sqlState\": \"28P01\"}");

        assertThatThrownBy(() -> run("db", "register", "--name", "v1", "--kind", "postgresql", "--jdbc-url",
                "jdbc:postgresql://127.0.0.1:5432/v1", "--user", "reader", "--password", "wrong", "--api-key",
                "sb_team")).isInstanceOf(UserError.class).hasMessage("database db-1: connection failed: FATAL: "
                        + "password authentication failed for user \"reader\" (SQLSTATE 28P01) — check its JDBC URL, "
                        + "user and password (./snailbench db list)");
        assertThat(printed()).isEqualTo("database db-1 registered (v1)" + System.lineSeparator());
        assertThat(keysSeen).containsEntry("/databases/db-1/test", "sb_team");

        assertThatThrownBy(() -> run("db", "test", "db-1", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class).hasMessageContaining("connection failed: FATAL: password");

        answers.put("/databases/db-1/test", "{\"ok\": true, \"elapsedMillis\": 12, \"databaseProduct\": "
                + "\"PostgreSQL\", \"databaseVersion\": \"18.1\"}");
        assertThat(run("db", "register", "--name", "v1", "--kind", "postgresql", "--jdbc-url", "jdbc:x", "--user",
                "reader", "--password", "right", "--api-key", "sb_team").lines())
                .containsExactly("database db-1 registered (v1)", "database db-1: connection ok (PostgreSQL 18.1, 12 ms)");
        assertThat(run("db", "test", "db-1", "--json", "--api-key", "sb_team")).contains("\"ok\" : true");
    }

    @Test
    void shouldSayWhenASchemasTablesAreNotOnTheLoginsPathAtRegistrationAndWithTheSchema() {
        String path = "\"path\": {\"searchPath\": [\"public\"], \"offPath\": [\"sales\"], \"note\": \"the tables of "
                + "schema sales are not on the search path of login reader (public): name the schema in a job as "
                + "nativeSchema\"}";
        answers.put("/databases", "{\"id\": \"db-1\", \"name\": \"shop\", " + path + "}");
        answers.put("/databases/db-1/test", "{\"ok\": true, \"elapsedMillis\": 12, \"databaseProduct\": "
                + "\"PostgreSQL\", \"databaseVersion\": \"18.1\"}");
        answers.put("/databases/db-1/schema", "{\"databaseProduct\": \"PostgreSQL\", \"tables\": [{\"schema\": "
                + "\"sales\", \"name\": \"orders\", \"columns\": [{\"name\": \"id\", \"type\": \"int4\", "
                + "\"nullable\": false}], \"primaryKey\": [\"id\"], \"foreignKeys\": []}], \"truncated\": false, "
                + path + "}");
        String note = "note: the tables of schema sales are not on the search path of login reader (public): name the "
                + "schema in a job as nativeSchema";

        assertThat(run("db", "register", "--name", "shop", "--kind", "postgresql", "--jdbc-url", "jdbc:x", "--user",
                "reader", "--password", "right", "--api-key", "sb_team").lines())
                .containsExactly("database db-1 registered (shop)", note,
                        "database db-1: connection ok (PostgreSQL 18.1, 12 ms)");
        assertThat(run("db", "schema", "db-1", "--api-key", "sb_team").lines().map(String::strip))
                .containsExactly("TABLE         COLUMN  TYPE  NULL  KEY", "sales.orders  id      int4  no    PK", note);
    }

    @Test
    void shouldChangeADatabasesLoginsAndDeleteItSayingWhyWhenRefused() throws Exception {
        answers.put("/databases/db-1", "{\"id\": \"db-1\", \"name\": \"shop\", \"user\": \"reader\", "
                + "\"adminUser\": \"owner\"}");

        assertThat(run("db", "update", "db-1", "--password", "new", "--admin-user", "owner", "--admin-password",
                "also-new", "--api-key", "sb_team")).isEqualTo("database db-1 changed (shop, user reader, admin owner)"
                + System.lineSeparator());
        assertThat(methodsSeen).containsEntry("/databases/db-1", "PATCH");
        assertThat(new ObjectMapper().readTree(bodiesSeen.get("/databases/db-1"))).isEqualTo(new ObjectMapper()
                .readTree("{\"password\": \"new\", \"adminUser\": \"owner\", \"adminPassword\": \"also-new\"}"));
        assertThatThrownBy(() -> run("db", "update", "db-1", "--api-key", "sb_team")).isInstanceOf(UserError.class)
                .hasMessageStartingWith("nothing to change: give --name");

        answers.put("/databases/db-1", "");
        assertThat(run("db", "delete", "db-1", "--api-key", "sb_team"))
                .isEqualTo("database db-1 deleted" + System.lineSeparator());
        assertThat(methodsSeen).containsEntry("/databases/db-1", "DELETE");
        statuses.put("/databases/db-1", 409);
        answers.put("/databases/db-1", "{\"status\": 409, \"error\": \"database db-1 is in use by running job 7f0c\", "
                + "\"field\": \"id\"}");
        assertThatThrownBy(() -> run("db", "delete", "db-1", "--api-key", "sb_team")).isInstanceOf(UserError.class)
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
                .containsExactly("TABLE        COLUMN   TYPE  NULL  KEY",
                        "public.club  club_id  int4  no    PK",
                        "public.club  team_id  int4  yes   → national_team.team_id");
    }

    @Test
    void shouldPrintTheReportsSummaryFirstAndItsItemsOnlyWhenAsked() {
        answers.put("/jobs/7f0c/report.json", "{\"summary\": " + SUMMARY + ", \"items\": ["
                + "{\"questionId\": \"2\", \"strictMatch\": true, \"setMatch\": true, \"relaxedMatch\": true, "
                + "\"reason\": \"exact match\"},"
                + "{\"questionId\": \"377\", \"strictMatch\": null, \"reason\": \"gold failed: ERROR 22P02\"}]}");

        List<String> lines = run("report", "7f0c", "--api-key", "sb_team").lines().toList();
        assertThat(lines.get(0)).isEqualTo("job 7f0c: 100 items");
        assertThat(lines.get(1)).startsWith("score: strict EX 39.0%");
        assertThat(lines).contains("verdicts by reason:", "     35  different rows", "     23  gold failed")
                .last().isEqualTo("every item: ./snailbench report 7f0c --items (or --csv FILE, --html FILE)");
        assertThat(String.join("\n", lines)).doesNotContain("377");

        List<String> withItems = run("report", "7f0c", "--items", "--api-key", "sb_team").lines().toList();
        assertThat(withItems.get(1)).startsWith("score:");
        assertThat(withItems).anySatisfy(l -> assertThat(l).matches("QUESTION\\s+STRICT\\s+SET\\s+RELAXED\\s+REASON"))
                .anySatisfy(l -> assertThat(l).matches("377\\s+-\\s+-\\s+-\\s+gold failed: ERROR 22P02"));
    }

    @Test
    void shouldSayThatTheSameSpecWasSubmittedBeforeWithTheJobsState() throws Exception {
        statuses.put("/jobs", 200);
        answers.put("/jobs", "{\"jobId\": \"c0de\", \"status\": \"completed\", \"existing\": true, \"total\": 100, "
                + "\"done\": 100, \"failed\": 35}");

        assertThat(run("job", "submit", spec().toString(), "--api-key", "sb_team")).isEqualTo("job c0de already "
                + "exists: completed, 100/100 done, 35 failed (the same spec was submitted before)"
                + System.lineSeparator());
    }

    @Test
    void shouldNameAnUnknownCommandWithTheOneThatWasMeant() {
        assertThatThrownBy(() -> run("jobs", "list")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown command 'jobs': did you mean 'job'?");
        assertThatThrownBy(() -> run("job", "lst")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown command 'job lst': did you mean 'job list'?");
        assertThatThrownBy(() -> run("frobnicate")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown command 'frobnicate'");
    }

    @Test
    void shouldNameAMistypedSpecFieldWithTheOneThatWasMeantBeforeSendingIt() throws Exception {
        Path file = work.resolve("typo.json");
        Files.writeString(file, Files.readString(spec()).replace("\"questions\"", "\"questons\""));
        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage(file + ": unknown field 'questons': did you mean 'questions'?");
        Files.writeString(file, Files.readString(spec()).replace("\"goldSql\"", "\"gold_sql\""));
        assertThatThrownBy(() -> run("job", "submit", file.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage(file + ": unknown field 'questions[0].gold_sql': did you mean 'goldSql'?");
        assertThat(bodiesSeen).doesNotContainKey("/jobs");

        // What the server refuses is printed as the server says it.
        statuses.put("/jobs", 400);
        answers.put("/jobs", "{\"status\": 400, \"error\": \"database.jdbcurl: unknown field 'jdbcurl': did you "
                + "mean 'jdbcUrl'?\", \"field\": \"database.jdbcurl\"}");
        assertThatThrownBy(() -> run("job", "submit", spec().toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class).hasMessage("400 database.jdbcurl: unknown field 'jdbcurl': did you "
                        + "mean 'jdbcUrl'? (fix: database.jdbcurl)");
    }

    @Test
    void shouldNameAMissingSpecFileOnce() {
        Path missing = work.resolve("nowhere.json");
        assertThatThrownBy(() -> run("job", "submit", missing.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class).hasMessage("no such file: " + missing);
    }

    @Test
    void shouldBlameTheKeyGivenWithApiKeyNotTheEnvironmentWhenItIsRefused() {
        statuses.put("/jobs", 401);
        answers.put("/jobs", "{\"status\": 401, \"error\": \"missing or invalid X-API-Key\"}");

        assertThatThrownBy(() -> run("job", "list", "--api-key", "sb_wrong")).isInstanceOf(UserError.class)
                .hasMessage("401 missing or invalid X-API-Key — check the key given with --api-key");
    }

    @Test
    void shouldListItemsToReviewWithTheirQuestionAndGoldSqlAndReviewOneByQuestionId() {
        answers.put("/jobs/7f0c/review", """
                [{"workItemId": "5d1e", "questionId": "teams-2018", "question": "Teams of 2018, by name?",
                  "goldSql": "SELECT teamname\\n FROM national_team", "predictedSql": "SELECT teamname FROM national_team ORDER BY 1",
                  "reason": "same rows, different order"}]""");
        answers.put("/jobs/7f0c/items/teams-2018/review", "{\"workItemId\": \"5d1e\", \"questionId\": "
                + "\"teams-2018\", \"manualVerdict\": \"correct\"}");

        assertThat(run("review", "7f0c", "--api-key", "sb_team").lines()).containsExactly("1 item(s) to review",
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
        assertThat(printed().lines()).containsExactly(
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

        assertThat(runForExitCode("compare", pairs.toString(), "--out", work.resolve("answers.ndjson").toString(),
                "--api-key", "sb_team")).isZero();
        assertThat(Files.readString(work.resolve("answers.ndjson"))).isEqualTo(answer + System.lineSeparator());
        assertThat(printed()).startsWith("1 pairs compared: 1 strict matches, 0 lines refused; answers written to ");

        statuses.put("/compare/batch", 401);
        answers.put("/compare/batch", "{\"status\": 401, \"error\": \"invalid API key\", \"field\": \"X-API-Key\"}");
        assertThatThrownBy(() -> run("compare", pairs.toString(), "--api-key", "sb_wrong"))
                .isInstanceOf(UserError.class)
                .hasMessage("401 invalid API key — check the key given with --api-key");
    }
}
