package dev.snailbench.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The platform's one fake OpenAI-compatible server for tests: {@code /v1/chat/completions}, {@code /v1/completions}
 * and {@code /v1/embeddings} on a free loopback port, one shared per test JVM ({@link #instance()}) or one of a
 * test's own ({@link #start(Answers)}, closed by the test). A model with a script
 * ({@link #script}) takes the next scripted reply per request (the last one repeats): an answer, a slow answer, an
 * HTTP status with an optional Retry-After, or malformed JSON. Other requests are answered by the installed
 * {@link Answers} (by default {@code SELECT 1} and a hashed bag of words). Records every request and the calls in
 * flight.
 */
public final class FakeOpenAi implements AutoCloseable {

    /** One scripted reply. */
    public record Reply(int status, String content, String retryAfter, long delayMillis, boolean malformed) {

        public static Reply ok(String content) {
            return new Reply(200, content, null, 0, false);
        }

        public static Reply slow(long millis, String content) {
            return new Reply(200, content, null, millis, false);
        }

        public static Reply status(int status, String retryAfter) {
            return new Reply(status, null, retryAfter, 0, false);
        }

        public static Reply malformedJson() {
            return new Reply(200, null, null, 0, true);
        }
    }

    /** A request as the server saw it: the path, the JSON body, the headers (names in lower case). */
    public record Seen(String path, JsonNode body, Map<String, String> headers, long atNanos) {

        /** The user message of a chat request, or the prompt of a legacy one. */
        public String prompt() {
            JsonNode messages = body.path("messages");
            return messages.isArray() && messages.size() > 0
                    ? messages.get(messages.size() - 1).path("content").asText()
                    : body.path("prompt").asText();
        }
    }

    /** What the server answers for models without a script; a test module installs its own. */
    public interface Answers {

        /** The completion text for a chat or legacy request (the user message is {@code seen.prompt()}). */
        default String complete(Seen seen) {
            return "SELECT 1";
        }

        /** The embedding of one text for {@code model}. */
        default float[] embed(String model, String text) {
            return wordVector(text);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static FakeOpenAi instance;

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fake-openai");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, List<Reply>> scripts = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> served = new ConcurrentHashMap<>();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final AtomicLong inFlightSum = new AtomicLong();
    private final AtomicLong inFlightSamples = new AtomicLong();
    private volatile long defaultDelayMillis;
    private volatile Answers answers = new Answers() {};

    private FakeOpenAi() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
        server.setExecutor(threads);
        server.createContext("/v1/", this::handle);
        server.start();
    }

    /** A server of the caller's own, answering with {@code answers}; the caller closes it. */
    public static FakeOpenAi start(Answers answers) {
        try {
            FakeOpenAi fake = new FakeOpenAi();
            fake.answers(answers);
            return fake;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a fake OpenAI server", e);
        }
    }

    /** The server of this test JVM (started on first use). */
    public static synchronized FakeOpenAi instance() {
        if (instance == null) {
            try {
                instance = new FakeOpenAi();
            } catch (IOException e) {
                throw new IllegalStateException("cannot start the fake OpenAI server", e);
            }
        }
        return instance;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Answers for models without a script. */
    public void answers(Answers answers) {
        this.answers = answers;
    }

    public void script(String model, Reply... replies) {
        scripts.put(model, List.of(replies));
        served.put(model, new AtomicInteger());
    }

    /** Every request seen, in arrival order. */
    public List<Seen> requests() {
        return List.copyOf(seen);
    }

    /** Requests seen for a model, in arrival order. */
    public List<Seen> requests(String model) {
        List<Seen> out = new ArrayList<>();
        for (Seen s : seen) {
            if (model.equals(s.body().path("model").asText())) {
                out.add(s);
            }
        }
        return List.copyOf(out);
    }

    /** Requests seen on a path ending with {@code suffix} (e.g. {@code /embeddings}). */
    public long count(String suffix) {
        return seen.stream().filter(s -> s.path().endsWith(suffix)).count();
    }

    /** The user messages (or legacy prompts) received, in arrival order. */
    public List<String> prompts() {
        return seen.stream()
                .filter(s -> !s.path().endsWith("/embeddings"))
                .map(Seen::prompt)
                .toList();
    }

    /** Latency applied to models without a script (e.g. a benchmark's "10 ms model"). */
    public void defaultDelay(long millis) {
        this.defaultDelayMillis = millis;
    }

    public void resetInFlightStats() {
        maxInFlight.set(0);
        inFlightSum.set(0);
        inFlightSamples.set(0);
    }

    /** Requests being answered right now. */
    public int inFlight() {
        return inFlight.get();
    }

    public int maxInFlight() {
        return maxInFlight.get();
    }

    /** Calls in flight seen by each arriving request, averaged. */
    public double averageInFlight() {
        return inFlightSamples.get() == 0 ? 0 : (double) inFlightSum.get() / inFlightSamples.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            Map<String, String> headers = new ConcurrentHashMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
            Seen request = new Seen(exchange.getRequestURI().getPath(), body, headers, System.nanoTime());
            seen.add(request);
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            inFlightSum.addAndGet(now);
            inFlightSamples.incrementAndGet();
            try {
                Reply reply = reply(body.path("model").asText());
                if (reply == null) {
                    reply = new Reply(200, null, null, defaultDelayMillis, false);
                }
                if (reply.delayMillis() > 0) {
                    Thread.sleep(reply.delayMillis());
                }
                respond(exchange, request, reply);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
        } catch (IOException e) {
            // The client timed out and went away.
        }
    }

    private Reply reply(String model) {
        List<Reply> script = scripts.get(model);
        if (script == null) {
            return null;
        }
        int i = served.computeIfAbsent(model, m -> new AtomicInteger()).getAndIncrement();
        return script.get(Math.min(i, script.size() - 1));
    }

    private void respond(HttpExchange exchange, Seen request, Reply reply) throws IOException {
        if (reply.retryAfter() != null) {
            exchange.getResponseHeaders().add("Retry-After", reply.retryAfter());
        }
        if (reply.status() != 200) {
            send(exchange, reply.status(), "{\"error\":{\"message\":\"scripted " + reply.status() + "\"}}");
            return;
        }
        if (reply.malformed()) {
            send(exchange, 200, "{\"choices\": [ {\"message\": ");
            return;
        }
        ObjectNode response = JSON.createObjectNode()
                .put("id", "fake")
                .put("model", request.body().path("model").asText());
        if (request.path().endsWith("/embeddings")) {
            ArrayNode data = response.putArray("data");
            JsonNode input = request.body().path("input");
            for (int i = 0; i < input.size(); i++) {
                ArrayNode vector = data.addObject().put("index", i).putArray("embedding");
                for (float x : answers.embed(
                        request.body().path("model").asText(), input.get(i).asText())) {
                    vector.add(x);
                }
            }
            send(exchange, 200, JSON.writeValueAsString(response));
            return;
        }
        String content = reply.content() != null ? reply.content() : answers.complete(request);
        ObjectNode choice = response.putArray("choices").addObject().put("index", 0);
        if (request.path().endsWith("/chat/completions")) {
            choice.putObject("message").put("role", "assistant").put("content", content);
        } else {
            choice.put("text", content);
        }
        response.putObject("usage")
                .put("prompt_tokens", request.prompt().length() / 4)
                .put("completion_tokens", content == null ? 0 : content.length() / 4);
        send(exchange, 200, JSON.writeValueAsString(response));
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Stops a server of {@link #start(Answers)}; the shared one stops with the JVM. */
    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    /** A bag of the text's words hashed into 64 dimensions: texts sharing words are close. */
    public static float[] wordVector(String text) {
        float[] v = new float[64];
        for (String w : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (!w.isEmpty()) {
                v[Math.floorMod(w.hashCode(), 64)] += 1;
            }
        }
        return v;
    }
}
