package dev.snailbench.generator;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import java.util.Map;

/** Creates tenants the way an operator does, over REST. */
public final class TestTenants {

    public static final String ADMIN_KEY = "test-admin-key";

    private TestTenants() {
    }

    /** Returns the new tenant's API key. */
    public static String create(String name) {
        return given().header("X-Admin-Key", ADMIN_KEY).contentType(ContentType.JSON)
                .body(Map.of("name", name))
                .post("/tenants").then().statusCode(201).extract().path("apiKey");
    }

    public static Map<String, Object> job(String name, Object questions, Object predictions) {
        Map<String, Object> job = new java.util.HashMap<>(Map.of("name", name,
                "database", Map.of("kind", "postgresql", "jdbcUrl", "jdbc:postgresql://127.0.0.1:5432/team",
                        "user", "reader", "password", "team-secret"),
                "dialect", "postgresql",
                "model", "gpt-3.5-turbo"));
        if (questions != null) {
            job.put("questions", questions);
        }
        if (predictions != null) {
            job.put("predictions", predictions);
        }
        return job;
    }
}
