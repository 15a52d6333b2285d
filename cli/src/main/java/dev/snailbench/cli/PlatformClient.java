package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The one HTTP client of the platform's public REST API, calling it as a team would. Two kinds of callers:
 * <ul>
 * <li>tests, benchmarks and the demo on a running platform ({@link #call(String, String, Map, Object, int)} and the
 * named calls on the generator and scorer it was made for): each expects a status, and anything else fails the
 * caller with the answer in the message;</li>
 * <li>the command-line client's commands ({@link #call(String, String, Map, Object)}, {@link #getOrNull},
 * {@link #text}, {@link #exchange}, {@link #postNdjson}): a refusal (400 or more) is a {@link Refused} carrying the
 * platform's error, no answer at all a {@link NoAnswer}; {@code Cli} turns both into what the user reads.</li>
 * </ul>
 * Every request is built and sent by one private {@code send}, except the commands' over plain http, which go
 * through {@link PlainHttp}; streamed NDJSON goes through {@link NdjsonExchange}, which the JDK's client cannot do over
 * HTTP/1.1.
 */
public final class PlatformClient {

    private static final String APPLICATION_JSON = "application/json";
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /**
     * A call waits as long as the platform may work on its answer: the slowest endpoints (synthetic sets, test
     * suites) wait for database tasks the generator bounds at 6 min (snailbench.database-tasks.timeout). A shorter
     * wait fails a test on a loaded machine while the platform is still within its own bound. Ctrl-C stops a command.
     */
    private static final Duration CALL_TIMEOUT = Duration.ofMinutes(7);

    /** Jackson's mapper, made on first use: the commands that only read answers never set one up ({@link JsonTree}). */
    private static final class Mapper {
        static final ObjectMapper JSON = new ObjectMapper();
    }

    /** For http URLs (the platform on this machine): made without TLS, whose default setup reads the trust store. */
    private volatile HttpClient plain;
    /** For https URLs, with the JDK's default TLS setup. */
    private volatile HttpClient tls;

    private final Supplier<String> generatorUrl;
    private final Supplier<String> scorerUrl;
    private final String adminKey;

    /** A client of the platform whose generator and scorer answer at these URLs, with its admin key. */
    public PlatformClient(String generatorUrl, String scorerUrl, String adminKey) {
        this(() -> generatorUrl, () -> scorerUrl, adminKey);
    }

    /**
     * A client that asks for the generator's and the scorer's URLs at each call: it follows a platform whose services
     * restart or are replaced on other ports.
     */
    public PlatformClient(Supplier<String> generatorUrl, Supplier<String> scorerUrl, String adminKey) {
        this.generatorUrl = generatorUrl;
        this.scorerUrl = scorerUrl;
        this.adminKey = adminKey;
    }

    /** A client of URLs given per request (the command-line client's, which finds the services itself). */
    PlatformClient() {
        this((String) null, null, null);
    }

    /** The platform refused a request (status 400 or more); the body is its error ({@code {status, error, field}}). */
    public static final class Refused extends RuntimeException {
        private final int status;
        private final String error;
        private final String field;

        public Refused(int status, String body) {
            super(status + " " + body);
            JsonNode error = tree(body);
            this.status = status;
            this.error = error.path("error").asText(body);
            this.field = error.path("field").isTextual() ? error.path("field").asText() : null;
        }

        public int status() {
            return status;
        }

        /** The platform's message, or the body as it came when it is not the platform's error body. */
        public String error() {
            return error;
        }

        /** The field to fix as the platform named it, or null. */
        public String field() {
            return field;
        }
    }

    /** No answer: the service could not be reached, the exchange broke off, or the waiting thread was interrupted. */
    public static final class NoAnswer extends RuntimeException {
        private final String method;
        private final String url;

        public NoAnswer(String method, String url, Exception cause) {
            super(method + " " + url + " failed: " + cause.getMessage(), cause);
            this.method = method;
            this.url = url;
        }

        public String method() {
            return method;
        }

        public String url() {
            return url;
        }
    }

    // --- Tests, benchmarks and the demo, on a running platform: each call expects a status.

    /** Creates a tenant; returns its API key. */
    public String createTenant(String name) {
        JsonNode created = call(
                "POST", generatorUrl.get() + "/tenants", Map.of("X-Admin-Key", adminKey), Map.of("name", name), 201);
        return created.get("apiKey").asText();
    }

    /** Submits a job; returns its id (202 for a new job, 200 with {@code existing: true} for the same spec again). */
    public String submitJob(String apiKey, Object job) {
        HttpResponse<String> response =
                sendForTest("POST", generatorUrl.get() + "/jobs", Map.of("X-API-Key", apiKey), job, APPLICATION_JSON);
        return expect(response, response.statusCode() == 200 ? 200 : 202)
                .get("jobId")
                .asText();
    }

    /** The job's status and progress, or null while the generator has not stored it yet. */
    public JsonNode job(String apiKey, String jobId) {
        HttpResponse<String> response = sendForTest(
                "GET", generatorUrl.get() + "/jobs/" + jobId, Map.of("X-API-Key", apiKey), null, APPLICATION_JSON);
        return response.statusCode() == 404 ? null : expect(response, 200);
    }

    public JsonNode results(String apiKey, String jobId) {
        return call("GET", scorerUrl.get() + "/jobs/" + jobId + "/results", Map.of("X-API-Key", apiKey), null, 200);
    }

    public JsonNode summary(String apiKey, String jobId) {
        return call("GET", scorerUrl.get() + "/jobs/" + jobId + "/summary", Map.of("X-API-Key", apiKey), null, 200);
    }

    /** The scorer's self-contained HTML report of a job. */
    public String reportHtml(String apiKey, String jobId) {
        HttpResponse<String> response = sendForTest(
                "GET",
                scorerUrl.get() + "/jobs/" + jobId + "/report.html",
                Map.of("X-API-Key", apiKey),
                null,
                "text/html");
        if (response.statusCode() != 200) {
            throw new IllegalStateException("report of job " + jobId + " answered " + response.statusCode());
        }
        return response.body();
    }

    /** A JSON request (no body when null) whose answer must have the status {@code expected}; its JSON. */
    public JsonNode call(String method, String url, Map<String, String> headers, Object body, int expected) {
        return expect(sendForTest(method, url, headers, body, APPLICATION_JSON), expected);
    }

    /** POSTs a CSV body (a crosswalk import) and reads the JSON answer. */
    public JsonNode callCsv(String url, Map<String, String> headers, String csv, int expected) {
        try {
            return expect(
                    send(
                            "POST",
                            url,
                            headers,
                            "text/csv",
                            csv.getBytes(StandardCharsets.UTF_8),
                            APPLICATION_JSON,
                            CALL_TIMEOUT),
                    expected);
        } catch (IOException e) {
            throw new UncheckedIOException("POST " + url + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<String> sendForTest(
            String method, String url, Map<String, String> headers, Object body, String accept) {
        try {
            return send(method, url, headers, body, accept, CALL_TIMEOUT);
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + url + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode expect(HttpResponse<String> response, int expected) {
        if (response.statusCode() != expected) {
            throw new IllegalStateException(response.request().method() + " "
                    + response.request().uri() + " answered " + response.statusCode() + ": " + response.body());
        }
        try {
            return Mapper.JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // --- The command-line client's commands: a refusal is a Refused, no answer a NoAnswer.

    /** A JSON request (no body when null); the answer's JSON, or {@link Refused} for a status of 400 or more. */
    public JsonNode call(String method, String url, Map<String, String> headers, Object body) {
        byte[] bytes;
        try {
            bytes = body == null ? null : Mapper.JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new NoAnswer(method, url, e);
        }
        return parse(answer(method, url, headers, bytes == null ? null : APPLICATION_JSON, bytes, APPLICATION_JSON));
    }

    /** A GET's JSON, or null when the platform answers 404 (a job not stored yet). */
    public JsonNode getOrNull(String url, Map<String, String> headers) {
        Answer answer = answer("GET", url, headers, null, null, APPLICATION_JSON);
        return answer.status() == 404 ? null : parse(answer);
    }

    /** A GET's body as text (a report in HTML or CSV), or {@link Refused}. */
    public String text(String url, Map<String, String> headers) {
        Answer answer = answer("GET", url, headers, null, null, "*/*");
        if (answer.status() >= 400) {
            throw new Refused(answer.status(), answer.body());
        }
        return answer.body();
    }

    /** POSTs a text body of the given type (a crosswalk's CSV); the answer's JSON, or {@link Refused}. */
    public JsonNode postText(String url, Map<String, String> headers, String contentType, String text) {
        return parse(
                answer("POST", url, headers, contentType, text.getBytes(StandardCharsets.UTF_8), APPLICATION_JSON));
    }

    /** An answer as it came: its status and its body as text. */
    record Answer(int status, String body) {}

    /**
     * One request of a command, the body of the given type (none when null): over plain http with the JDK's
     * {@link PlainHttp} (no client to set up, the start of every short command), else (https, PATCH) with the JDK's
     * {@link HttpClient}; {@link NoAnswer} when no answer came.
     */
    private Answer answer(
            String method, String url, Map<String, String> headers, String contentType, byte[] body, String accept) {
        try {
            URI uri = URI.create(url);
            if (PlainHttp.handles(uri, method)) {
                return PlainHttp.send(uri, method, headers, contentType, body, accept, CONNECT_TIMEOUT, CALL_TIMEOUT);
            }
            HttpResponse<String> response = send(method, url, headers, contentType, body, accept, CALL_TIMEOUT);
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new NoAnswer(method, url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NoAnswer(method, url, e);
        }
    }

    /** One request as given; the answer as it came, whatever its status. */
    public HttpResponse<String> exchange(
            String method, String url, Map<String, String> headers, Object body, String accept) {
        try {
            return send(method, url, headers, body, accept, CALL_TIMEOUT);
        } catch (IOException e) {
            throw new NoAnswer(method, url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NoAnswer(method, url, e);
        }
    }

    /**
     * Streams {@code lines} (each one JSON object, without its newline) to {@code url} and gives each answer line to
     * {@code answers} as it comes, on the calling thread ({@link NdjsonExchange}); a refusal as {@link Refused}.
     */
    public void postNdjson(String url, Map<String, String> headers, Iterator<byte[]> lines, Consumer<String> answers) {
        NdjsonExchange.Outcome outcome;
        try {
            outcome = NdjsonExchange.post(URI.create(url), headers, lines, answers, CONNECT_TIMEOUT);
        } catch (IOException | UncheckedIOException e) {
            throw new NoAnswer("POST", url, e);
        }
        if (outcome.status() != 200) {
            throw new Refused(outcome.status(), outcome.errorBody());
        }
    }

    /** The body as JSON (an empty object when there is none), or {@link Refused} for a status of 400 or more. */
    private static JsonNode parse(Answer answer) {
        if (answer.status() >= 400) {
            throw new Refused(answer.status(), answer.body());
        }
        return tree(answer.body());
    }

    /** Text as JSON, leniently: nothing is an empty object, text that is not JSON an object with it as the error. */
    static JsonNode tree(String text) {
        try {
            return text == null || text.isBlank() ? JsonNodeFactory.instance.objectNode() : JsonTree.read(text);
        } catch (IOException e) {
            return JsonNodeFactory.instance.objectNode().put("error", text);
        }
    }

    /**
     * Builds and sends one request: the body as JSON with its Content-Type (none when null), the Accept header, a
     * timeout; the answer as it came, whatever its status.
     */
    private HttpResponse<String> send(
            String method, String url, Map<String, String> headers, Object body, String accept, Duration timeout)
            throws IOException, InterruptedException {
        return send(
                method,
                url,
                headers,
                body == null ? null : APPLICATION_JSON,
                body == null ? null : Mapper.JSON.writeValueAsBytes(body),
                accept,
                timeout);
    }

    private HttpResponse<String> send(
            String method,
            String url,
            Map<String, String> headers,
            String contentType,
            byte[] body,
            String accept,
            Duration timeout)
            throws IOException, InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(url)).timeout(timeout).header("Accept", accept);
        headers.forEach(request::header);
        if (body != null) {
            request.header("Content-Type", contentType);
        }
        request.method(
                method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        HttpRequest built = request.build();
        return http(built.uri()).send(built, HttpResponse.BodyHandlers.ofString());
    }

    /** The client for the URL's scheme, made on its first use. */
    private HttpClient http(URI uri) {
        boolean secure = "https".equalsIgnoreCase(uri.getScheme());
        HttpClient client = secure ? tls : plain;
        if (client == null) {
            synchronized (this) {
                client = secure ? tls : plain;
                if (client == null) {
                    client = secure
                            ? HttpClient.newBuilder()
                                    .connectTimeout(CONNECT_TIMEOUT)
                                    .build()
                            : plainClient();
                    if (secure) {
                        tls = client;
                    } else {
                        plain = client;
                    }
                }
            }
        }
        return client;
    }

    /**
     * A client that never makes a TLS connection: an SSL context that is not initialised (an https request through it
     * fails) spares the start of every command the default one, which loads and parses the JDK's trust store.
     */
    private static HttpClient plainClient() {
        try {
            return HttpClient.newBuilder()
                    .connectTimeout(CONNECT_TIMEOUT)
                    .sslContext(SSLContext.getInstance("TLS"))
                    .sslParameters(new SSLParameters())
                    .build();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static ObjectMapper json() {
        return Mapper.JSON;
    }
}
