package dev.snailbench.generator;

import static io.restassured.RestAssured.given;

import dev.snailbench.generator.testing.InlineDatabase;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Creates tenants the way an operator does and submits their jobs, over REST. */
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

    /** Submits the job as the tenant with that API key does ({@code POST /jobs}): the answer, to check. */
    public static ValidatableResponse submitJob(String apiKey, Object job) {
        return post(apiKey, "/jobs", job);
    }

    /** Posts the body (as JSON) to the path as the tenant with that API key does: the answer, to check. */
    public static ValidatableResponse post(String apiKey, String path, Object body) {
        return given().header("X-API-Key", apiKey)
                .contentType(ContentType.JSON)
                .body(body)
                .post(path)
                .then();
    }

    /** Submits a body sent as it is written (JSON, or not) as the tenant with that API key does. */
    public static ValidatableResponse submitJob(String apiKey, String body) {
        return given().header("X-API-Key", apiKey)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/jobs")
                .then();
    }

    /**
     * A job (mutable, for a test to add to) asking gpt-4o-mini through {@code backend} about the {@code exp_v1}
     * schema of the tenant's registered PostgreSQL database.
     */
    public static Map<String, Object> modelJob(String name, UUID databaseId, String backend, List<?> questions) {
        return new HashMap<>(Map.of(
                "name",
                name,
                "database",
                Map.of("databaseId", databaseId.toString()),
                "dialect",
                "postgresql",
                "nativeSchema",
                "exp_v1",
                "models",
                List.of(Map.of("label", "gpt", "backend", backend, "model", "gpt-4o-mini")),
                "questions",
                questions));
    }

    /** A replay job on an inline database; without {@code predictions} it allows missing ones. */
    public static Map<String, Object> job(String name, Object questions, Object predictions) {
        Map<String, Object> job = new HashMap<>(Map.of(
                "name",
                name,
                "database",
                InlineDatabase.postgresql("jdbc:postgresql://127.0.0.1:5432/team", "reader", "team-secret"),
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
