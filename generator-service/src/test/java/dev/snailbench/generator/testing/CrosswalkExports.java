package dev.snailbench.generator.testing;

import static io.restassured.RestAssured.given;

import io.restassured.response.ValidatableResponse;

/** A crosswalk exported as CSV ({@code GET /crosswalks/{id}/csv}) as the tenant with that API key asks for it. */
public final class CrosswalkExports {

    private CrosswalkExports() {}

    /** The answer to the export, to check. */
    public static ValidatableResponse csv(String apiKey, String crosswalkId) {
        return given().header("X-API-Key", apiKey)
                .accept("text/csv")
                .when()
                .get("/crosswalks/" + crosswalkId + "/csv")
                .then();
    }

    /** The CSV of a crosswalk that exports (200). */
    public static String csvText(String apiKey, String crosswalkId) {
        return csv(apiKey, crosswalkId).statusCode(200).extract().body().asString();
    }
}
