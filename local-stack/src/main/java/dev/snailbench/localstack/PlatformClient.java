package dev.snailbench.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * Talks to a running platform over its public REST API, as a team would: the tests' and benchmarks' calls on a
 * {@link Stack}, and the command-line client's requests ({@link #exchange}, without a stack). Streamed NDJSON
 * (POST /compare/batch) goes through {@link NdjsonExchange}.
 */
public final class PlatformClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Stack stack;

    public PlatformClient(Stack stack) {
        this.stack = stack;
    }

    /** A client of URLs given per request (the command-line client's, which finds the services itself). */
    PlatformClient() {
        this(null);
    }

    /**
     * One request as given: the JSON body (none when null), the Accept header, a timeout; the answer as it came,
     * whatever its status. Connection failures are the caller's to explain.
     */
    public HttpResponse<String> exchange(String method, String url, Map<String, String> headers, Object body,
            String accept, Duration timeout) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout).header("Accept", accept);
        headers.forEach(request::header);
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Creates a tenant; returns its API key. */
    public String createTenant(String name) {
        JsonNode created = call("POST", stack.url(Stack.Service.GENERATOR) + "/tenants",
                Map.of("X-Admin-Key", stack.adminKey()), Map.of("name", name), 201);
        return created.get("apiKey").asText();
    }

    /** Submits a job; returns its id (202 for a new job, 200 with {@code existing: true} for the same spec again). */
    public String submitJob(String apiKey, Object job) {
        HttpResponse<String> response = send("POST", stack.url(Stack.Service.GENERATOR) + "/jobs",
                Map.of("X-API-Key", apiKey), job);
        return parse(response, response.statusCode() == 200 ? 200 : 202).get("jobId").asText();
    }

    /** The job's status and progress, or null while the generator has not stored it yet. */
    public JsonNode job(String apiKey, String jobId) {
        HttpResponse<String> response = send("GET", stack.url(Stack.Service.GENERATOR) + "/jobs/" + jobId,
                Map.of("X-API-Key", apiKey), null);
        return response.statusCode() == 404 ? null : parse(response, 200);
    }

    public JsonNode results(String apiKey, String jobId) {
        return call("GET", stack.url(Stack.Service.SCORER) + "/jobs/" + jobId + "/results",
                Map.of("X-API-Key", apiKey), null, 200);
    }

    public JsonNode summary(String apiKey, String jobId) {
        return call("GET", stack.url(Stack.Service.SCORER) + "/jobs/" + jobId + "/summary",
                Map.of("X-API-Key", apiKey), null, 200);
    }

    /** The scorer's self-contained HTML report of a job. */
    public String reportHtml(String apiKey, String jobId) {
        HttpResponse<String> response = send("GET", stack.url(Stack.Service.SCORER) + "/jobs/" + jobId
                + "/report.html", Map.of("X-API-Key", apiKey, "Accept", "text/html"), null);
        if (response.statusCode() != 200) {
            throw new IllegalStateException("report of job " + jobId + " answered " + response.statusCode());
        }
        return response.body();
    }

    public JsonNode call(String method, String url, Map<String, String> headers, Object body, int expected) {
        return parse(send(method, url, headers, body), expected);
    }

    /** POSTs a CSV body (a crosswalk import) and reads the JSON answer. */
    public JsonNode callCsv(String url, Map<String, String> headers, String csv, int expected) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "text/csv").header("Accept", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(csv));
            headers.forEach(request::header);
            return parse(http.send(request.build(), HttpResponse.BodyHandlers.ofString()), expected);
        } catch (IOException e) {
            throw new UncheckedIOException("POST " + url + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<String> send(String method, String url, Map<String, String> headers, Object body) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "application/json");
            if (!headers.containsKey("Accept")) {
                request.header("Accept", "application/json");
            }
            headers.forEach(request::header);
            request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + url + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode parse(HttpResponse<String> response, int expected) {
        if (response.statusCode() != expected) {
            throw new IllegalStateException(response.request().method() + " " + response.request().uri() + " answered "
                    + response.statusCode() + ": " + response.body());
        }
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ObjectMapper json() {
        return JSON;
    }
}
