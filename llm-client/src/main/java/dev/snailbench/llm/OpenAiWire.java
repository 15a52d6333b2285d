package dev.snailbench.llm;

import io.smallrye.mutiny.Uni;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpRequest;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;
import java.net.ConnectException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

/** One HTTP attempt against an OpenAI-compatible API (chat, legacy completions or embeddings). No retries here. */
final class OpenAiWire {

    /** Raw answer of one successful completion attempt. */
    record Answer(String text, Integer promptTokens, Integer completionTokens, String rawResponse) {}

    private final WebClient web;
    private final LlmBackendConfig config;
    private final String name;
    private final String baseUrl;

    OpenAiWire(Vertx vertx, String name, LlmBackendConfig config) {
        this.name = name;
        this.config = config;
        this.baseUrl = config.baseUrl()
                .orElseThrow(() -> new IllegalArgumentException("backend '" + name + "' has no base-url"))
                .replaceAll("/+$", "");
        // The pool must not be the bottleneck: as many connections as calls may be in flight.
        this.web = WebClient.create(
                vertx,
                new WebClientOptions()
                        .setMaxPoolSize(Math.max(1, config.concurrency()))
                        .setKeepAlive(true)
                        .setUserAgent("snailbench"));
    }

    Uni<Answer> complete(ChatRequest call) {
        boolean chat = !call.legacy();
        JsonObject body = new JsonObject().put("model", call.model()).put("temperature", call.temperature());
        if (call.maxTokens() != null) {
            body.put("max_tokens", call.maxTokens());
        }
        if (call.seed() != null) {
            body.put("seed", call.seed());
        }
        if (chat) {
            JsonArray messages = new JsonArray();
            if (call.system() != null) {
                messages.add(new JsonObject().put("role", "system").put("content", call.system()));
            }
            body.put(
                    "messages",
                    messages.add(new JsonObject().put("role", "user").put("content", call.prompt())));
        } else {
            body.put("prompt", call.prompt());
        }
        return post(chat ? "/chat/completions" : "/completions", body).map(response -> parse(response, chat));
    }

    Uni<List<float[]>> embed(String model, List<String> texts) {
        JsonObject body = new JsonObject().put("model", model).put("input", new JsonArray(new ArrayList<>(texts)));
        return post("/embeddings", body).map(response -> vectors(response, texts.size()));
    }

    private Uni<HttpResponse<Buffer>> post(String path, JsonObject body) {
        HttpRequest<Buffer> request =
                web.postAbs(baseUrl + path).timeout(config.requestTimeout().toMillis());
        config.apiKey().ifPresent(key -> request.putHeader("Authorization", "Bearer " + key));
        config.headers().forEach(request::putHeader);
        return request.sendJsonObject(body)
                .onFailure()
                .transform(this::transportFailure)
                .invoke(this::failUnlessOk);
    }

    private LlmException transportFailure(Throwable e) {
        boolean timeout =
                e instanceof TimeoutException || e.getClass().getSimpleName().contains("Timeout");
        String what = timeout
                ? "timed out after " + config.requestTimeout().toMillis() + " ms"
                : e instanceof ConnectException
                        ? "connection failed: " + e.getMessage()
                        : e.getClass().getSimpleName() + ": " + e.getMessage();
        return new LlmException("backend '" + name + "': " + what, true, null, e);
    }

    private void failUnlessOk(HttpResponse<Buffer> response) {
        int status = response.statusCode();
        if (status != 200) {
            boolean retryable = status == 429 || status >= 500;
            String snippet = truncate(response.bodyAsString());
            throw new LlmException(
                    "backend '" + name + "': HTTP " + status + " " + snippet.strip(),
                    retryable,
                    retryAfter(response.getHeader("Retry-After")),
                    null);
        }
    }

    private JsonObject json(HttpResponse<Buffer> response) {
        try {
            JsonObject json = response.bodyAsJsonObject();
            if (json == null) {
                throw new LlmException("backend '" + name + "': empty response", false, null, null);
            }
            return json;
        } catch (DecodeException | ClassCastException e) {
            throw new LlmException(
                    "backend '" + name + "': malformed JSON in the response: " + e.getMessage(), false, null, e);
        }
    }

    private Answer parse(HttpResponse<Buffer> response, boolean chat) {
        JsonObject json = json(response);
        JsonArray choices = json.getJsonArray("choices");
        if (choices == null || choices.isEmpty()) {
            throw new LlmException("backend '" + name + "': response has no choices", false, null, null);
        }
        JsonObject first = choices.getJsonObject(0);
        String text =
                chat ? first.getJsonObject("message", new JsonObject()).getString("content") : first.getString("text");
        JsonObject usage = json.getJsonObject("usage");
        return new Answer(
                text == null ? "" : text,
                usage == null ? null : usage.getInteger("prompt_tokens"),
                usage == null ? null : usage.getInteger("completion_tokens"),
                response.bodyAsString());
    }

    private List<float[]> vectors(HttpResponse<Buffer> response, int expected) {
        JsonArray data = json(response).getJsonArray("data");
        if (data == null || data.size() != expected) {
            throw new LlmException(
                    "backend '" + name + "': returned " + (data == null ? 0 : data.size()) + " vectors for " + expected
                            + " texts",
                    false,
                    null,
                    null);
        }
        float[][] vectors = new float[expected][];
        for (int i = 0; i < data.size(); i++) {
            JsonObject item = data.getJsonObject(i);
            int index = item.getInteger("index", i);
            JsonArray values = item.getJsonArray("embedding");
            float[] v = new float[values.size()];
            for (int j = 0; j < v.length; j++) {
                v[j] = values.getNumber(j).floatValue();
            }
            vectors[index] = v;
        }
        return List.of(vectors);
    }

    /** At most 300 characters of a text, for error messages. */
    static String truncate(String s) {
        return s == null ? "" : s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }

    /** Retry-After as seconds or as an HTTP date; null when absent or unreadable. */
    static Duration retryAfter(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            return Duration.ofMillis((long) (Double.parseDouble(header.trim()) * 1000));
        } catch (NumberFormatException e) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(header.trim(), DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration d = Duration.between(ZonedDateTime.now(at.getZone()), at);
                return d.isNegative() ? Duration.ZERO : d;
            } catch (RuntimeException ignored) {
                return null;
            }
        }
    }

    void close() {
        web.close();
    }
}
