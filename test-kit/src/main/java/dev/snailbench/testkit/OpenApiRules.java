package dev.snailbench.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.RestAssured;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The rules every service's OpenAPI document keeps, checked in Java (the ones a linter such as Redocly's recommended
 * set checks and that matter to a reader): a licence and a server, the {@code X-API-Key} security scheme, and on
 * every operation a unique operationId, a one-line summary, a 4xx answer, the key headers sent by a security scheme
 * rather than as parameters, and security on every operation (a scheme wherever a 401 is documented, an empty
 * requirement on the open ones).
 */
public final class OpenApiRules {

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    private OpenApiRules() {}

    /**
     * The document the service under test serves (RestAssured's target, {@code GET /q/openapi?format=json}, 200),
     * kept for the linter as {@link #keep} keeps it.
     */
    public static JsonNode served(String service) {
        return keep(
                service,
                RestAssured.get("/q/openapi?format=json")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString());
    }

    /**
     * The document as JSON, kept for the linter at {@code target/openapi/<service>.json} (.ci/run lints those files
     * with Redocly CLI's recommended rules).
     */
    public static JsonNode keep(String service, String json) {
        try {
            Path dir = Path.of("target", "openapi");
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(service + ".json"), json);
            return new ObjectMapper().readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the document breaks, one line each ("POST /jobs: no summary"); empty when it keeps every rule. */
    public static List<String> problems(JsonNode doc) {
        List<String> problems = new ArrayList<>();
        if (doc.path("info").path("license").path("name").asText("").isBlank()) {
            problems.add("info.license: missing");
        }
        if (!doc.path("servers").isArray() || doc.path("servers").isEmpty()) {
            problems.add("servers: empty");
        }
        JsonNode apiKey = doc.path("components").path("securitySchemes").path("apiKey");
        if (!"apiKey".equals(apiKey.path("type").asText())
                || !"header".equals(apiKey.path("in").asText())
                || !"X-API-Key".equals(apiKey.path("name").asText())) {
            problems.add("components.securitySchemes.apiKey: not an X-API-Key header scheme");
        }
        Set<String> operationIds = new HashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = doc.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                if (!METHODS.contains(op.getKey())) {
                    continue;
                }
                String where = op.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey() + ": ";
                JsonNode o = op.getValue();
                String id = o.path("operationId").asText("");
                if (id.isBlank()) {
                    problems.add(where + "no operationId");
                } else if (!operationIds.add(id)) {
                    problems.add(where + "operationId " + id + " is not unique");
                }
                String summary = o.path("summary").asText("");
                if (summary.isBlank()
                        || summary.contains("\n")
                        || summary.length() > 100
                        || summary.split(" ").length < 3) {
                    problems.add(where + "summary '" + summary + "' is not a one-line sentence");
                }
                boolean has4xx = false;
                for (Iterator<String> codes = o.path("responses").fieldNames(); codes.hasNext(); ) {
                    has4xx |= codes.next().startsWith("4");
                }
                if (!has4xx) {
                    problems.add(where + "no 4xx response");
                }
                for (JsonNode p : o.path("parameters")) {
                    String name = p.path("name").asText();
                    if ("header".equals(p.path("in").asText())
                            && (name.equalsIgnoreCase("X-API-Key") || name.equalsIgnoreCase("X-Admin-Key"))) {
                        problems.add(where + name + " is a parameter, not a security scheme");
                    }
                }
                if (!o.path("security").isArray() || o.path("security").isEmpty()) {
                    problems.add(where + "no security (an open operation says so with [{}])");
                } else if (o.path("responses").has("401")
                        && o.path("security").toString().equals("[{}]")) {
                    problems.add(where + "answers 401 but names no security scheme");
                }
            }
        }
        return problems;
    }
}
