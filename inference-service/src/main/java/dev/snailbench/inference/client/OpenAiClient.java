package dev.snailbench.inference.client;

import dev.snailbench.inference.config.InferenceConfig;
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
import java.util.List;
import java.util.concurrent.TimeoutException;

/** One HTTP attempt against an OpenAI-compatible API (chat or legacy completions). No retries here. */
public final class OpenAiClient {

    /** Raw answer of one successful attempt. */
    public record Answer(String text, Integer promptTokens, Integer completionTokens, String rawResponse) {
    }

    private final WebClient web;
    private final InferenceConfig.Backend config;
    private final String name;

    public OpenAiClient(Vertx vertx, String name, InferenceConfig.Backend config) {
        this.name = name;
        this.config = config;
        // The pool must not be the bottleneck: as many connections as calls may be in flight.
        this.web = WebClient.create(vertx, new WebClientOptions().setMaxPoolSize(Math.max(1, config.concurrency()))
                .setKeepAlive(true).setUserAgent("snailbench-inference"));
    }

    public Uni<Answer> send(ModelCall call) {
        boolean chat = !"completions".equals(call.api());
        String url = config.baseUrl().replaceAll("/+$", "") + (chat ? "/chat/completions" : "/completions");
        JsonObject body = new JsonObject().put("model", call.model()).put("temperature", call.temperature())
                .put("max_tokens", call.maxTokens());
        if (call.seed() != null) {
            body.put("seed", call.seed());
        }
        if (chat) {
            body.put("messages", new JsonArray().add(new JsonObject().put("role", "user").put("content", call.prompt())));
        } else {
            body.put("prompt", call.prompt());
        }
        HttpRequest<Buffer> request = web.postAbs(url).timeout(config.requestTimeout().toMillis());
        config.apiKey().ifPresent(key -> request.putHeader("Authorization", "Bearer " + key));
        config.headers().forEach(request::putHeader);
        return request.sendJsonObject(body)
                .onFailure().transform(this::transportFailure)
                .map(response -> parse(response, chat));
    }

    private BackendException transportFailure(Throwable e) {
        boolean timeout = e instanceof TimeoutException || e.getClass().getSimpleName().contains("Timeout");
        String what = timeout ? "timed out after " + config.requestTimeout().toMillis() + " ms"
                : e instanceof ConnectException ? "connection failed: " + e.getMessage()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
        return new BackendException("backend '" + name + "': " + what, true, null, e);
    }

    private Answer parse(HttpResponse<Buffer> response, boolean chat) {
        int status = response.statusCode();
        if (status != 200) {
            boolean retryable = status == 429 || status >= 500;
            String body = response.bodyAsString();
            String snippet = body == null ? "" : body.length() > 300 ? body.substring(0, 300) + "…" : body;
            throw new BackendException("backend '" + name + "': HTTP " + status + " " + snippet.strip(), retryable,
                    retryAfter(response.getHeader("Retry-After")), null);
        }
        JsonObject json;
        try {
            json = response.bodyAsJsonObject();
        } catch (DecodeException | ClassCastException e) {
            throw new BackendException("backend '" + name + "': malformed JSON in the response: " + e.getMessage(),
                    false, null, e);
        }
        JsonArray choices = json == null ? null : json.getJsonArray("choices");
        if (choices == null || choices.isEmpty()) {
            throw new BackendException("backend '" + name + "': response has no choices", false, null, null);
        }
        JsonObject first = choices.getJsonObject(0);
        String text = chat ? first.getJsonObject("message", new JsonObject()).getString("content")
                : first.getString("text");
        JsonObject usage = json.getJsonObject("usage");
        return new Answer(text == null ? "" : text, usage == null ? null : usage.getInteger("prompt_tokens"),
                usage == null ? null : usage.getInteger("completion_tokens"), response.bodyAsString());
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

    public void close() {
        web.close();
    }

    static List<String> apis() {
        return List.of("chat", "completions");
    }
}
