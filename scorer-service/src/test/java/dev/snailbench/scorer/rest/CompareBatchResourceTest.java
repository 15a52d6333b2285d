package dev.snailbench.scorer.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.cli.NdjsonExchange;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.scorer.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** POST /compare/batch as a team scoring many result pairs in one request: NDJSON in, one answer per line out. */
@QuarkusTest
@InMemoryTier
class CompareBatchResourceTest extends InMemoryTenantTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MATCH = """
            {"id": "q1", "gold": {"columns": ["a"], "rows": [[1], [2]]}, "predicted": {"rows": [[2], [1]]}}""";
    private static final String ORDER = """
            {"id": 7, "gold": {"rows": [[1], [2]]}, "predicted": {"rows": [[2], [1]]}, "orderBy": true}""";
    private static final String NO_ID = """
            {"gold": {"rows": [["x"]]}, "predicted": {"rows": [["y"]]}}""";

    @TestHTTPResource("/compare/batch")
    URI batchUri;

    @Test
    void shouldAnswerEveryLineInOrderWithItsIdAndLineNumber() throws Exception {
        List<JsonNode> lines = batch(String.join("\n", MATCH, ORDER, NO_ID) + "\n");

        assertThat(lines).hasSize(3);
        assertThat(lines).extracting(l -> l.get("line").asInt()).containsExactly(1, 2, 3);
        assertThat(lines).extracting(l -> l.get("status").asInt()).containsExactly(200, 200, 200);
        assertThat(lines.get(0).get("id").asText()).isEqualTo("q1");
        assertThat(lines.get(1).get("id").isInt()).isTrue();
        assertThat(lines.get(1).get("id").asInt()).isEqualTo(7);
        assertThat(lines.get(2).get("id").isNull()).isTrue();
        // The same comparison as POST /compare gives for the pair.
        assertThat(lines.get(0).at("/result/strict/reason").asText()).isEqualTo("MATCH");
        assertThat(lines.get(1).at("/result/strict/reason").asText()).isEqualTo("ROW_ORDER_DIFFERS");
        assertThat(lines.get(1).at("/result/set/match").asBoolean()).isTrue();
        assertThat(lines.get(2).at("/result/strict/match").asBoolean()).isFalse();
        assertThat(lines.get(2).at("/result/cellPrecision").asDouble()).isEqualTo(0.0);
    }

    @Test
    void shouldAnswerBadLinesInPlaceWhileTheOthersAreCompared() throws Exception {
        String body = String.join("\n", MATCH, "{\"id\": \"broken\", \"gold\": ", """
                {"id": "cell", "gold": {"rows": [[{"x": 1}]]}, "predicted": {"rows": []}}""", "", """
                {"id": "typo", "gold": {"rows": []}, "predicted": {"rows": []}, "orderby": true}""", ORDER);

        List<JsonNode> lines = batch(body);

        assertThat(lines).extracting(l -> l.get("line").asInt()).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(lines).extracting(l -> l.get("status").asInt()).containsExactly(200, 400, 400, 400, 400, 200);
        assertThat(lines.get(1).get("error").asText()).startsWith("line 2 is not JSON: ");
        assertThat(lines.get(1).get("field").asText()).isEqualTo("line");
        assertThat(lines.get(2).get("id").asText()).isEqualTo("cell");
        assertThat(lines.get(2).get("error").asText())
                .isEqualTo("gold.rows[0][0] must be a string, number, boolean or null");
        assertThat(lines.get(2).get("field").asText()).isEqualTo("gold.rows[0][0]");
        assertThat(lines.get(3).get("error").asText())
                .isEqualTo("line 4 is empty: send one pair (a JSON object) per line");
        assertThat(lines.get(4).get("error").asText()).startsWith("unknown field 'orderby'");
        assertThat(lines.get(4).get("field").asText()).isEqualTo("orderby");
        assertThat(lines.get(5).get("id").asInt()).isEqualTo(7);
        assertThat(lines.get(5).at("/result/strict/reason").asText()).isEqualTo("ROW_ORDER_DIFFERS");
    }

    @Test
    void shouldAnswerALineLongerThanTheCapWith413AndGoOn() throws Exception {
        // One line over the 16 MiB cap (snailbench.scorer.batch-max-line-size), between two good ones.
        StringBuilder huge =
                new StringBuilder(17 * 1024 * 1024 + 100).append("{\"id\": \"huge\", \"gold\": {\"rows\": [");
        while (huge.length() < 17 * 1024 * 1024) {
            huge.append("[123456789],");
        }
        huge.append("[0]]}, \"predicted\": {\"rows\": []}}");

        List<JsonNode> lines = linesOf(post(
                batchUri,
                CompareBatchResource.NDJSON,
                String.join("\n", MATCH, huge, ORDER).getBytes(StandardCharsets.UTF_8),
                200,
                CompareBatchResource.NDJSON));

        assertThat(lines).extracting(l -> l.get("status").asInt()).containsExactly(200, 413, 200);
        assertThat(lines.get(1).get("line").asInt()).isEqualTo(2);
        assertThat(lines.get(1).get("error").asText())
                .isEqualTo("line 2 has more than 16777216 bytes "
                        + "(snailbench.scorer.batch-max-line-size): send this pair alone to POST /compare");
        assertThat(lines.get(1).get("field").asText()).isEqualTo("line");
        assertThat(lines.get(2).get("id").asInt()).isEqualTo(7);
    }

    @Test
    void shouldAnswerManyLinesOfDifferentSizesInTheirOrder() throws Exception {
        // Lines of very different cost side by side (a server comparing several at once finishes later small lines
        // before earlier large ones): each answer must still come in its line's place, with its own verdict.
        StringBuilder body = new StringBuilder();
        int count = 300;
        for (int i = 1; i <= count; i++) {
            int rows = i % 10 == 0 ? 5_000 : 1;
            String gold = rowsOf(i, rows);
            String predicted = i % 3 == 0 ? rowsOf(i + 1, rows) : gold;
            body.append(
                            i % 25 == 0
                                    ? "{\"id\": \"bad-" + i + "\", \"gold\": "
                                    : "{\"id\": \"p" + i + "\", \"gold\": {\"rows\": " + gold
                                            + "}, \"predicted\": {\"rows\": " + predicted + "}}")
                    .append('\n');
        }

        List<JsonNode> lines = batch(body);

        assertThat(lines).hasSize(count);
        for (int i = 1; i <= count; i++) {
            JsonNode line = lines.get(i - 1);
            assertThat(line.get("line").asInt()).isEqualTo(i);
            if (i % 25 == 0) {
                assertThat(line.get("status").asInt()).isEqualTo(400);
                assertThat(line.get("error").asText()).startsWith("line " + i + " is not JSON: ");
            } else {
                assertThat(line.get("id").asText()).isEqualTo("p" + i);
                assertThat(line.at("/result/strict/match").asBoolean())
                        .as("line %d", i)
                        .isEqualTo(i % 3 != 0);
            }
        }
    }

    @Test
    void shouldAnswerEachLineBeforeTheClientSendsTheNext() throws Exception {
        // A client that waits for each answer before it gives the next line gets every answer, and the stream ends
        // cleanly. Each line is sent as its own chunk; a server that waited for more input before it flushed would
        // leave the client waiting here.
        List<String> pairs = List.of(MATCH, ORDER, NO_ID);
        Semaphore answered = new Semaphore(0);
        Queue<Boolean> answerBeforeNextLine = new ConcurrentLinkedQueue<>();
        Iterator<byte[]> lines = new Iterator<>() {
            private int sent;
            private int waited;

            @Override
            public boolean hasNext() {
                if (waited < sent) {
                    waited = sent;
                    try {
                        answerBeforeNextLine.add(answered.tryAcquire(20, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return false;
                    }
                }
                return sent < pairs.size();
            }

            @Override
            public byte[] next() {
                return pairs.get(sent++).getBytes(StandardCharsets.UTF_8);
            }
        };
        List<String> answers = new ArrayList<>();

        NdjsonExchange.Outcome outcome = NdjsonExchange.post(
                batchUri,
                Map.of(ApiKeys.HEADER, key()),
                lines,
                answer -> {
                    answers.add(answer);
                    answered.release();
                },
                Duration.ofSeconds(5),
                1);

        assertThat(outcome.status()).isEqualTo(200);
        assertThat(answerBeforeNextLine).containsExactly(true, true, true);
        assertThat(answers).hasSize(pairs.size());
        for (String answer : answers) {
            assertThat(JSON.readTree(answer).get("status").asInt()).isEqualTo(200);
        }
    }

    private static String rowsOf(int value, int rows) {
        StringBuilder out = new StringBuilder("[");
        for (int r = 0; r < rows; r++) {
            out.append(r == 0 ? "" : ",")
                    .append('[')
                    .append(value)
                    .append(", \"row-")
                    .append(r)
                    .append("\"]");
        }
        return out.append(']').toString();
    }

    /** The endpoint sits behind the key filter: a request its authenticator refuses is a 401 with the error body. */
    @Test
    void shouldRefuseAMissingKeyWith401AndTheErrorBody() {
        given().contentType(CompareBatchResource.NDJSON)
                .body(MATCH.getBytes(StandardCharsets.UTF_8))
                .when()
                .post("/compare/batch")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo(ApiKeys.HEADER));
    }

    @Test
    void shouldRefuseAnEmptyBodyWith400NamingTheBody() {
        given().header(ApiKeys.HEADER, key())
                .contentType(CompareBatchResource.NDJSON)
                .body(new byte[0])
                .when()
                .post("/compare/batch")
                .then()
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", equalTo("body has no line: send one pair (a JSON object) per line"))
                .body("field", equalTo("body"));
    }

    @Test
    void shouldKeepTheSixteenMegabyteLimitOfPostCompare() throws Exception {
        JsonNode problem = JSON.readTree(
                post(batchUri.resolve("/compare"), "application/json", new byte[17 * 1024 * 1024], 413, null));

        assertThat(problem.get("status").asInt()).isEqualTo(413);
        assertThat(problem.get("error").asText())
                .startsWith("the request body has 17825792 bytes; the limit is 16777216");
    }

    /**
     * A body of many megabytes posted with the JDK's client (RestAssured keeps a printed copy of every request for
     * its failure log, which for 17 MB costs seconds of the test JVM's CPU): the answer's body, once its status is
     * {@code status} and its type starts with {@code answerType} (if given).
     */
    private static String post(URI uri, String contentType, byte[] body, int status, String answerType)
            throws Exception {
        HttpResponse<String> response = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .build()
                .send(
                        HttpRequest.newBuilder(uri)
                                .header(ApiKeys.HEADER, key())
                                .header("Content-Type", contentType)
                                .timeout(Duration.ofSeconds(60))
                                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        if (answerType != null) {
            assertThat(response.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(t -> assertThat(t).startsWith(answerType));
        }
        return response.body();
    }

    @Test
    void shouldCompareCellsByTheirJsonValueWhateverTheOrderOfTheFields() throws Exception {
        String body = String.join(
                "\n",
                "{\"predicted\": {\"rows\": [[1.0, \"x\", null, true, 0.1, 100]]}, "
                        + "\"id\": \"values\", \"gold\": {\"rows\": [[1, \"x\", null, \"true\", 0.10, 1E2]], "
                        + "\"columns\": [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\"]}}",
                """
                {"gold": {"rows": [["1"]]}, "predicted": {"rows": [[1]]}, "id": "text"}""",
                """
                {"gold": {"rows": [[0.30000000000000004]]}, "predicted": {"rows": [[0.3]]}, "id": "double"}""",
                """
                {"gold": {"rows": [[null]]}, "predicted": {"rows": [[null]]}, "nullsEqual": false, "id": "null"}""");

        List<JsonNode> lines = batch(body);

        assertThat(lines).extracting(l -> l.get("status").asInt()).containsExactly(200, 200, 200, 200);
        assertThat(lines).extracting(l -> l.get("id").asText()).containsExactly("values", "text", "double", "null");
        // 1, 1.0 and 1E2/100 are one number each; a boolean is its text; NULL matches NULL by default.
        assertThat(lines.get(0).at("/result/strict/reason").asText()).isEqualTo("MATCH");
        // "1" is not 1; a JSON float keeps a double's precision; NULL matches nothing when nullsEqual is false.
        assertThat(lines.get(1).at("/result/strict/match").asBoolean()).isFalse();
        assertThat(lines.get(2).at("/result/strict/match").asBoolean()).isFalse();
        assertThat(lines.get(3).at("/result/strict/match").asBoolean()).isFalse();
    }

    @Test
    void shouldNameTheSameFaultOfALineWhateverTheOrderOfItsFields() throws Exception {
        String body = String.join("\n", """
                {"gold": {"rows": [[1, 2]], "columns": ["a"]}, "predicted": {"rows": []}}""", """
                {"gold": {"rows": [[{"x": 1}]]}, "predicted": {"rows": []}, "orderby": true}""", """
                {"predicted": {"rows": 5}, "gold": {"rows": 5}}""", """
                {"gold": {"rows": [[1]]}, "predicted": {"rows": [[1]]}} {}""");

        List<JsonNode> lines = batch(body);

        assertThat(lines).extracting(l -> l.get("status").asInt()).containsExactly(400, 400, 400, 400);
        assertThat(lines.get(0).get("error").asText()).isEqualTo("gold.rows[0] has 2 cells but gold.columns has 1");
        assertThat(lines.get(0).get("field").asText()).isEqualTo("gold.rows[0]");
        // Unknown fields are named before any value is judged.
        assertThat(lines.get(1).get("error").asText()).startsWith("unknown field 'orderby'");
        assertThat(lines.get(2).get("error").asText()).isEqualTo("gold.rows must be an array of arrays");
        assertThat(lines.get(2).get("field").asText()).isEqualTo("gold.rows");
        assertThat(lines.get(3).get("error").asText()).startsWith("line 4 is not JSON: ");
        assertThat(lines.get(3).get("field").asText()).isEqualTo("line");
    }

    private static List<JsonNode> batch(CharSequence body) throws Exception {
        String text = given().header(ApiKeys.HEADER, key())
                .contentType(CompareBatchResource.NDJSON)
                .body(body.toString().getBytes(StandardCharsets.UTF_8))
                .when()
                .post("/compare/batch")
                .then()
                .statusCode(200)
                .contentType(startsWith(CompareBatchResource.NDJSON))
                .extract()
                .asString();
        return linesOf(text);
    }

    private static List<JsonNode> linesOf(String text) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : text.split("\n")) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }
}
