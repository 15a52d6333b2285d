package dev.snailbench.scorer.rest;

import static io.restassured.RestAssured.given;

import dev.snailbench.model.domain.ApiKeys;
import io.restassured.response.ValidatableResponse;
import java.util.Map;

/** The results API's calls as a tenant makes them with its key. */
final class TenantCalls {

    private TenantCalls() {}

    /** {@code GET} of the path, answered 200. */
    static ValidatableResponse read(String key, String path, Object... parameters) {
        return given().header(ApiKeys.HEADER, key)
                .when()
                .get(path, parameters)
                .then()
                .statusCode(200);
    }

    /** {@code GET} of the path, answered 200: the body as text. */
    static String text(String key, String path, Object... parameters) {
        return read(key, path, parameters).extract().asString();
    }

    /** {@code PUT} of a reviewer's verdict on an item of the job (its id, or any text for a refused one), named by its work item id or its question id. */
    static ValidatableResponse review(String key, Object job, Object item, Map<String, ?> verdict) {
        return given().header(ApiKeys.HEADER, key)
                .contentType("application/json")
                .body(verdict)
                .when()
                .put("/jobs/{id}/items/{item}/review", job, item)
                .then();
    }
}
