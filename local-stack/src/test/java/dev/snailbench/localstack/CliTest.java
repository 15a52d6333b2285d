package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
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
            String body = answers.get(path);
            byte[] bytes = (body == null ? "{\"error\": \"no such path\"}" : body).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(body == null ? 404 : 200, bytes.length);
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
                .isInstanceOf(Cli.UserError.class).hasMessage("unknown FootballDB data model 'v4' (one of v1, v2, v3)");
        assertThatThrownBy(() -> run("job", "spec", "spider", "dev", "--database", "db-42"))
                .isInstanceOf(Cli.UserError.class).hasMessageContaining("the one available is footballdb");
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
                .isInstanceOf(Cli.UserError.class).hasMessageStartingWith("cannot read the job spec")
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
        assertThatThrownBy(() -> run("report", "7f0c", "--csv", "r.csv", "--open", "--api-key", "sb_team"))
                .isInstanceOf(Cli.UserError.class).hasMessageContaining("--open shows the HTML report");
    }

    private String run(String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String base = "http://127.0.0.1:" + platform.getAddress().getPort();
        new Cli(Map.of("generator", base, "executor", base, "scorer", base),
                new PrintStream(bytes, true, StandardCharsets.UTF_8), opened::add).run(List.of(args));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
