package dev.snailbench.tenancy.app;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The one set of exception mappers of every service: each kind of problem is answered with its status and the
 * platform's body, and a body Jackson cannot read is a 400 naming the field by its path.
 */
@QuarkusTest
@RealInfrastructure
class ProblemMappersTest {

    @ParameterizedTest
    @CsvSource(nullValues = "-", value = {
            "invalid,          400, questions[3].sql: must not be blank,                 questions[3].sql, -",
            "unauthorized,     401, missing or invalid X-Admin-Key,                     X-Admin-Key,      -",
            "not-found,        404, no job 42,                                          -,                -",
            "conflict,         409, job 42 is already completed,                        status,           -",
            "too-large,        413, 'the spec is 40 MB, at most 32 MB',                 questions,        -",
            "too-many,         429, slow down,                                          X-API-Key,        3",
            "upstream-failed,  502, database 7: connection refused,                     -,                -",
            "unavailable,      503, job 42 was accepted but is not readable yet; retry shortly, -,        1",
            "upstream-timeout, 504, the executor did not answer within 30 s,            -,                -"})
    void shouldAnswerEachProblemWithItsStatusAndTheErrorBody(String kind, int status, String error, String field,
            String retryAfter) {
        for (String path : new String[] {"/probe/problem/", "/probe/problem-reactive/"}) {
            ValidatableResponse answer = given().get(path + kind).then().statusCode(status)
                    .contentType("application/json")
                    .body("status", equalTo(status))
                    .body("error", equalTo(error))
                    .body("field", field == null ? nullValue() : equalTo(field));
            answer.header("Retry-After", retryAfter == null ? nullValue() : equalTo(retryAfter));
        }
    }

    @Test
    void shouldAnswerMalformedJsonWith400() {
        post("{\"name\": \"x\", ").statusCode(400)
                .body("status", equalTo(400))
                .body("error", startsWith("malformed JSON: "))
                .body("field", nullValue());
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
        post("{\"name\": \"x\", \"limit\": \"ten\"}").statusCode(400)
                .body("status", equalTo(400))
                .body("error", startsWith("limit: "))
                .body("field", equalTo("limit"));
        post("{\"questions\": [{}, {}, {}, {\"sql\": {\"nested\": true}}]}").statusCode(400)
                .body("status", equalTo(400))
                .body("error", startsWith("questions[3].sql: "))
                .body("field", equalTo("questions[3].sql"));
    }

    @Test
    void shouldGiveQuarkusOwnRefusalsTheSameBody() {
        given().get("/probe/spec").then().statusCode(405)
                .body("status", equalTo(405))
                .body("field", nullValue());
    }

    private static ValidatableResponse post(String json) {
        return given().contentType("application/json").body(json).post("/probe/spec").then();
    }
}
