package dev.snailbench.inference.support;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A local OpenAI-compatible server on a free loopback port, scripted per model name: each request for a model
 * takes the next scripted reply (the last one repeats). Records every request and the calls in flight.
 */
public final class FakeOpenAi {

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

    /** A request as the server saw it. */
    public record Seen(String path, JsonObject body, Map<String, String> headers, long atNanos) {
    }

    private static FakeOpenAi instance;

    private final Vertx vertx;
    private final HttpServer server;
    private final Map<String, List<Reply>> scripts = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> served = new ConcurrentHashMap<>();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final AtomicLong inFlightSum = new AtomicLong();
    private final AtomicLong inFlightSamples = new AtomicLong();
    private volatile long defaultDelayMillis;

    private FakeOpenAi() throws Exception {
        vertx = Vertx.vertx();
        server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
                .requestHandler(this::handle);
        server.listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** The server of this test JVM (started on first use). */
    public static synchronized FakeOpenAi instance() {
        if (instance == null) {
            try {
                instance = new FakeOpenAi();
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the fake OpenAI server", e);
            }
        }
        return instance;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.actualPort() + "/v1";
    }

    public void script(String model, Reply... replies) {
        scripts.put(model, List.of(replies));
        served.put(model, new AtomicInteger());
    }

    /** Requests seen for a model, in arrival order. */
    public List<Seen> requests(String model) {
        List<Seen> out = new ArrayList<>();
        for (Seen s : seen) {
            if (model.equals(s.body().getString("model"))) {
                out.add(s);
            }
        }
        return Collections.unmodifiableList(out);
    }

    /** Latency applied to models without a script (the benchmark's "10 ms model"). */
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

    private void handle(HttpServerRequest req) {
        req.body().onSuccess(buf -> {
            JsonObject body = buf.toJsonObject();
            Map<String, String> headers = new ConcurrentHashMap<>();
            req.headers().forEach(h -> headers.put(h.getKey().toLowerCase(), h.getValue()));
            seen.add(new Seen(req.path(), body, headers, System.nanoTime()));
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            inFlightSum.addAndGet(now);
            inFlightSamples.incrementAndGet();
            String model = body.getString("model", "");
            List<Reply> script = scripts.get(model);
            Reply reply;
            if (script == null) {
                reply = new Reply(200, "SELECT 1", null, defaultDelayMillis, false);
            } else {
                int i = served.computeIfAbsent(model, m -> new AtomicInteger()).getAndIncrement();
                reply = script.get(Math.min(i, script.size() - 1));
            }
            boolean chat = req.path().endsWith("/chat/completions");
            Runnable respond = () -> {
                inFlight.decrementAndGet();
                respond(req, reply, chat, body);
            };
            if (reply.delayMillis() > 0) {
                vertx.setTimer(reply.delayMillis(), id -> respond.run());
            } else {
                respond.run();
            }
        });
    }

    private static void respond(HttpServerRequest req, Reply reply, boolean chat, JsonObject body) {
        if (req.response().closed()) {
            return; // the client timed out and went away
        }
        if (reply.retryAfter() != null) {
            req.response().putHeader("Retry-After", reply.retryAfter());
        }
        if (reply.status() != 200) {
            req.response().setStatusCode(reply.status()).end("{\"error\":{\"message\":\"scripted " + reply.status()
                    + "\"}}");
            return;
        }
        if (reply.malformed()) {
            req.response().putHeader("Content-Type", "application/json").end("{\"choices\": [ {\"message\": ");
            return;
        }
        JsonObject choice = chat
                ? new JsonObject().put("index", 0).put("message",
                        new JsonObject().put("role", "assistant").put("content", reply.content()))
                : new JsonObject().put("index", 0).put("text", reply.content());
        String prompt = chat ? body.getJsonArray("messages").getJsonObject(0).getString("content")
                : body.getString("prompt");
        JsonObject response = new JsonObject().put("id", "fake").put("model", body.getString("model"))
                .put("choices", new JsonArray().add(choice))
                .put("usage", new JsonObject().put("prompt_tokens", prompt.length() / 4)
                        .put("completion_tokens", reply.content() == null ? 0 : reply.content().length() / 4));
        req.response().putHeader("Content-Type", "application/json").end(response.encode());
    }
}
