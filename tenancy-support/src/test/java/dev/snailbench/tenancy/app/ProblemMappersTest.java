package dev.snailbench.tenancy.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.snailbench.tenancy.InMemoryTier;
import dev.snailbench.testkit.OversizedBody;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.ValidatableResponse;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The one set of exception mappers of every service: each kind of problem is answered with its status and the
 * platform's body, and a body Jackson cannot read is a 400 naming the field by its path.
 */
@QuarkusTest
@InMemoryTier
class ProblemMappersTest {

    @ParameterizedTest
    @CsvSource(
            nullValues = "-",
            value = {
                "invalid,          400, questions[3].sql: must not be blank,                 questions[3].sql, -",
                "unauthorized,     401, missing or invalid X-Admin-Key,                     X-Admin-Key,      -",
                "not-found,        404, no job 42,                                          -,                -",
                "conflict,         409, job 42 is already completed,                        status,           -",
                "too-large,        413, 'the spec is 40 MB, at most 32 MB',                 questions,        -",
                "too-many,         429, slow down,                                          X-API-Key,        3",
                "upstream-failed,  502, database 7: connection refused,                     -,                -",
                "unavailable,      503, job 42 was accepted but is not readable yet; retry shortly, -,        1",
                "upstream-timeout, 504, the executor did not answer within 30 s,            -,                -"
            })
    void shouldAnswerEachProblemWithItsStatusAndTheErrorBody(
            String kind, int status, String error, String field, String retryAfter) {
        for (String path : new String[] {"/probe/problem/", "/probe/problem-reactive/"}) {
            ValidatableResponse answer = given().get(path + kind)
                    .then()
                    .statusCode(status)
                    .contentType("application/json")
                    .body("status", equalTo(status))
                    .body("error", equalTo(error))
                    .body("field", field == null ? nullValue() : equalTo(field));
            answer.header("Retry-After", retryAfter == null ? nullValue() : equalTo(retryAfter));
        }
    }

    @Test
    void shouldAnswerMalformedJsonWith400SayingWhereWithoutJacksonsSourceDescription() {
        post("{\"name\": \"x\", ")
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", startsWith("malformed JSON at line 1, column "))
                .body("error", not(containsString("Source")))
                .body("error", not(containsString("REDACTED")))
                .body("field", nullValue());
    }

    @Test
    void shouldNameEveryUnknownFieldOfABodyInOneAnswer() {
        post("{\"nmae\": \"x\", \"questions\": [{\"id\": \"a\", \"sqll\": \"S\"}], \"colour\": 1}")
                .statusCode(400)
                .body(
                        "error",
                        equalTo("unknown fields 'colour', 'nmae' (did you mean 'name'?), "
                                + "'questions[0].sqll' (did you mean 'sql'?)"))
                .body("field", equalTo("colour"));
    }

    @Test
    void shouldSayWhichKindOfJsonValueAFieldTakesWithoutNamingJavaTypes() {
        post("{\"questions\": [[\"a\"]]}")
                .statusCode(400)
                .body("error", equalTo("questions[0]: expected an object, got a list"))
                .body("field", equalTo("questions[0]"));
        post("{\"limit\": \"ten\"}")
                .statusCode(400)
                .body("error", equalTo("limit: expected a whole number, got \"ten\""));
        post("[1]")
                .statusCode(400)
                .body("error", equalTo("body: expected an object, got a list"))
                .body("field", equalTo("body"));
    }

    @Test
    void shouldAnswerEveryBrokenConstraintWithItsJsonPath() {
        given().contentType("application/json")
                .body("{\"name\": \" \", \"limit\": 11, \"questions\": [{\"id\": \"a\","
                        + " \"sql\": \"S\"}, {\"id\": \"b\", \"sql\": \"\"}], \"counts\": {\"join\": -1},"
                        + " \"levels\": [\"Native\", \"\"]}")
                .post("/probe/checked")
                .then()
                .statusCode(400)
                .body("status", equalTo(400))
                .body("field", equalTo("counts.join"))
                .body(
                        "error",
                        equalTo("counts.join: must be greater than or equal to 0; levels[1]: must not be "
                                + "blank; limit: must be less than or equal to 10; name: must not be blank; "
                                + "questions[1].sql: must not be blank"));
        given().contentType("application/json")
                .body("{\"name\": \"n\", \"questions\": [null]}")
                .post("/probe/checked")
                .then()
                .statusCode(400)
                .body("error", equalTo("questions[0]: must not be null"));
        given().contentType("application/json")
                .body("null")
                .post("/probe/checked")
                .then()
                .statusCode(400)
                .body("field", equalTo("body"));
    }

    @Test
    void shouldSayWhichContentTypeToSend() {
        given().contentType("text/plain")
                .body("{}")
                .post("/probe/spec")
                .then()
                .statusCode(415)
                .body("status", equalTo(415))
                .body("field", equalTo("Content-Type"))
                .body(
                        "error",
                        equalTo("Content-Type 'text/plain' is not accepted here: send the body as "
                                + "application/json"));
    }

    @Test
    void shouldRefuseABodyOverTheLimitWithTheSizeTheLimitAndWhatToDo() {
        String answer = OversizedBody.answer(
                URI.create(RestAssured.baseURI + ":" + RestAssured.port), "/probe/spec", null, 100_000);
        assertThat(answer)
                .startsWith("HTTP/1.1 413")
                .contains(
                        "{\"status\":413,\"error\":\"the request body has "
                                + "100000 bytes; at most 65536 are accepted: send fewer questions per spec\",\"field\":\"body\"}");
    }

    @Test
    void shouldAnswerAPathIdThatIsNoUuidAsAnIdThatNamesNothing() {
        given().get("/probe/things/not-a-uuid")
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", equalTo("no thing not-a-uuid"));
        given().get("/probe/things/" + java.util.UUID.randomUUID())
                .then()
                .statusCode(404)
                .body("error", startsWith("no thing "));
    }

    @Test
    void shouldNameAnUnknownNestedFieldByItsPathWithASuggestion() {
        post("{\"name\": \"x\", \"questions\": [{\"id\": \"a\"}, {\"id\": \"b\", \"sqll\": \"SELECT 1\"}]}")
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", equalTo("unknown field 'questions[1].sqll' (did you mean 'sql'?)"))
                .body("field", equalTo("questions[1].sqll"));
    }

    @Test
    void shouldNameAValueOfTheWrongTypeByItsPath() {
        post("{\"name\": \"x\", \"limit\": \"ten\"}")
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", startsWith("limit: expected a whole number"))
                .body("field", equalTo("limit"));
        post("{\"questions\": [{}, {}, {}, {\"sql\": {\"nested\": true}}]}")
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", startsWith("questions[3].sql: "))
                .body("field", equalTo("questions[3].sql"));
    }

    @Test
    void shouldGiveQuarkusOwnRefusalsTheSameBody() {
        given().get("/probe/spec")
                .then()
                .statusCode(405)
                .body("status", equalTo(405))
                .body("field", nullValue());
    }

    private static ValidatableResponse post(String json) {
        return given().contentType("application/json")
                .body(json)
                .post("/probe/spec")
                .then();
    }
}
