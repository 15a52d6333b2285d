package dev.snailbench.generator;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Creates tenants the way an operator does, over REST. */
public final class TestTenants {

    public static final String ADMIN_KEY = "test-admin-key";

    /** One FootballDB question and its recorded prediction: the smallest valid job. */
    public static final List<Map<String, String>> ONE_QUESTION =
            List.of(Map.of("id", "q1", "question", "How many clubs?", "goldSql", "SELECT count(*) FROM club"));

    public static final List<Map<String, String>> ONE_PREDICTION =
            List.of(Map.of("questionId", "q1", "predictedSql", "SELECT count(club_id) FROM club"));

    private TestTenants() {}

    /** Returns the new tenant's API key. */
    public static String create(String name) {
        return given().header("X-Admin-Key", ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", name))
                .post("/tenants")
                .then()
                .statusCode(201)
                .extract()
                .path("apiKey");
    }

    /** A replay job on an inline database; without {@code predictions} it allows missing ones. */
    public static Map<String, Object> job(String name, Object questions, Object predictions) {
        Map<String, Object> job = new HashMap<>(Map.of(
                "name",
                name,
                "database",
                Map.of(
                        "kind",
                        "postgresql",
                        "jdbcUrl",
                        "jdbc:postgresql://127.0.0.1:5432/team",
                        "user",
                        "reader",
                        "password",
                        "team-secret"),
                "dialect",
                "postgresql",
                "model",
                "gpt-3.5-turbo"));
        if (questions != null) {
            job.put("questions", questions);
        }
        if (predictions != null) {
            job.put("predictions", predictions);
        } else {
            // A replay job without recorded predictions says so: its items run the gold and fail.
            job.put("allowMissingPredictions", true);
        }
        return job;
    }
}
